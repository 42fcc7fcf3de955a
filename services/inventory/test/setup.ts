import { type Role } from '@akhada/contracts';
import { BaseConfig, bootRuntime, createDirectory, createTokenVerifier, peopleOwners, type Runtime } from '@akhada/kit';
import { createTestKeys, dropSchema, startPeopleOwnerStub, testInfra, uniqueSchema } from '@akhada/kit/testing';
import { sql } from 'kysely';
import type { InventoryDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { InventoryDb } from '../src/db/schema.ts';

/**
 * One inventory service for a test file: its own schema, the app (inject), a settable clock, directory and people rows.
 * With `owner`, the members service is a contract stand-in on a real port (the kit's startPeopleOwnerStub) for the
 * read-through of a buyer the people copy lacks.
 */
export const bootInventory = async (prefix: string, o: { owner?: boolean } = {}) => {
  const infra = await testInfra();
  const schema = uniqueSchema(prefix);
  const keys = await createTestKeys();
  const config = BaseConfig.parse({
    DATABASE_URL: infra.databaseUrl,
    KAFKA_BROKERS: infra.brokers.join(','),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    INSTANCE_ID: schema,
  });
  const runtime: Runtime<InventoryDb> = await bootRuntime<InventoryDb>({
    name: 'inventory',
    config,
    schema,
    migrations,
    verifier: createTokenVerifier({ keys: keys.keys }),
  });
  const db = runtime.dbh.db;
  const time = { now: Date.parse('2026-05-10T06:30:00.000Z') };
  const deps: InventoryDeps = { db, clock: () => new Date(time.now), directory: createDirectory(db, { cacheMs: 0 }) };
  const owner = o.owner ? await startPeopleOwnerStub(keys.keys) : undefined;
  if (owner) deps.people = peopleOwners({ MEMBERS_URL: owner.url, TRAINERS_URL: owner.url });
  const app = buildApp({ logger: runtime.logger, verifier: runtime.verifier, readiness: runtime.readiness, ...deps });
  await app.ready();
  const close = async () => {
    await app.close();
    await owner?.close();
    for (const c of runtime.closers) await c().catch(() => undefined);
    await dropSchema(infra.databaseUrl, schema);
  };
  const org = async (orgId: string, locations: string[]) => {
    await sql`insert into kit_organizations (org_id, plan, trial_ends_at, updated_at) values (${orgId}, 'pro', null, now())`.execute(db);
    for (const id of locations)
      await sql`insert into kit_locations (location_id, org_id, name, city, timezone) values (${id}, ${orgId}, 'Branch', 'Pune', 'Asia/Kolkata')`.execute(db);
  };
  const person = (id: string, orgId: string, kind: 'member' | 'trainer', locationId: string, name: string) =>
    db.insertInto('people').values({ id, org_id: orgId, kind, location_id: locationId, name, archived: false }).execute();
  const sign = (orgId: string, role: Role, locationIds: string[], userId: string, name?: string) =>
    keys.sign({ orgId, role, locationIds, userId, name: name ?? `Test ${role}` });
  return { infra, schema, runtime, db, deps, app, time, close, org, person, sign, owner };
};
