import { DataRightsEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { recordConsent } from '../db/data-rights-repo.ts';
import type { AuthDb } from '../db/schema.ts';

/**
 * Notifications owns and enforces WhatsApp/SMS consent (a withdrawal skips pending messages at once); the ledger
 * records each change from its event, once per event.
 */
export const onMessagingConsentChanged = on(DataRightsEvents.MessagingConsentChanged, async (trx: Transaction<AuthDb>, env) => {
  await recordConsent(trx, {
    orgId: env.orgId,
    userId: env.data.userId,
    purpose: 'messaging',
    granted: env.data.granted,
    channel: env.data.channel,
    actorId: env.actorId ?? null,
    at: new Date(env.occurredAt),
    sourceEventId: env.eventId,
  });
});
