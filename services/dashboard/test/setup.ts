import { topicOf, topicSpecs, type EventEnvelope, type Role } from '@akhada/contracts';
import { createEventBus, createLogger, DEFAULT_TIME_ZONE } from '@akhada/kit';
import { bootServiceForTest, createTestKeys, testInfra, type TestServiceContext } from '@akhada/kit/testing';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { DashboardDb } from '../src/db/schema.ts';

/**
 * Topics of this test file's own namespace (set before anything reads it), so the source topics hold only what the
 * file produces and a rebuild from their beginning replays exactly that.
 */
export const useOwnTopics = () => {
  process.env.AKHADA_TOPIC_NAMESPACE = `dashtest${randomBytes(4).toString('hex')}`;
};

/** One dashboard read model in a schema of its own (the kit's bootServiceForTest, no Kafka), with its app (inject) at a fixed clock. */
export const bootDashboard = async (prefix: string, now: Date, keys: Awaited<ReturnType<typeof createTestKeys>>, o: { paymentsLive?: boolean } = {}) => {
  const svc = await bootServiceForTest({
    name: 'dashboard',
    prefix,
    migrations,
    kafka: false,
    keys,
    deps: ({ db }: TestServiceContext<DashboardDb>) => ({ db, clock: () => now, timeZone: DEFAULT_TIME_ZONE, paymentsLive: o.paymentsLive ?? false }),
    buildApp,
  });
  /** Locations 'Branch 1', 'Branch 2', … of an organization, on the default zone unless `timezone` says. */
  const locations = (orgId: string, ids: string[], timezone?: string) =>
    svc.seed({ locations: ids.map((locationId, i) => ({ locationId, orgId, name: `Branch ${i + 1}`, ...(timezone ? { timezone } : {}) })) });
  return { schema: svc.schema, db: svc.db, app: svc.app, logger: svc.logger, locations, seed: svc.seed, close: svc.close };
};

export const bootBus = async () => {
  const { brokers } = await testInfra();
  const bus = createEventBus({ clientId: `dashboard-test-${process.pid}`, brokers, logger: createLogger('dashboard-test', 'warn') });
  await bus.ensureTopics(topicSpecs());
  return bus;
};

export const publishTo = (
  bus: Awaited<ReturnType<typeof bootBus>>,
  topic: 'members' | 'trainers' | 'attendance' | 'auth' | 'payments' | 'inventory' | 'scheduling',
  envs: EventEnvelope[],
) =>
  bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );

export const signer = (keys: Awaited<ReturnType<typeof createTestKeys>>) => (orgId: string, role: Role, locationIds: string[], userId?: string) =>
  keys.sign({ orgId, role, locationIds, ...(userId ? { userId } : {}), name: `Test ${role}` });
