import { MemberEvents, STAFF_ROLES, type EventEnvelope } from '@akhada/contracts';
import { metadataOf, newId, on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { announceCreated } from '../db/announcements.ts';
import { countUnread, insertNotification, lockRecipient } from '../db/notifications-repo.ts';
import { recipientsOfOrg } from '../db/recipients-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';
import { recipientsOfMemberRegistered } from '../domain/recipient-rule.ts';
import { memberRegisteredText, renderTemplate } from '../domain/templates.ts';
import { toNotification } from '../views/notification-view.ts';

type MemberRegistered = EventEnvelope<z.infer<typeof MemberEvents.MemberRegistered.data>>;

/**
 * members.member_registered → one notification per owner of the organization and per admin of the member's location,
 * each announced to the hubs with the recipient's new unread count. Runs inside the consumer's inbox transaction; the
 * unique (source_event_id, recipient_id) makes a second delivery create nothing even without the inbox.
 * Time comes from the event (occurredAt), never from the clock: a replay or a late release writes the same rows.
 * Returns the ids of the recipients that were notified now.
 */
export const notifyMemberRegistered = async (trx: Transaction<NotificationsDb>, env: MemberRegistered): Promise<string[]> => {
  const m = env.data;
  const candidates = await recipientsOfOrg(trx, env.orgId, STAFF_ROLES);
  // Every organization has an owner. None known means the auth events (another topic, no order across topics) have not
  // reached us yet: park the event without blocking the partition; the owner's arrival releases it.
  if (!candidates.some((c) => c.role === 'owner')) {
    await trx
      .insertInto('awaiting_recipients')
      .values({ event_id: env.eventId, org_id: env.orgId, envelope: JSON.stringify(env) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return [];
  }
  const recipients = recipientsOfMemberRegistered(
    candidates.map((c) => ({ userId: c.user_id, role: c.role, locationIds: c.location_ids })),
    m.locationId,
  );
  const text = memberRegisteredText(m);
  const notified: string[] = [];
  // Sorted by user id (recipientsOfOrg orders them), so two transactions never lock the same recipients in opposite order.
  for (const r of recipients) {
    await lockRecipient(trx, r.userId);
    const row = await insertNotification(trx, {
      id: newId(),
      org_id: env.orgId,
      recipient_id: r.userId,
      location_id: m.locationId,
      type: 'membership',
      category: 'member_registered',
      priority: 'low',
      status: 'unread',
      title_key: text.titleKey,
      message_key: text.messageKey,
      params: text.params,
      title: text.title,
      message: text.message,
      action_url: `/dashboard/members/${m.memberId}`,
      action_text: renderTemplate('notifications.action.view'),
      source_event_id: env.eventId,
      created_at: new Date(env.occurredAt),
      read_at: null,
    });
    if (!row) continue; // this event already notified this recipient
    const unreadCount = await countUnread(trx, { recipientId: r.userId, orgId: env.orgId });
    await announceCreated(trx, metadataOf(env), env.occurredAt, { recipientId: r.userId, notification: toNotification(row), unreadCount });
    notified.push(r.userId);
  }
  return notified;
};

/** Notifies for the member events that waited for this organization's owner, then forgets them. */
export const releaseAwaiting = async (trx: Transaction<NotificationsDb>, orgId: string): Promise<void> => {
  const waiting = await trx.deleteFrom('awaiting_recipients').where('org_id', '=', orgId).returning(['envelope', 'received_at']).execute();
  waiting.sort((a, b) => a.received_at.getTime() - b.received_at.getTime());
  for (const w of waiting) await notifyMemberRegistered(trx, w.envelope as MemberRegistered);
};

/** The handler the members consumer group runs. */
export const onMemberRegistered = on(MemberEvents.MemberRegistered, (trx: Transaction<NotificationsDb>, env) =>
  notifyMemberRegistered(trx, env).then(() => undefined),
);
