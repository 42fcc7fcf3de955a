import { SERVICES } from '@akhada/contracts';
import { BaseConfig } from '@akhada/kit';
import { z } from 'zod';

/** The notifications service's settings: its port, the mail server, the WhatsApp Cloud API (the local stand-in by default). */
export const NotificationsConfig = BaseConfig.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(SERVICES.notifications.port),
  APP_URL: z.url().default('http://localhost:8080'),
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().default(2525),
  MAIL_FROM: z.string().default('Akhada <no-reply@akhada.local>'),
  WHATSAPP_API_URL: z.url().default('http://127.0.0.1:8026'),
  WHATSAPP_API_VERSION: z.string().default('v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().default('100000000000001'),
  WHATSAPP_TOKEN: z.string().default('dev-whatsapp-token'),
  /**
   * The SMS gateway's inbound webhook secret (it signs a person's reply: X-Sms-Signature). Unset in production, every
   * reply is refused (see smsInboundSecret); elsewhere the local stand-in's.
   */
  SMS_INBOUND_SECRET: z.string().min(1).optional(),
  /** The WhatsApp Business Account the gyms' own templates are submitted to for review (the stand-in takes any). */
  WHATSAPP_WABA_ID: z.string().default('100000000000900'),
  /**
   * The Meta app's secret: WhatsApp's webhook (statuses, a person's messages) is signed with it (X-Hub-Signature-256).
   * Unset in production, every callback is refused (see whatsAppAppSecret); elsewhere the local stand-in's.
   */
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  /** The verify token entered with the webhook in the Meta app (its GET verification). */
  WHATSAPP_VERIFY_TOKEN: z.string().default('dev-whatsapp-verify-token'),
  /** Seals the organizations' SMTP passwords, provider keys and webhook secrets (AES-256-GCM, the kit's secret box). */
  SECRETS_KEY: z.string().min(16).default('akhada-development-secrets-key'),
  /**
   * Webhooks to private or internal addresses (and http:// to this machine): refused in production (SSRF), allowed in
   * development and tests unless set to false.
   */
  WEBHOOK_ALLOW_PRIVATE: z.stringbool().optional(),
  /** Back-off base of a failed webhook delivery (1×, 2×, 4×, … up to 8 attempts). */
  WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(1).default(30_000),
  /**
   * The SMS gateway campaigns and automations send SMS through (DLT template id and sender header; the local stand-in
   * infra/standins/sms-sink.ts in development). Unset: no SMS provider, and SMS messages fail with that reason.
   */
  SMS_API_URL: z.url().optional(),
  SMS_API_KEY: z.string().default('dev-sms-key'),
  /** How often the outbound sender (campaigns, automations) looks for messages to send, and how many it sends at once. */
  OUTBOUND_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  OUTBOUND_BATCH: z.coerce.number().int().min(1).max(5000).default(200),
  OUTBOUND_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(16),
  /** How often scheduled campaigns are looked at (they start within this of their time). */
  CAMPAIGN_START_INTERVAL_MS: z.coerce.number().int().min(100).default(15_000),
  /** How often memberships ending soon, trials ending and plan limits are looked at. */
  REMINDER_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  /** How often automations' triggers are matched and their due runs done (issue 27). */
  AUTOMATION_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
});
export type NotificationsConfig = z.infer<typeof NotificationsConfig>;

/** The secret WhatsApp's webhook is checked with: as configured; in production never a default ('' refuses every callback). */
export const whatsAppAppSecret = (c: Pick<NotificationsConfig, 'WHATSAPP_APP_SECRET' | 'NODE_ENV'>): string =>
  c.WHATSAPP_APP_SECRET ?? (c.NODE_ENV === 'production' ? '' : 'dev-whatsapp-app-secret');

/** Private webhook targets: as configured, else allowed everywhere but production. */
export const allowPrivateWebhooks = (c: Pick<NotificationsConfig, 'WEBHOOK_ALLOW_PRIVATE' | 'NODE_ENV'>): boolean =>
  c.WEBHOOK_ALLOW_PRIVATE ?? c.NODE_ENV !== 'production';

/** The secret the SMS gateway's replies are checked with: as configured; in production never a default ('' refuses every reply). */
export const smsInboundSecret = (c: Pick<NotificationsConfig, 'SMS_INBOUND_SECRET' | 'NODE_ENV'>): string =>
  c.SMS_INBOUND_SECRET ?? (c.NODE_ENV === 'production' ? '' : 'dev-sms-inbound-secret');
