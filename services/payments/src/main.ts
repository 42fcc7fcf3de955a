import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, peopleOwners, periodicJob, serveService } from '@akhada/kit';
import { z } from 'zod';
import { createInvoiceMailer } from './adapters/invoice-mailer.ts';
import { razorpayPort } from './adapters/razorpay-port.ts';
import { createSecretBox } from './adapters/secret-box.ts';
import { filePausePoint } from './adapters/webhook-pause.ts';
import { DEFAULT_TIME_ZONE } from './app/deps.ts';
import { pruneWebhookEvents, reconcileOpenOrders, refundLateCaptures } from './app/online.ts';
import { refundPurchases } from './consumers/purchases.ts';
import { runAutopayActions } from './app/autopay-actions.ts';
import { announceDueCharges } from './app/autopay-notices.ts';
import { mailAutopayInvoices } from './app/autopay-invoice-mail.ts';
import { remindStaleDues } from './app/autopay-dunning.ts';
import { buildApp } from './build-app.ts';
import { startConsumers, startInvoiceConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { PaymentsDb } from './db/schema.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay), consumers, jobs, the app, serve, close.
const config = loadConfig(
  BaseConfig.extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(SERVICES.payments.port),
    /** Key of the Razorpay secrets at rest (AES-256-GCM): 32 bytes base64 or 64 hex; any other text is hashed (development). */
    PAYMENTS_SECRET_KEY: z.string().min(16).default('akhada-development-payments-secret-key'),
    /** A Razorpay-compatible API (the local stand-in in development and tests); unset: Razorpay itself. */
    RAZORPAY_API_URL: z.string().url().optional(),
    RAZORPAY_CHECKOUT_URL: z.string().url().default('https://checkout.razorpay.com/v1/checkout.js'),
    /** The app's public origin (the gateway), as auth reads it: links in reminders, the webhook URL shown in settings. */
    APP_URL: z.string().url().default('http://localhost:8080'),
    /** Akhada's OWN Razorpay account (plan payments from gyms; the stand-in's in development and tests). */
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Akhada's GSTIN and legal name, the supplier on its invoices to gyms (a development GSTIN by default). */
    AKHADA_GSTIN: z.string().length(15).default('27AAACA1234A1ZK'),
    AKHADA_LEGAL_NAME: z.string().min(1).default('Akhada Technologies Private Limited'),
    RECONCILE_INTERVAL_MS: z.coerce.number().int().min(10_000).default(300_000),
    /** How often refunds of online purchases (scheduling's packs and tickets) are made through Razorpay (ms). */
    PURCHASE_REFUND_INTERVAL_MS: z.coerce.number().int().min(1000).default(5_000),
    /** TEST ONLY, read under NODE_ENV=test alone: the autopay fault test's pause file (adapters/webhook-pause.ts). */
    AUTOPAY_WEBHOOK_PAUSE_FILE: z.string().min(1).optional(),
  }),
);
const runtime = await bootRuntime<PaymentsDb>({ name: 'payments', config, migrations });
const { logger, verifier, readiness, directory, dbh, bus } = runtime;
const deps = {
  db: dbh.db,
  clock: () => new Date(),
  timeZone: DEFAULT_TIME_ZONE,
  directory,
  people: peopleOwners(config, { logger }),
  secrets: createSecretBox(config.PAYMENTS_SECRET_KEY),
  razorpay: razorpayPort(config.RAZORPAY_API_URL),
  checkoutScriptUrl: config.RAZORPAY_CHECKOUT_URL,
  publicUrl: config.APP_URL,
  // Invoices by mail: the SMTP settings the services share (SMTP_HOST, SMTP_PORT, MAIL_FROM).
  mailer: createInvoiceMailer(),
  ...(config.NODE_ENV === 'test' && config.AUTOPAY_WEBHOOK_PAUSE_FILE ? { pauseBeforeWebhook: filePausePoint(config.AUTOPAY_WEBHOOK_PAUSE_FILE) } : {}),
  ...(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
    ? {
        platform: {
          keyId: config.RAZORPAY_KEY_ID,
          keySecret: config.RAZORPAY_KEY_SECRET,
          webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? config.RAZORPAY_KEY_SECRET,
          gstin: config.AKHADA_GSTIN,
          legalName: config.AKHADA_LEGAL_NAME,
        },
      }
    : {}),
};

const consumers = [...(await startConsumers({ bus, db: dbh.db, logger, online: deps })), ...(await startInvoiceConsumers({ bus, db: dbh.db, logger }))];
// Orders left open (Checkout closed before verify, a webhook lost) are asked of Razorpay; old webhook ids are dropped.
const job = periodicJob({
  name: 'razorpay reconciliation',
  intervalMs: config.RECONCILE_INTERVAL_MS,
  logger,
  runAtStart: false,
  run: () =>
    Promise.all([
      reconcileOpenOrders(deps).catch((err: unknown) => logger.warn({ err }, 'razorpay reconciliation failed')),
      refundLateCaptures({ ...deps, logger }).catch((err: unknown) => logger.warn({ err }, 'refunds of late captures failed')),
      pruneWebhookEvents(deps).catch((err: unknown) => logger.warn({ err }, 'webhook de-dup pruning failed')),
    ]),
});
// Refunds of online purchases the consumer recorded: Razorpay outside any transaction, once per payment (idempotency key).
const refunds = periodicJob({
  name: 'purchase refunds',
  intervalMs: config.PURCHASE_REFUND_INTERVAL_MS,
  logger,
  run: () => refundPurchases({ ...deps, logger }),
});
// A member's freeze pauses their autopay, the unfreeze resumes it: asked of Razorpay outside the consumer.
const autopayActions = periodicJob({
  name: 'autopay pause and resume',
  intervalMs: config.PURCHASE_REFUND_INTERVAL_MS,
  logger,
  run: () => runAutopayActions({ ...deps, logger }),
});
// Pre-debit notices of autopay charges due in the next days (payments.autopay_charge_due), once per charge.
const notices = periodicJob({
  name: 'autopay pre-debit notices',
  intervalMs: 3_600_000,
  logger,
  run: () => announceDueCharges({ ...deps, logger }),
});
// Each autopay charge's invoice mailed to the member once issued (at least once; then marked sent).
const invoiceMail = periodicJob({
  name: 'autopay invoice mail',
  intervalMs: config.PURCHASE_REFUND_INTERVAL_MS,
  logger,
  run: () => mailAutopayInvoices({ ...deps, logger }),
});
// A failed charge's "Pay now" link and reminder, when payments died after the webhook's commit (once per payment).
const staleDues = periodicJob({
  name: 'autopay pay-now reminders',
  intervalMs: 60_000,
  logger,
  run: () => remindStaleDues({ ...deps, logger }),
});
const app = buildApp({ logger, verifier, readiness, ...deps });
await serveService({
  app,
  config,
  runtime,
  consumers,
  onClose: [() => job.stop(), () => refunds.stop(), () => autopayActions.stop(), () => notices.stop(), () => invoiceMail.stop(), () => staleDues.stop()],
});
