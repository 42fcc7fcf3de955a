import { STAFF_ROLES, type EventEnvelope, type NotificationCategory, type NotificationPriority, type NotificationType } from '@akhada/contracts';
import { metadataOf, newId } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { announceCreated } from '../db/announcements.ts';
import { countUnread, insertNotification, lockRecipient } from '../db/notifications-repo.ts';
import { scheduleDeliveries } from '../db/deliveries-repo.ts';
import { preferencesOf } from '../db/preferences-repo.ts';
import { recipientsOfOrg } from '../db/recipients-repo.ts';
import { preferenceCategoryOf } from '../domain/rules.ts';
import type { NotificationsDb } from '../db/schema.ts';
import type { Candidate } from '../domain/recipient-rule.ts';
import type { NotificationText } from '../domain/templates.ts';
import { toNotification } from '../views/notification-view.ts';

/** What one event says, to everyone it tells. */
export interface NotificationSpec {
  locationId: string | null;
  type: NotificationType;
  category: string;
  priority: NotificationPriority;
  text: NotificationText;
  /** The preference category that decides whether and where it goes (default: from the type, see preferenceCategoryOf). */
  preference?: NotificationCategory;
  /**
   * Channels a rule asks for whatever the recipient's channel switches say (a payment reminder goes by email and,
   * with consent, WhatsApp). A category the recipient turned off still gets nothing.
   */
  forceChannels?: { email?: boolean; sms?: boolean };
  /** No email or WhatsApp/SMS, whatever the switches say. */
  inAppOnly?: boolean;
}

/** One recipient and where their notification leads (a trainer is not sent to a staff screen). */
export interface Delivery {
  recipientId: string;
  actionUrl: string | null;
  actionText: string | null;
  /** The i18n key of the action text (rendered in the reader's language); actionText is its English. */
  actionKey?: string | null;
}

/**
 * The owners and admins this service knows for the event's organization, or null after parking the event: every
 * organization has an owner, so none known means the auth events (another topic, no order across topics) have not
 * reached us yet. The event waits in awaiting_recipients without blocking its partition; the owner's arrival releases it.
 */
export const staffOrPark = async (trx: Transaction<NotificationsDb>, env: EventEnvelope<unknown>): Promise<Candidate[] | null> => {
  const candidates = await recipientsOfOrg(trx, env.orgId, STAFF_ROLES);
  if (candidates.some((c) => c.role === 'owner')) return candidates.map((c) => ({ userId: c.user_id, role: c.role, locationIds: c.location_ids }));
  await trx
    .insertInto('awaiting_recipients')
    .values({ event_id: env.eventId, org_id: env.orgId, envelope: JSON.stringify(env) })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return null;
};

/**
 * Writes one notification per delivery and announces each to the hubs with the recipient's new unread count, in the
 * consumer's inbox transaction. The unique (source_event_id, recipient_id) makes a second delivery create nothing.
 * Time comes from the event (occurredAt), never from the clock. Returns the ids of the recipients notified now.
 */
export const deliver = async (
  trx: Transaction<NotificationsDb>,
  env: EventEnvelope<unknown>,
  spec: NotificationSpec,
  deliveries: readonly Delivery[],
): Promise<string[]> => {
  const notified: string[] = [];
  const category = spec.preference ?? preferenceCategoryOf(spec.type);
  // Sorted by recipient id, so two transactions never lock the same recipients in opposite order.
  const ordered = [...deliveries].sort((a, b) => (a.recipientId < b.recipientId ? -1 : a.recipientId > b.recipientId ? 1 : 0));
  for (const d of ordered) {
    const prefs = await preferencesOf(trx, d.recipientId, env.orgId);
    const pref = prefs.notifications[category];
    if (!pref.enabled) continue; // the recipient turned this category off: nothing at all
    await lockRecipient(trx, d.recipientId);
    const row = await insertNotification(trx, {
      id: newId(),
      org_id: env.orgId,
      recipient_id: d.recipientId,
      location_id: spec.locationId,
      type: spec.type,
      category: spec.category,
      priority: spec.priority,
      // In-app off: kept for the record (and its deliveries), out of the list, the count and the bell.
      status: pref.channels.inApp ? 'unread' : 'archived',
      title_key: spec.text.titleKey,
      message_key: spec.text.messageKey,
      params: spec.text.params,
      title: spec.text.title,
      message: spec.text.message,
      action_url: d.actionUrl,
      action_text: d.actionText,
      action_key: d.actionKey ?? null,
      source_event_id: env.eventId,
      created_at: new Date(env.occurredAt),
      read_at: null,
    });
    if (!row) continue; // this event already notified this recipient
    await scheduleDeliveries(trx, row, {
      email: !spec.inAppOnly && (pref.channels.email || spec.forceChannels?.email === true),
      sms: !spec.inAppOnly && (pref.channels.sms || spec.forceChannels?.sms === true),
      language: prefs.language,
      at: new Date(env.occurredAt),
    });
    if (!pref.channels.inApp) continue;
    const unreadCount = await countUnread(trx, { recipientId: d.recipientId, orgId: env.orgId });
    await announceCreated(trx, metadataOf(env), env.occurredAt, { recipientId: d.recipientId, notification: toNotification(row), unreadCount });
    notified.push(d.recipientId);
  }
  return notified;
};
