import { DEFAULT_TIME_ZONE } from '@akhada/kit';
import { bootServiceForTest } from '@akhada/kit/testing';
import type { MembersDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { MembersDb } from '../src/db/schema.ts';

/**
 * One members service for a test file (the kit's harness): the app (inject), a settable clock, and the kit's directory
 * tables (kit_organizations, kit_locations), filled by `org()`.
 */
export const bootMembers = async (prefix: string) => {
  const t = await bootServiceForTest<MembersDb, Omit<MembersDeps, 'directory'>, ReturnType<typeof buildApp>>({
    name: 'members',
    prefix,
    migrations,
    now: '2025-03-11T00:30:00Z',
    deps: ({ db, clock }) => ({ db, clock, timeZone: DEFAULT_TIME_ZONE }),
    buildApp,
  });
  const org = (orgId: string, plan: string, trialEndsAt: string | null, locations: [string, string][]) =>
    t.seed({ orgs: [{ orgId, plan, trialEndsAt }], locations: locations.map(([locationId, timezone]) => ({ locationId, orgId, timezone })) });
  return { ...t, org };
};
