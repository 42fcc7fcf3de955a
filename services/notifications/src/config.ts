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
  /** How often memberships ending soon, trials ending and plan limits are looked at. */
  REMINDER_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
});
export type NotificationsConfig = z.infer<typeof NotificationsConfig>;
