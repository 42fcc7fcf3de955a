import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import { RevocationList } from './auth/revocations.ts';
import { apiKeyIntrospectUrl, createApiKeyChecker } from './auth/api-keys.ts';
import { createTokenVerifier, type TokenVerifier } from './auth/verifier.ts';
import { kafkaIdleWaitMs, type BaseConfig } from './config.ts';
import { createDb, migrate, type DbHandle } from './db/database.ts';
import type { KitTables } from './db/kit-migrations.ts';
import { createDirectory, type Directory } from './directory/directory.ts';
import { startDirectoryConsumer } from './directory/directory-consumer.ts';
import { stopAll, type RunningConsumer } from './events/consumer.ts';
import { serve } from './http/create-service.ts';
import { createEventBus, type EventBus } from './events/kafka.ts';
import { OutboxRelay } from './events/outbox.ts';
import { createLogger, type Logger } from './logger.ts';
import { setMetricsService, trackServiceTables, useOffsetsAdmin } from './metrics/metrics.ts';

export interface Runtime<DB> {
  logger: Logger;
  dbh: DbHandle<DB>;
  bus: EventBus;
  revocations: RevocationList;
  verifier: TokenVerifier;
  relay: OutboxRelay;
  /** Organizations (plan, trial end) and locations, projected from auth's events into this service's kit tables. */
  directory: Directory;
  readiness: Record<string, () => Promise<unknown>>;
  /** Stops the runtime's own consumers (the directory's, the revocation follower); give it to serve's stopFirst. */
  stopConsumers: () => Promise<void>;
  /** Close in this order on shutdown. */
  closers: (() => Promise<unknown>)[];
}

/**
 * The composition every service shares: logger, its own schema migrated, the event bus, revocations followed from the
 * auth topic, a JWKS token verifier, the outbox relay and the organization directory (its consumer follows the auth
 * topic under `<schema>.directory`, i.e. `<service>.directory`). Services add their routes and consumers on top.
 */
export const bootRuntime = async <DB extends KitTables>({
  name,
  config,
  schema = name,
  migrations,
  verifier: givenVerifier,
}: {
  name: string;
  config: BaseConfig;
  schema?: string;
  migrations: Record<string, Migration>;
  /** A verifier, or a factory given the runtime's revocation list (tests pass local keys this way). */
  verifier?: TokenVerifier | ((revocations: RevocationList) => TokenVerifier);
}): Promise<Runtime<DB>> => {
  const logger = createLogger(name, config.LOG_LEVEL);
  const dbh = createDb<DB>({ url: config.DATABASE_URL, schema, max: config.DB_POOL_MAX });
  await migrate(dbh, migrations);
  const bus = createEventBus({ clientId: `${name}-${config.INSTANCE_ID}`, brokers: config.KAFKA_BROKERS, logger, idleWaitMs: kafkaIdleWaitMs(config) });
  const revocations = new RevocationList();
  const follower = await revocations.follow({ bus, service: name, instanceId: config.INSTANCE_ID, logger });
  const verifier =
    typeof givenVerifier === 'function'
      ? givenVerifier(revocations)
      : (givenVerifier ??
        createTokenVerifier({
          jwksUrl: config.AUTH_JWKS_URL,
          revocations,
          apiKeys: createApiKeyChecker({ url: apiKeyIntrospectUrl(config.AUTH_JWKS_URL), revocations }),
        }));
  const relay = new OutboxRelay({ pool: dbh.pool, schema, bus, logger });
  await relay.start();
  const directory = createDirectory(dbh.db);
  // Every service, auth too: auth's guard reads the same projection of its own events as everyone (one code path).
  const directoryConsumer = await startDirectoryConsumer({ bus, db: dbh.db, schema, logger, directory });
  // Metrics read at scrape time: outbox backlog and dead letters of this schema, consumer lag through the bus's admin.
  setMetricsService(name);
  const untrackTables = trackServiceTables(schema, dbh.pool);
  const releaseAdmin = useOffsetsAdmin(() => bus.offsetsAdmin());
  const stopConsumers = stopAll([directoryConsumer, follower]);
  return {
    logger,
    dbh,
    stopConsumers,
    bus,
    revocations,
    verifier,
    relay,
    directory,
    readiness: { database: () => sql`select 1`.execute(dbh.db) },
    closers: [
      // Side by side: each waits for its fetch in flight (see stopAll).
      () => Promise.all([relay.stop(), stopConsumers()]),
      async () => untrackTables(),
      releaseAdmin,
      () => bus.disconnect(),
      () => dbh.close(),
    ],
  };
};

/**
 * `serve` for a service of the standard shape: on SIGTERM/SIGINT its consumers and the runtime's stop while the app
 * closes (side by side: each waits for its fetch in flight), then `onClose` (its own jobs, in order), then the runtime
 * (outbox relay, bus, database).
 */
export const serveService = <DB>({
  app,
  config,
  runtime,
  consumers,
  onClose = [],
}: {
  app: Parameters<typeof serve>[0]['app'];
  config: { PORT: number; HOST: string };
  runtime: Runtime<DB>;
  consumers: readonly RunningConsumer[];
  onClose?: (() => Promise<unknown>)[];
}) => {
  const stopConsumers = stopAll(consumers);
  return serve({
    app,
    port: config.PORT,
    host: config.HOST,
    logger: runtime.logger,
    stopFirst: [stopConsumers, runtime.stopConsumers],
    onClose: [...onClose, stopConsumers, ...runtime.closers],
  });
};
