import { type Role } from '@akhada/contracts';
import { BaseConfig, bootRuntime, createDirectory, createTokenVerifier, type Runtime } from '@akhada/kit';
import { createTestKeys, dropSchema, testInfra, uniqueSchema } from '@akhada/kit/testing';
import { sql } from 'kysely';
import type { FeedbackDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { FeedbackDb } from '../src/db/schema.ts';

/** One feedback service for a test file: its own schema, the app (inject), a settable clock, directory and people rows. */
export const bootFeedback = async (prefix: string) => {
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
  const runtime: Runtime<FeedbackDb> = await bootRuntime<FeedbackDb>({
    name: 'feedback',
    config,
    schema,
    migrations,
    verifier: createTokenVerifier({ keys: keys.keys }),
  });
  const db = runtime.dbh.db;
  const time = { now: Date.now() };
  const deps: FeedbackDeps = { db, clock: () => new Date(time.now), directory: createDirectory(db, { cacheMs: 0 }) };
  const app = buildApp({ logger: runtime.logger, verifier: runtime.verifier, readiness: runtime.readiness, ...deps });
  await app.ready();
  const close = async () => {
    await app.close();
    for (const c of runtime.closers) await c().catch(() => undefined);
    await dropSchema(infra.databaseUrl, schema);
  };
  const org = async (orgId: string, locations: string[]) => {
    await sql`insert into kit_organizations (org_id, plan, trial_ends_at, updated_at) values (${orgId}, 'pro', null, now())`.execute(db);
    for (const id of locations)
      await sql`insert into kit_locations (location_id, org_id, name, city, timezone) values (${id}, ${orgId}, 'Branch', 'Pune', 'Asia/Kolkata')`.execute(db);
  };
  const member = (id: string, orgId: string, locationId: string, o: { firstName?: string; membershipType?: string; trainerId?: string } = {}) =>
    db
      .insertInto('members')
      .values({
        id,
        org_id: orgId,
        location_id: locationId,
        first_name: o.firstName ?? 'Asha',
        last_name: 'Rao',
        membership_type: o.membershipType ?? 'basic',
        trainer_id: o.trainerId ?? null,
        status: 'active',
        updated_at: new Date(),
      })
      .execute();
  const trainer = (id: string, orgId: string, locationId: string, firstName = 'Ravi') =>
    db
      .insertInto('trainers')
      .values({ id, org_id: orgId, location_id: locationId, first_name: firstName, last_name: 'Kumar', status: 'active', updated_at: new Date() })
      .execute();
  const staff = (id: string, orgId: string, firstName = 'Priya') =>
    db.insertInto('staff').values({ id, org_id: orgId, role: 'admin', first_name: firstName, last_name: 'Shah' }).execute();
  const sign = (orgId: string, role: Role, locationIds: string[], userId?: string, name?: string) =>
    keys.sign({ orgId, role, locationIds, ...(userId ? { userId } : {}), name: name ?? `Test ${role}` });
  return { infra, schema, runtime, db, deps, app, time, close, org, member, trainer, staff, sign };
};
