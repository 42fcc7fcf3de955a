import { z } from 'zod';
import { Email, Phone } from './auth.ts';
import { IdParams, IsoDateTime, ok, Problem, route, Text } from './route.ts';
import { WebhookEventType } from '../webhooks.ts';

/**
 * Settings → Integrations: the organization's own mail server (SMTP), its WhatsApp/SMS provider and its outgoing
 * webhooks. Owned by notifications, the service that delivers messages: the settings are read where they are used, the
 * secrets never leave it, and "send test" goes through the very adapter real notifications use. Secrets (SMTP
 * password, provider key, webhook secret) are stored sealed (AES-256-GCM) and answered only as "set, ending in …".
 */

const trimmed = (label: string, max: number) => Text(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** A host name or an IP address, no scheme, path or spaces. */
const Host = trimmed('Host', 253).regex(/^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/, 'Host must be a host name or an address, without http:// or a path');

/** How the connection to the mail server is protected: none (development), STARTTLS (port 587) or TLS from the start (465). */
export const SmtpSecurity = z.enum(['none', 'starttls', 'tls']);
export type SmtpSecurity = z.infer<typeof SmtpSecurity>;

/** The providers a gym can bring for WhatsApp/SMS: the WhatsApp Cloud API (sender = its phone number id). */
export const SmsProvider = z.enum(['whatsapp_cloud']);
export type SmsProvider = z.infer<typeof SmsProvider>;

/** What the last "send test" said: ok, or the provider's problem in plain words. */
export const LastTest = z.object({ ok: z.boolean(), at: IsoDateTime, message: z.string() });

/** A secret as it is shown back: whether it is set and its last 4 characters. */
export const MaskedSecret = z.object({ set: z.boolean(), last4: z.string().nullable() });

export const EmailSettings = z.object({
  /** false: the platform's mail server sends this organization's mail (no settings stored). */
  custom: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  security: SmtpSecurity.nullable(),
  username: z.string().nullable(),
  password: MaskedSecret,
  fromName: z.string().nullable(),
  fromAddress: z.string().nullable(),
  lastTest: LastTest.nullable(),
});
export type EmailSettings = z.infer<typeof EmailSettings>;

export const SmsSettings = z.object({
  custom: z.boolean(),
  provider: SmsProvider.nullable(),
  sender: z.string().nullable(),
  apiKey: MaskedSecret,
  lastTest: LastTest.nullable(),
});
export type SmsSettings = z.infer<typeof SmsSettings>;

export const MessagingSettings = z.object({ email: EmailSettings, sms: SmsSettings });
export type MessagingSettings = z.infer<typeof MessagingSettings>;

export const PutEmailSettingsBody = z.object({
  host: Host,
  port: z.number().int().min(1, 'Port must be between 1 and 65535').max(65535, 'Port must be between 1 and 65535'),
  security: SmtpSecurity,
  username: Text('User name').trim().max(200, 'User name must be at most 200 characters').optional(),
  /** Left out (or empty): the stored password is kept. */
  password: Text('Password').max(200, 'Password must be at most 200 characters').optional(),
  fromName: trimmed('From name', 100),
  fromAddress: Email,
});
export type PutEmailSettingsBody = z.infer<typeof PutEmailSettingsBody>;

export const PutSmsSettingsBody = z.object({
  provider: SmsProvider,
  sender: trimmed('Sender', 64),
  /** Left out (or empty): the stored key is kept; required the first time. */
  apiKey: Text('API key').trim().max(500, 'API key must be at most 500 characters').optional(),
});
export type PutSmsSettingsBody = z.infer<typeof PutSmsSettingsBody>;

export const MessageLanguageBody = z.enum(['en', 'hi']);
export const TestEmailBody = z.object({ to: Email, language: MessageLanguageBody.default('en') });
export const TestSmsBody = z.object({ to: Phone, language: MessageLanguageBody.default('en') });
export const TestResult = z.object({ ok: z.literal(true), providerId: z.string().nullable(), via: z.enum(['custom', 'platform']) });

// The kinds a webhook may ask for, with their payload schemas and versions: ../webhooks.ts.

export const WebhookStatus = z.enum(['active', 'failing']);
export const WebhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);

