import type { HttpDeps, SecretBox } from '@akhada/kit';
import type { OrgChannels } from '../adapters/org-channels.ts';
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

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, NotificationsDeps {
  /** Settings → Integrations; without it (tests of other routes) its routes are not registered. */
  integrations?: Omit<IntegrationsDeps, keyof NotificationsDeps>;
}

/** Who asks, from the verified token only: the recipient (token subject) in the token's organization. */
export interface Caller extends Owner {
  correlationId: string;
  requestId: string;
}
