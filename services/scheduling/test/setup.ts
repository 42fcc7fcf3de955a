import { bootServiceForTest } from '@akhada/kit/testing';
import type { SchedulingDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { SchedulingDb } from '../src/db/schema.ts';

/** One scheduling service for a test file (the kit's harness): the app (inject), a settable clock, directory rows, members. */
export const bootScheduling = async (prefix: string) => {
  const t = await bootServiceForTest<SchedulingDb, Pick<SchedulingDeps, 'db' | 'clock'>, ReturnType<typeof buildApp>>({
    name: 'scheduling',
    prefix,
    migrations,
    now: '2030-03-11T00:00:00.000Z', // Monday 05:30 in Kolkata
    deps: ({ db, clock }) => ({ db, clock }),
    buildApp,
  });
  const org = (orgId: string, locations: string[], plan: { plan: string; trialEndsAt: Date | null } = { plan: 'pro', trialEndsAt: null }) =>
    t.seed({ orgs: [{ orgId, ...plan }], locations: locations.map((locationId) => ({ locationId, orgId })) });
  const member = (id: string, orgId: string, locationId: string, o: { status?: string; endDate?: string; plan?: string } = {}) =>
    t.db
      .insertInto('members')
      .values({
        id,
        org_id: orgId,
        location_id: locationId,
        first_name: 'Asha',
        last_name: `Rao ${id.slice(0, 4)}`,
        status: o.status ?? 'active',
        membership_type: o.plan ?? 'basic',
        end_date: o.endDate ?? '2099-12-31',
        updated_at: new Date(),
      })
      .execute();
  const trainer = (id: string, orgId: string, locationId: string, status = 'active') =>
    t.db
      .insertInto('trainers')
      .values({ id, org_id: orgId, location_id: locationId, first_name: 'Ravi', last_name: 'Kumar', status, updated_at: new Date() })
      .execute();
  const call = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: res.json() as { data?: unknown; code?: string; message?: string } & Record<string, unknown> };
  };
  return { ...t, org, member, trainer, call };
};
