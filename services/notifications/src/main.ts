import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serve } from '@akhada/kit';
import { z } from 'zod';
import { buildApp } from './build-app.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { NotificationsDb } from './db/schema.ts';
import { attachHub } from './hub/attach-hub.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime, consumers of other services' events, the app and its real-time hub, serve, close.
const config = loadConfig(BaseConfig.extend({ PORT: z.coerce.number().int().min(1).max(65535).default(SERVICES.notifications.port) }));
const runtime = await bootRuntime<NotificationsDb>({ name: 'notifications', config, migrations });
const { logger, dbh, bus, verifier, revocations, readiness, directory } = runtime;

const consumers = await startConsumers({ bus, db: dbh.db, logger });
const app = buildApp({ logger, verifier, readiness, directory, db: dbh.db, clock: () => new Date() });
const hub = await attachHub({ app, bus, verifier, revocations, logger, instanceId: config.INSTANCE_ID });

await serve({
  app,
  port: config.PORT,
  host: config.HOST,
  logger,
  // app.close() runs first (its preClose closes the sockets); then the hub's consumer, ours, and the runtime's.
  onClose: [hub.close, ...consumers.map((c) => () => c.stop()), ...runtime.closers],
});
logger.info({ port: config.PORT }, 'notifications service listening');
