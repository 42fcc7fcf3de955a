import { topicOf, topicSpecs, type EventEnvelope, type Role } from '@akhada/contracts';
import {
  createDb,
  createDirectory,
  createEventBus,
  createLogger,
  createTokenVerifier,
  type DbHandle,
  DEFAULT_TIME_ZONE,
  migrate,
  RevocationList,
} from '@akhada/kit';
import { createTestKeys, dropSchema, testInfra, uniqueSchema } from '@akhada/kit/testing';
import { sql } from 'kysely';
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

/** One dashboard read model in a schema of its own, with its app (inject) at a fixed clock. */
export const bootDashboard = async (prefix: string, now: Date, keys: Awaited<ReturnType<typeof createTestKeys>>, o: { paymentsLive?: boolean } = {}) => {
  const { databaseUrl } = await testInfra();
  const schema = uniqueSchema(prefix);
  const dbh: DbHandle<DashboardDb> = createDb<DashboardDb>({ url: databaseUrl, schema });
  await migrate(dbh, migrations);
  const logger = createLogger('dashboard-test', 'warn');
  const app = buildApp({
    logger,
    verifier: createTokenVerifier({ keys: keys.keys, revocations: new RevocationList() }),
    readiness: { database: () => sql`select 1`.execute(dbh.db) },
    directory: createDirectory(dbh.db, { cacheMs: 0 }),
    db: dbh.db,
    clock: () => now,
    timeZone: DEFAULT_TIME_ZONE,
    paymentsLive: o.paymentsLive ?? false,
  });
  await app.ready();
  const locations = async (orgId: string, ids: string[]) => {
    for (const [i, id] of ids.entries())
      await sql`insert into kit_locations (location_id, org_id, name, city, timezone) values (${id}, ${orgId}, ${`Branch ${i + 1}`}, 'Pune', 'Asia/Kolkata')`.execute(
        dbh.db,
      );
  };
  const close = async () => {
    await app.close();
    await dbh.close();
    await dropSchema(databaseUrl, schema);
  };
  return { schema, db: dbh.db, app, logger, locations, close };
};

export const bootBus = async () => {
  const { brokers } = await testInfra();
  const bus = createEventBus({ clientId: `dashboard-test-${process.pid}`, brokers, logger: createLogger('dashboard-test', 'warn') });
  await bus.ensureTopics(topicSpecs());
  return bus;
};

export const publishTo = (
  bus: Awaited<ReturnType<typeof bootBus>>,
  topic: 'members' | 'trainers' | 'attendance' | 'auth' | 'payments' | 'inventory',
  envs: EventEnvelope[],
) =>
  bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );

export const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

export const signer = (keys: Awaited<ReturnType<typeof createTestKeys>>) => (orgId: string, role: Role, locationIds: string[], userId?: string) =>
  keys.sign({ orgId, role, locationIds, ...(userId ? { userId } : {}), name: `Test ${role}` });
