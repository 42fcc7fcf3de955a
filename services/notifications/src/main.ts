import { bootRuntime, loadConfig, serve } from '@akhada/kit';
import { createEmailAdapter } from './adapters/email.ts';
import { createWhatsAppAdapter } from './adapters/whatsapp.ts';
import { buildApp } from './build-app.ts';
import { NotificationsConfig } from './config.ts';
import { startReminders } from './consumers/reminders.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { NotificationsDb } from './db/schema.ts';
import { startDeliverer } from './delivery/deliverer.ts';
import { attachHub } from './hub/attach-hub.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime, consumers of other services' events, the deliverer and the reminders, the app and its real-time hub, serve, close.
const config = loadConfig(NotificationsConfig);
const runtime = await bootRuntime<NotificationsDb>({ name: 'notifications', config, migrations });
const { logger, dbh, bus, verifier, revocations, readiness, directory } = runtime;

const consumers = await startConsumers({ bus, db: dbh.db, logger });
const email = createEmailAdapter({ host: config.SMTP_HOST, port: config.SMTP_PORT, from: config.MAIL_FROM });
const whatsapp = createWhatsAppAdapter({
  baseUrl: config.WHATSAPP_API_URL,
  version: config.WHATSAPP_API_VERSION,
  phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
  token: config.WHATSAPP_TOKEN,
});
const deliverer = startDeliverer({ db: dbh.db, adapters: [email, whatsapp], logger, appUrl: config.APP_URL });
const reminders = startReminders({ db: dbh.db, logger, everyMs: config.REMINDER_SWEEP_MS });
const app = buildApp({ logger, verifier, readiness, directory, db: dbh.db, clock: () => new Date() });
const hub = await attachHub({ app, bus, verifier, revocations, logger, instanceId: config.INSTANCE_ID, db: dbh.db });

await serve({
  app,
  port: config.PORT,
  host: config.HOST,
  logger,
  // app.close() runs first (its preClose closes the sockets); then the hub's consumer, ours, the deliverer, and the runtime's.
  onClose: [hub.close, ...consumers.map((c) => () => c.stop()), deliverer.stop, reminders.stop, async () => email.close(), ...runtime.closers],
});
logger.info({ port: config.PORT }, 'notifications service listening');
