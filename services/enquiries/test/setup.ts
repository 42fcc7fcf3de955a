import { bootServiceForTest } from '@akhada/kit/testing';
import type { StaffDirectory } from '../src/adapters/staff-directory.ts';
import type { EnquiriesDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { EnquiriesDb } from '../src/db/schema.ts';

/**
 * One enquiries service for a test file (the kit's harness): the app (inject), a settable clock, directory rows; with
 * `kafka: true` the runtime too (its event bus, for a test of the consumers).
 */
export const bootEnquiries = async <K extends boolean = false>(prefix: string, o: { kafka?: K; staffDirectory?: StaffDirectory } = {}) => {
  const t = await bootServiceForTest<EnquiriesDb, Pick<EnquiriesDeps, 'db' | 'clock' | 'staffDirectory'>, ReturnType<typeof buildApp>, K>({
    name: 'enquiries',
    prefix,
    migrations,
    kafka: (o.kafka ?? false) as K,
    now: '2030-03-11T04:30:00.000Z', // Monday 10:00 in Kolkata
    deps: ({ db, clock }) => ({ db, clock, ...(o.staffDirectory ? { staffDirectory: o.staffDirectory } : {}) }),
    buildApp,
  });
  const org = (orgId: string, locations: string[]) =>
    t.seed({ orgs: [{ orgId, plan: 'basic', trialEndsAt: null }], locations: locations.map((locationId) => ({ locationId, orgId })) });
  const call = async (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, remoteAddress?: string) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    return {
      status: res.statusCode,
      body: res.json() as { data?: unknown; code?: string; message?: string; details?: { path: string; message: string }[] } & Record<string, unknown>,
    };
  };
  return { ...t, org, call };
};
