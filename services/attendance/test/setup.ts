import { createGroupCommit, peopleOwners } from '@akhada/kit';
import { bootServiceForTest, startPeopleOwnerStub } from '@akhada/kit/testing';
import { sessionAggregate } from '../src/aggregates/session.ts';
import { DEFAULT_TIME_ZONE, type AttendanceDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { AttendanceDb } from '../src/db/schema.ts';

type Owner = Awaited<ReturnType<typeof startPeopleOwnerStub>>;

/**
 * One attendance service for a test file (the kit's harness): the app (inject), a settable clock, directory rows. With
 * `owner`, the members service is a contract stand-in on a real port (kit's startPeopleOwnerStub) for the read-through.
 */
export const bootAttendance = async (prefix: string, o: { owner?: { timeoutMs?: number } } = {}) => {
  let owner: Owner | undefined;
  const t = await bootServiceForTest<AttendanceDb, Omit<AttendanceDeps, 'directory'>, ReturnType<typeof buildApp>>({
    name: 'attendance',
    prefix,
    migrations,
    deps: async ({ db, clock, keys, onClose }) => {
      const base = { db, clock, timeZone: DEFAULT_TIME_ZONE, sessions: createGroupCommit(db, sessionAggregate) };
      if (!o.owner) return base;
      const stub = await startPeopleOwnerStub(keys.keys);
      owner = stub;
      onClose(() => stub.close());
      const timeout = o.owner.timeoutMs ? { timeoutMs: o.owner.timeoutMs } : {};
      return { ...base, people: peopleOwners({ MEMBERS_URL: stub.url, TRAINERS_URL: stub.url }, timeout) };
    },
    buildApp,
  });
  const org = (orgId: string, locations: string[]) => t.seed({ orgs: [{ orgId }], locations: locations.map((locationId) => ({ locationId, orgId })) });
  const member = (id: string, orgId: string, locationId: string, o: { status?: string; endDate?: string; firstName?: string } = {}) =>
    t.db
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
    t.db
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
  return { ...t, org, member, trainer, owner };
};
