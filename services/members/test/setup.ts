import { topicOf, topicSpecs } from '@akhada/contracts';
import { DEFAULT_TIME_ZONE } from '@akhada/kit';
import { bootServiceForTest } from '@akhada/kit/testing';
import type { MembersDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { migrations } from '../src/db/migrations.ts';
import type { MembersDb } from '../src/db/schema.ts';

export interface MembersTestOptions {
  /** The service's clock instead of the harness's settable one. */
  clock?: () => Date;
  /** Start the service's consumers of other services' events. */
  consumers?: boolean;
}

const boot = async <K extends boolean>(prefix: string, kafka: K, o: MembersTestOptions = {}) => {
  const t = await bootServiceForTest<MembersDb, Omit<MembersDeps, 'directory'>, ReturnType<typeof buildApp>, K>({
    name: 'members',
    prefix,
    migrations,
    kafka,
    deleteGroups: Boolean(o.consumers),
    now: '2025-03-11T00:30:00Z',
    deps: async (ctx) => {
      if (o.consumers && ctx.runtime) {
        const { bus } = ctx.runtime;
        const read = (['auth', 'trainers', 'members', 'payments', 'attendance', 'enquiries'] as const).map((name) => topicOf(name));
        await bus.ensureTopics(topicSpecs().filter((spec) => read.includes(spec.topic)));
        const groups = Object.fromEntries((['auth', 'trainers', 'payments', 'attendance', 'enquiries'] as const).map((g) => [g, `${ctx.schema}.${g}`]));
        const running = await startConsumers({ bus, db: ctx.db, logger: ctx.logger, groups, startAt: 'now' });
        ctx.onClose(async () => {
          for (const c of running) await c.stop();
        });
      }
      return { db: ctx.db, clock: o.clock ?? ctx.clock, timeZone: DEFAULT_TIME_ZONE };
    },
    buildApp,
  });
  const org = (orgId: string, plan: string, trialEndsAt: string | null, locations: [string, string][]) =>
    t.seed({ orgs: [{ orgId, plan, trialEndsAt }], locations: locations.map(([locationId, timezone]) => ({ locationId, orgId, timezone })) });
  return { ...t, org };
};

/**
 * One members service for a test file (the kit's harness): the runtime (event bus, outbox relay), the app (inject), a
 * settable clock starting at 2025-03-11T00:30:00Z (or `clock`, the test's own), the kit's directory tables
 * (kit_organizations, kit_locations), filled by `org()`, and with `consumers` the service's consumer groups (auth,
 * trainers, payments, attendance, enquiries) in groups of the schema from now, stopped and deleted on close.
 */
export const bootMembers = (prefix: string, o: MembersTestOptions = {}) => boot(prefix, true, o);

/** The same without Kafka: only the database, for a file that publishes and consumes nothing. */
export const bootMembersOffline = (prefix: string) => boot(prefix, false);
