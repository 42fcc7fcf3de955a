import { type Role } from '@akhada/contracts';
import { BaseConfig, bootRuntime, createDirectory, createGroupCommit, createTokenVerifier, peopleOwners, type Runtime } from '@akhada/kit';
import { createTestKeys, dropSchema, startPeopleOwnerStub, testInfra, uniqueSchema } from '@akhada/kit/testing';
import { sql } from 'kysely';
import { sessionAggregate } from '../src/aggregates/session.ts';
import { DEFAULT_TIME_ZONE, type AttendanceDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { AttendanceDb } from '../src/db/schema.ts';

/**
 * One attendance service for a test file: its own schema, the app (inject), a settable clock, directory rows. With
 * `owner`, the members service is a contract stand-in on a real port (kit's startPeopleOwnerStub) for the read-through.
 */
export const bootAttendance = async (prefix: string, o: { owner?: { timeoutMs?: number } } = {}) => {
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
  const runtime: Runtime<AttendanceDb> = await bootRuntime<AttendanceDb>({
    name: 'attendance',
    config,
    schema,
    migrations,
    verifier: createTokenVerifier({ keys: keys.keys }),
  });
  const db = runtime.dbh.db;
  const time = { now: Date.now() };
  const deps: AttendanceDeps = {
    db,
    clock: () => new Date(time.now),
    timeZone: DEFAULT_TIME_ZONE,
    directory: createDirectory(db, { cacheMs: 0 }),
    sessions: createGroupCommit(db, sessionAggregate),
  };
  const owner = o.owner ? await startPeopleOwnerStub(keys.keys) : undefined;
  if (owner)
    deps.people = peopleOwners({ MEMBERS_URL: owner.url, TRAINERS_URL: owner.url }, { ...(o.owner?.timeoutMs ? { timeoutMs: o.owner.timeoutMs } : {}) });
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
    for (const id of locations) {
      await sql`insert into kit_locations (location_id, org_id, name, city, timezone) values (${id}, ${orgId}, 'Branch', 'Pune', 'Asia/Kolkata')`.execute(db);
    }
  };
  const member = (id: string, orgId: string, locationId: string, o: { status?: string; endDate?: string; firstName?: string } = {}) =>
    db
      .insertInto('members')
      .values({
        id,
        org_id: orgId,
        location_id: locationId,
        first_name: o.firstName ?? 'Asha',
        last_name: 'Rao',
        email: `${id.slice(0, 8)}@example.in`,
        phone: '9876543210',
        status: o.status ?? 'active',
        start_date: '2020-01-01',
        end_date: o.endDate ?? '2099-12-31',
        terms: JSON.stringify([]) as never,
        frozen_from: null,
        updated_at: new Date(),
      })
      .execute();
  const trainer = (id: string, orgId: string, locationId: string) =>
    db
      .insertInto('trainers')
      .values({
        id,
        org_id: orgId,
        location_id: locationId,
        first_name: 'Ravi',
        last_name: 'Kumar',
        email: 'ravi@example.in',
        status: 'active',
        updated_at: new Date(),
      })
      .execute();
  const sign = (orgId: string, role: Role, locationIds: string[], userId?: string) =>
    keys.sign({ orgId, role, locationIds, ...(userId ? { userId } : {}), name: `Test ${role}` });
  return { infra, schema, runtime, db, deps, app, time, close, org, member, trainer, sign, owner };
};
