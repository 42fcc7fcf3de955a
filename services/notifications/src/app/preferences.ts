import {
  DataRightsEvents,
  topicOf,
  type MessageLanguage,
  type MessagingConsent,
  type NotificationPreferences,
  type NotificationSettings,
} from '@akhada/contracts';
import { badRequest, enqueue, makeEnvelope, metadataOf } from '@akhada/kit';
import { consentOf, preferencesOf, saveConsent, savePreferences, skipPendingMessages } from '../db/preferences-repo.ts';
import type { Caller, NotificationsDeps } from './deps.ts';

export const getPreferences = ({ db }: Pick<NotificationsDeps, 'db'>, caller: Caller): Promise<NotificationSettings> =>
  preferencesOf(db, caller.recipientId, caller.orgId);

/** Saves the whole set (the screen sends all six categories); the language stays as it was unless given. */
export const updatePreferences = async (
  { db, clock }: Pick<NotificationsDeps, 'db' | 'clock'>,
  caller: Caller,
  body: { notifications: NotificationPreferences; language?: MessageLanguage | undefined },
): Promise<NotificationSettings> =>
  db.transaction().execute(async (trx) => {
    const current = await preferencesOf(trx, caller.recipientId, caller.orgId);
    const language = body.language ?? current.language;
    await savePreferences(trx, { userId: caller.recipientId, orgId: caller.orgId, notifications: body.notifications, language, now: clock() });
    return { notifications: body.notifications, language };
  });

/** The caller's consent; without a number of their own yet, the one the gym has on record is offered (not consented to). */
export const getConsent = async ({ db }: Pick<NotificationsDeps, 'db'>, caller: Caller): Promise<MessagingConsent> => {
  const consent = await consentOf(db, caller.recipientId, caller.orgId);
  if (consent.phone) return consent;
  const member = await db
    .selectFrom('member_copies')
    .select('phone')
    .where('member_id', '=', caller.recipientId)
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  return { ...consent, phone: member?.phone || null };
};

/**
 * Gives consent (with the number to message: the one given, else the one on record) or withdraws it. A withdrawal
 * marks every pending WhatsApp/SMS message of the caller skipped in the same transaction, and the deliverer checks
 * consent again just before it sends, so nothing goes out after the answer.
 */
export const updateConsent = (
  { db, clock }: Pick<NotificationsDeps, 'db' | 'clock'>,
  caller: Caller,
  body: { granted: boolean; phone?: string | undefined },
): Promise<MessagingConsent> =>
  db.transaction().execute(async (trx) => {
    const now = clock();
    const current = await consentOf(trx, caller.recipientId, caller.orgId);
    const member = await trx
      .selectFrom('member_copies')
      .select('phone')
      .where('member_id', '=', caller.recipientId)
      .where('org_id', '=', caller.orgId)
      .executeTakeFirst();
    const phone = body.phone ?? current.phone ?? member?.phone ?? null;
    if (body.granted && !phone) throw badRequest('Enter the mobile number to send WhatsApp messages to');
    await saveConsent(trx, { userId: caller.recipientId, orgId: caller.orgId, granted: body.granted, phone, method: 'settings_toggle', now });
    if (!body.granted) await skipPendingMessages(trx, caller.recipientId, now);
    // Auth's consent ledger records every change (given or withdrawn), from this event.
    if (current.granted !== body.granted)
      await enqueue(
        trx,
        topicOf('notifications'),
        makeEnvelope(DataRightsEvents.MessagingConsentChanged, {
          ...metadataOf({ orgId: caller.orgId, userId: caller.recipientId, correlationId: caller.correlationId, requestId: caller.requestId }),
          aggregateId: caller.recipientId,
          occurredAt: now.toISOString(),
          data: { userId: caller.recipientId, granted: body.granted, channel: 'settings' },
        }),
      );
    return consentOf(trx, caller.recipientId, caller.orgId);
  });
