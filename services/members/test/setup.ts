import { DEFAULT_TIME_ZONE } from '@akhada/kit';
import { bootServiceForTest } from '@akhada/kit/testing';
import type { MembersDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { MembersDb } from '../src/db/schema.ts';

const boot = async <K extends boolean>(prefix: string, kafka: K, clock?: () => Date) => {
  const t = await bootServiceForTest<MembersDb, Omit<MembersDeps, 'directory'>, ReturnType<typeof buildApp>, K>({
    name: 'members',
    prefix,
    migrations,
    kafka,
    now: '2025-03-11T00:30:00Z',
    deps: (ctx) => ({ db: ctx.db, clock: clock ?? ctx.clock, timeZone: DEFAULT_TIME_ZONE }),
    buildApp,
  });
  const org = (orgId: string, plan: string, trialEndsAt: string | null, locations: [string, string][]) =>
    t.seed({ orgs: [{ orgId, plan, trialEndsAt }], locations: locations.map(([locationId, timezone]) => ({ locationId, orgId, timezone })) });
  return { ...t, org };
};

/**
 * One members service for a test file (the kit's harness): the runtime (event bus, outbox relay), the app (inject), a
 * settable clock starting at 2025-03-11T00:30:00Z (or `clock`, the test's own), and the kit's directory tables
 * (kit_organizations, kit_locations), filled by `org()`.
 */
export const bootMembers = (prefix: string, o: { clock?: () => Date } = {}) => boot(prefix, true, o.clock);

/** The same without Kafka: only the database, for a file that publishes and consumes nothing. */
export const bootMembersOffline = (prefix: string) => boot(prefix, false);
