import { bootRuntime, createSecretBox, loadConfig, serveService } from '@akhada/kit';
import { createOrgChannels } from './adapters/org-channels.ts';
import { createEmailAdapter } from './adapters/email.ts';
import { createSmsAdapter } from './adapters/sms.ts';
import { createUnsubscribeLinks } from './adapters/unsubscribe-links.ts';
import { createWhatsAppAdapter } from './adapters/whatsapp.ts';
import { createWhatsAppTemplatePlatform } from './adapters/whatsapp-template-platform.ts';
import { buildApp } from './build-app.ts';
import { allowPrivateWebhooks, NotificationsConfig, smsInboundSecret, whatsAppAppSecret } from './config.ts';
import { startAutomations } from './consumers/automations.ts';
import { startReminders } from './consumers/reminders.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import { saveAppUrl } from './db/referral-links-repo.ts';
import { lastInbound } from './db/whatsapp-repo.ts';
import type { NotificationsDb } from './db/schema.ts';
import { startCampaignStarter } from './delivery/campaign-starter.ts';
import { startDeliverer } from './delivery/deliverer.ts';
import { startOutboundSender } from './delivery/outbound-sender.ts';
import { startWebhookDeliverer } from './delivery/webhook-deliverer.ts';
import { attachHub } from './hub/attach-hub.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime, consumers of other services' events, the deliverer and the reminders, the app and its real-time hub, serve, close.
const config = loadConfig(NotificationsConfig);
const runtime = await bootRuntime<NotificationsDb>({ name: 'notifications', config, migrations });
const { logger, dbh, bus, verifier, revocations, readiness, directory } = runtime;

// The app's public address, for links filled into templates (members' referral links) wherever they are rendered.
await saveAppUrl(dbh.db, config.APP_URL);
const consumers = await startConsumers({ bus, db: dbh.db, logger });
const email = createEmailAdapter({ host: config.SMTP_HOST, port: config.SMTP_PORT, from: config.MAIL_FROM });
const whatsapp = createWhatsAppAdapter({
  baseUrl: config.WHATSAPP_API_URL,
  version: config.WHATSAPP_API_VERSION,
  phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
  token: config.WHATSAPP_TOKEN,
  lastInbound: (phoneNumberId, waId) => lastInbound(dbh.db, phoneNumberId, waId),
});
// An organization's own mail server and WhatsApp provider (Settings → Integrations) when set, else the platform's.
const box = createSecretBox(config.SECRETS_KEY);
// The outbound target rule (webhooks and the organizations' mail servers): private targets only outside production.
const allowPrivate = allowPrivateWebhooks(config);
const channels = createOrgChannels({
  db: dbh.db,
  box,
  platform: { email, sms: whatsapp },
  whatsapp: {
    baseUrl: config.WHATSAPP_API_URL,
    version: config.WHATSAPP_API_VERSION,
    lastInbound: (phoneNumberId, waId) => lastInbound(dbh.db, phoneNumberId, waId),
  },
  allowPrivate,
});
// Marketing emails' unsubscribe links (signed with the secrets key) and the gyms' WhatsApp templates' review.
const unsubscribe = createUnsubscribeLinks({ secret: config.SECRETS_KEY, appUrl: config.APP_URL });
const templatePlatform = createWhatsAppTemplatePlatform({
  baseUrl: config.WHATSAPP_API_URL,
  version: config.WHATSAPP_API_VERSION,
  wabaId: config.WHATSAPP_WABA_ID,
  token: config.WHATSAPP_TOKEN,
});
const deliverer = startDeliverer({ db: dbh.db, adapters: [email, whatsapp], channels, logger, appUrl: config.APP_URL });
const webhooks = startWebhookDeliverer({ db: dbh.db, box, logger, allowPrivate, backoffBaseMs: config.WEBHOOK_BACKOFF_MS });
const reminders = startReminders({ db: dbh.db, logger, everyMs: config.REMINDER_SWEEP_MS });
const automations = startAutomations({ db: dbh.db, logger, everyMs: config.AUTOMATION_SWEEP_MS });
// Campaigns and automations: scheduled campaigns started on time, their messages sent at each lane's rate.
const outbound = startOutboundSender({
  db: dbh.db,
  channels,
  sms: config.SMS_API_URL ? createSmsAdapter({ baseUrl: config.SMS_API_URL, apiKey: config.SMS_API_KEY }) : undefined,
  logger,
  intervalMs: config.OUTBOUND_INTERVAL_MS,
  batch: config.OUTBOUND_BATCH,
  concurrency: config.OUTBOUND_CONCURRENCY,
  unsubscribeLink: (m) => unsubscribe.link(m),
  unsubscribeOneClick: (m) => unsubscribe.oneClick(m),
});
const campaignStarter = startCampaignStarter({ db: dbh.db, clock: () => new Date(), logger, intervalMs: config.CAMPAIGN_START_INTERVAL_MS });
const app = buildApp({
  logger,
  verifier,
  readiness,
  directory,
  db: dbh.db,
  clock: () => new Date(),
  integrations: { box, channels, allowPrivateWebhooks: allowPrivate },
  whatsapp: { appSecret: whatsAppAppSecret(config), verifyToken: config.WHATSAPP_VERIFY_TOKEN },
  audience: { unsubscribe, platform: templatePlatform, smsInboundSecret: smsInboundSecret(config) },
});
if (!whatsAppAppSecret(config)) logger.warn('WHATSAPP_APP_SECRET is not set: WhatsApp status callbacks and messages are refused');
const hub = await attachHub({ app, bus, verifier, revocations, logger, instanceId: config.INSTANCE_ID, db: dbh.db });

await serveService({
  app,
  config,
  runtime,
  consumers,
  onClose: [
    hub.close,
    deliverer.stop,
    webhooks.stop,
    reminders.stop,
    automations.stop,
    campaignStarter.stop,
    outbound.stop,
    async () => email.close(),
    async () => channels.close(),
  ],
});
logger.info({ port: config.PORT }, 'notifications service listening');
