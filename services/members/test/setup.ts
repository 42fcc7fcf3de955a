import { type Role } from '@akhada/contracts';
import { BaseConfig, bootRuntime, createDirectory, createTokenVerifier, DEFAULT_TIME_ZONE, type Runtime } from '@akhada/kit';
import { createTestKeys, dropSchema, testInfra, uniqueSchema } from '@akhada/kit/testing';
import { sql } from 'kysely';
import type { MembersDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { MembersDb } from '../src/db/schema.ts';

/**
 * One members service for a test file: its own schema, the app (inject), a settable clock, and the kit's directory
 * tables (kit_organizations, kit_locations) the kit's directory keeps, filled directly by `org()`.
 */
export const bootMembers = async (prefix: string) => {
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
  const runtime: Runtime<MembersDb> = await bootRuntime<MembersDb>({
    name: 'members',
    config,
    schema,
    migrations,
    verifier: createTokenVerifier({ keys: keys.keys }),
  });
  const db = runtime.dbh.db;
  const time = { now: Date.parse('2025-03-11T00:30:00Z') };
  const deps: MembersDeps = { db, clock: () => new Date(time.now), timeZone: DEFAULT_TIME_ZONE, directory: createDirectory(db, { cacheMs: 0 }) };
  const app = buildApp({ logger: runtime.logger, verifier: runtime.verifier, readiness: runtime.readiness, ...deps });
  await app.ready();
  const close = async () => {
    await app.close();
    for (const c of runtime.closers) await c().catch(() => undefined);
    await dropSchema(infra.databaseUrl, schema);
  };
  const org = async (orgId: string, plan: string, trialEndsAt: string | null, locations: [string, string][]) => {
    await sql`insert into kit_organizations (org_id, plan, trial_ends_at, updated_at) values (${orgId}, ${plan}, ${trialEndsAt}, now())`.execute(db);
    for (const [id, tz] of locations) {
      await sql`insert into kit_locations (location_id, org_id, name, city, timezone) values (${id}, ${orgId}, 'Branch', 'Pune', ${tz})`.execute(db);
    }
  };
  const sign = (orgId: string, role: Role, locationIds: string[], userId?: string) =>
    keys.sign({ orgId, role, locationIds, ...(userId ? { userId } : {}), name: `Test ${role}` });
  return { infra, schema, runtime, db, deps, app, time, close, org, sign };
};
