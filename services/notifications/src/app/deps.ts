import type { HttpDeps, SecretBox } from '@akhada/kit';
import type { OrgChannels } from '../adapters/org-channels.ts';
import type { UnsubscribeLinks } from '../adapters/unsubscribe-links.ts';
import type { WhatsAppTemplatePlatform } from '../adapters/whatsapp-template-platform.ts';
import type { Kysely } from 'kysely';
import type { Owner } from '../db/notifications-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<NotificationsDeps, ...>` of it. */
export interface NotificationsDeps {
  db: Kysely<NotificationsDb>;
  clock: () => Date;
}

/** What Settings → Integrations needs besides: the secret box, the organizations' channels, the SSRF switch. */
export interface IntegrationsDeps extends NotificationsDeps {
  box: SecretBox;
  channels: OrgChannels;
  /** The outbound target rule's switch: private targets (webhooks, the organization's mail server) allowed; false in production. */
  allowPrivateWebhooks: boolean;
}

/** WhatsApp's webhook: the Meta app's secret (signs every callback) and the verify token set with the webhook. */
export interface WhatsAppWebhookDeps extends NotificationsDeps {
  appSecret: string;
  verifyToken: string;
}

/** Campaigns' use cases (segments, campaigns, their reports): the database and the clock. */
export type CampaignsDeps = NotificationsDeps;

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, NotificationsDeps {
  /** WhatsApp's webhook settings; without them (tests of other routes) every callback is refused 401. */
  whatsapp?: Omit<WhatsAppWebhookDeps, keyof NotificationsDeps>;
  /** Settings → Integrations; without it (tests of other routes) its routes are not registered. */
  integrations?: Omit<IntegrationsDeps, keyof NotificationsDeps>;
  /**
   * Marketing consent and templates: the unsubscribe links' signer (none: every link refused), WhatsApp's template API
   * (none: not submitted), the SMS gateway's inbound webhook secret (none: every reply refused).
   */
  audience?: { unsubscribe?: UnsubscribeLinks; platform?: WhatsAppTemplatePlatform; smsInboundSecret?: string };
}

/** Who asks, from the verified token only: the recipient (token subject) in the token's organization. */
export interface Caller extends Owner {
  correlationId: string;
  requestId: string;
}