export const WebhookEndpoint = z.object({
  _id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(WebhookEventType),
  status: WebhookStatus,
  createdAt: IsoDateTime,
  /** The last delivery's outcome, for the list's status line. */
  lastDelivery: z.object({ status: WebhookDeliveryStatus, responseCode: z.number().int().nullable(), at: IsoDateTime }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookDelivery = z.object({
  _id: z.uuid(),
  endpointId: z.uuid(),
  eventType: z.union([WebhookEventType, z.literal('ping')]),
  eventId: z.uuid(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: IsoDateTime,
  lastAttemptAt: IsoDateTime.nullable(),
  nextAttemptAt: IsoDateTime.nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const CreateWebhookBody = z.object({
  url: trimmed('URL', 2000).pipe(z.url({ message: 'Not a valid URL' })),
  description: Text('Description').trim().max(200, 'Description must be at most 200 characters').default(''),
  eventTypes: z.array(WebhookEventType).min(1, 'Choose at least one event').max(WebhookEventType.options.length),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/** The signing secret is answered once, at creation; afterwards only its last 4 characters. */
export const CreatedWebhook = z.object({ endpoint: WebhookEndpoint, secret: z.string() });

const OWNER_ADMIN = ['owner', 'admin'] as const;
const OWNER = ['owner'] as const;

export const integrationRoutes = {
  messaging: route({
    method: 'GET',
    path: '/settings/integrations/messaging',
    responses: { 200: ok(MessagingSettings), 401: Problem, 403: Problem },
    auth: true,
    roles: OWNER_ADMIN,
    summary: "The organization's mail server and WhatsApp/SMS provider as set (secrets only by their last 4 characters).",
  }),
  putEmail: route({
    method: 'PUT',
    path: '/settings/integrations/email',
    body: PutEmailSettingsBody,
    responses: { 200: ok(MessagingSettings), 400: Problem, 401: Problem, 402: Problem, 403: Problem },
    auth: true,
    roles: OWNER_ADMIN,
    summary: "Stores the organization's own SMTP server; its mail goes out through it from then on. The password is sealed.",
  }),
  deleteEmail: route({
    method: 'DELETE',
    path: '/settings/integrations/email',
    responses: { 200: ok(MessagingSettings), 401: Problem, 402: Problem, 403: Problem },
    auth: true,
    roles: OWNER_ADMIN,
    summary: "Forgets the organization's SMTP server: its mail goes out through the platform's again.",
  }),
  testEmail: route({
    method: 'POST',
    path: '/settings/integrations/email/test',
    body: TestEmailBody,
    responses: { 200: ok(TestResult), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 502: Problem },
    auth: true,
    roles: OWNER_ADMIN,
    summary: 'Sends a test mail through the configured server (or the platform default) and says what the server answered.',
    description: '502 SMTP_AUTH_FAILED, PROVIDER_TIMEOUT, PROVIDER_UNREACHABLE or PROVIDER_REJECTED with a plain message.',
  }),
  putSms: route({
    method: 'PUT',
    path: '/settings/integrations/sms',
    body: PutSmsSettingsBody,
    responses: { 200: ok(MessagingSettings), 400: Problem, 401: Problem, 402: Problem, 403: Problem },
    auth: true,
    roles: OWNER_ADMIN,
    summary: "Stores the organization's WhatsApp/SMS provider; the API key is sealed (required the first time).",
  }),
  deleteSms: route({
    method: 'DELETE',
    path: '/settings/integrations/sms',
    responses: { 200: ok(MessagingSettings), 401: Problem, 402: Problem, 403: Problem },
    auth: true,
    roles: OWNER_ADMIN,
    summary: "Forgets the organization's WhatsApp/SMS provider: the platform's sends again.",
  }),
  testSms: route({
    method: 'POST',
    path: '/settings/integrations/sms/test',
    body: TestSmsBody,
    responses: { 200: ok(TestResult), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 502: Problem },
    auth: true,
    roles: OWNER_ADMIN,
    summary: 'Sends a test WhatsApp message through the configured provider (or the platform default) and says what it answered.',
    description: '502 PROVIDER_AUTH_FAILED, PROVIDER_TIMEOUT, PROVIDER_UNREACHABLE or PROVIDER_REJECTED with a plain message.',
  }),
  listWebhooks: route({
    method: 'GET',
    path: '/settings/integrations/webhooks',
    responses: { 200: ok(z.array(WebhookEndpoint)), 401: Problem, 403: Problem },
    auth: true,
    roles: OWNER,
    summary: "The organization's webhook endpoints with their last delivery.",
  }),
  createWebhook: route({
    method: 'POST',
    path: '/settings/integrations/webhooks',
    body: CreateWebhookBody,
    responses: { 201: ok(CreatedWebhook), 400: Problem, 401: Problem, 402: Problem, 403: Problem },
    auth: true,
    roles: OWNER,
    summary: 'Registers an https endpoint for the chosen events; the signing secret is answered this once.',
    description:
      'Each delivery is a POST of JSON (`{ id, type, version, createdAt, organizationId, locationId, data }`; each kind\'s `data` is in the public reference) signed with `Akhada-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. 400 WEBHOOK_URL_NOT_ALLOWED for http or a private address.',
  }),
  deleteWebhook: route({
    method: 'DELETE',
    path: '/settings/integrations/webhooks/:id',
    params: IdParams,
    responses: { 200: ok(z.object({ deleted: z.literal(true) })), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: OWNER,
    summary: 'Removes an endpoint; nothing more is delivered to it (another organization’s id: 404).',
  }),
  webhookDeliveries: route({
    method: 'GET',
    path: '/settings/integrations/webhooks/:id/deliveries',
    params: IdParams,
    responses: { 200: ok(z.array(WebhookDelivery)), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: OWNER,
    summary: "An endpoint's last 50 deliveries, newest first.",
  }),
  testWebhook: route({
    method: 'POST',
    path: '/settings/integrations/webhooks/:id/test',
    params: IdParams,
    responses: { 202: ok(WebhookDelivery), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: OWNER,
    summary: 'Queues a signed `ping` to the endpoint; its outcome shows in the delivery log.',
  }),
  redeliver: route({
    method: 'POST',
    path: '/settings/integrations/webhook-deliveries/:id/redeliver',
    params: IdParams,
    responses: { 202: ok(WebhookDelivery), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: OWNER,
    summary: 'Sends a delivery again (same event id and body, a fresh signature); another organization’s id: 404.',
  }),
};
