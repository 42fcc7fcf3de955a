import { type Role } from '@akhada/contracts';
import { BaseConfig, bootRuntime, createDirectory, createTokenVerifier, type Runtime } from '@akhada/kit';
import { createTestKeys, dropSchema, testInfra, uniqueSchema } from '@akhada/kit/testing';
import { sql } from 'kysely';
import type { SchedulingDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { upsertMember } from '../src/db/members-repo.ts';
import { migrations } from '../src/db/migrations.ts';
import type { SchedulingDb } from '../src/db/schema.ts';

/** One scheduling service for a test file: its own schema, the app (inject), a settable clock, directory rows, members. */
export const bootScheduling = async (prefix: string) => {
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
  const runtime: Runtime<SchedulingDb> = await bootRuntime<SchedulingDb>({
    name: 'scheduling',
    config,
    schema,
    migrations,
    verifier: createTokenVerifier({ keys: keys.keys }),
  });
  const db = runtime.dbh.db;
  const time = { now: Date.parse('2030-03-11T00:00:00.000Z') }; // Monday 05:30 in Kolkata
  const deps: SchedulingDeps = { db, clock: () => new Date(time.now), directory: createDirectory(db, { cacheMs: 0 }) };
  const app = buildApp({ logger: runtime.logger, verifier: runtime.verifier, readiness: runtime.readiness, ...deps });
  await app.ready();
  const close = async () => {
    await app.close();
    for (const c of runtime.closers) await c().catch(() => undefined);
    await dropSchema(infra.databaseUrl, schema);
  };
  const org = async (orgId: string, locations: string[], plan: { plan: string; trialEndsAt: Date | null } = { plan: 'pro', trialEndsAt: null }) => {
    await sql`insert into kit_organizations (org_id, plan, trial_ends_at, updated_at) values (${orgId}, ${plan.plan}, ${plan.trialEndsAt}, now())`.execute(db);
    for (const id of locations)
      await sql`insert into kit_locations (location_id, org_id, name, city, timezone) values (${id}, ${orgId}, 'Branch', 'Pune', 'Asia/Kolkata')`.execute(db);
  };
  const member = (id: string, orgId: string, locationId: string, o: { status?: string; endDate?: string; plan?: string } = {}) =>
    upsertMember(db, {
      id,
      org_id: orgId,
      location_id: locationId,
      first_name: 'Asha',
      last_name: `Rao ${id.slice(0, 4)}`,
      status: o.status ?? 'active',
      membership_type: o.plan ?? 'basic',
      end_date: o.endDate ?? '2099-12-31',
      updated_at: new Date(),
    });
  const sign = (orgId: string, role: Role, locationIds: string[], userId?: string) =>
    keys.sign({ orgId, role, locationIds, ...(userId ? { userId } : {}), name: `Test ${role}` });
  const call = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: res.json() as { data?: unknown; code?: string; message?: string } & Record<string, unknown> };
  };
  return { infra, schema, runtime, db, deps, app, time, close, org, member, sign, call };
};
