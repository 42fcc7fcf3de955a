import { STAFF_ROLES, type EventEnvelope, type NotificationCategory, type NotificationPriority, type NotificationType } from '@akhada/contracts';
import { metadataOf, newId } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { announceCreatedMany } from '../db/announcements.ts';
import { countUnreadOfMany, insertNotifications, lockRecipients } from '../db/notifications-repo.ts';
import { scheduleDeliveriesMany } from '../db/deliveries-repo.ts';
import { grantedAmong } from '../db/marketing-consent-repo.ts';
import { preferencesOfMany } from '../db/preferences-repo.ts';
import { recipientsOfOrg } from '../db/recipients-repo.ts';
import { preferenceCategoryOf } from '../domain/rules.ts';
import { isMarketingStem, stemOf } from '../domain/whatsapp-templates.ts';
import type { NotificationsDb } from '../db/schema.ts';
import type { Candidate } from '../domain/recipient-rule.ts';
import type { NotificationText } from '../domain/templates.ts';
import { toNotification } from '../views/notification-view.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The keys of an event's data that name a person it is about (a chat message's sender is `message.sender._id`). */
const PERSON_KEYS = ['memberId', 'trainerId', 'userId', 'previousTrainerId'] as const;

/** The people an event is about: what an erasure of one of them must find in everyone's notifications. */
export const subjectsOf = (data: unknown): string[] => {
  if (!data || typeof data !== 'object') return [];
  const d = data as Record<string, unknown>;
  const field = (o: unknown, key: string): unknown => (o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined);
  const senders = [field(field(d, 'sender'), '_id'), field(field(field(d, 'message'), 'sender'), '_id')];
  const ids = [...PERSON_KEYS.map((k) => d[k]), ...senders].filter((v): v is string => typeof v === 'string' && UUID.test(v));
  return [...new Set(ids.map((v) => v.toLowerCase()))];
};

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
  /**
   * A notice the person must get (the pre-debit notice of an autopay charge, India's rule for recurring payments): in
   * the bell whatever their switches say; by email and WhatsApp as their switches for the category say (a category
   * turned off: in-app only).
   */
  mandatory?: boolean;
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
  const category = spec.preference ?? preferenceCategoryOf(spec.type);
  // One query per step for all recipients. Locks by recipient id, so two transactions never lock the same recipients
  // in opposite order.
  const ordered = [...new Map(deliveries.map((d) => [d.recipientId, d])).values()].sort((a, b) =>
    a.recipientId < b.recipientId ? -1 : a.recipientId > b.recipientId ? 1 : 0,
  );
  const prefs = await preferencesOfMany(
    trx,
    ordered.map((d) => d.recipientId),
    env.orgId,
  );
  const stored = (id: string) => prefs.get(id)!.notifications[category];
  // A mandatory notice reaches the bell whatever the switches say; by email and WhatsApp only as they say.
  const prefOf = (id: string) => {
    const p = stored(id);
    if (!spec.mandatory) return p;
    return { enabled: true, channels: { ...p.channels, inApp: true, email: p.enabled && p.channels.email, sms: p.enabled && p.channels.sms } };
  };
  // A recipient who turned this category off gets nothing at all.
  const wanted = ordered.filter((d) => prefOf(d.recipientId).enabled);
  if (wanted.length === 0) return [];
  await lockRecipients(
    trx,
    wanted.map((d) => d.recipientId),
  );
  const inserted = await insertNotifications(
    trx,
    wanted.map((d) => ({
      id: newId(),
      org_id: env.orgId,
      recipient_id: d.recipientId,
      location_id: spec.locationId,
      type: spec.type,
      category: spec.category,
      priority: spec.priority,
      // In-app off: kept for the record (and its deliveries), out of the list, the count and the bell.
      status: prefOf(d.recipientId).channels.inApp ? ('unread' as const) : ('archived' as const),
      title_key: spec.text.titleKey,
      message_key: spec.text.messageKey,
      params: spec.text.params,
      title: spec.text.title,
      message: spec.text.message,
      action_url: d.actionUrl,
      action_text: d.actionText,
      action_key: d.actionKey ?? null,
      source_event_id: env.eventId,
      subject_ids: subjectsOf(env.data),
      created_at: new Date(env.occurredAt),
      read_at: null,
    })),
  );
  // Only the new rows: a recipient this event notified already gets nothing twice.
  const rowOf = new Map(inserted.map((r) => [r.recipient_id, r]));
  const rows = wanted.flatMap((d) => rowOf.get(d.recipientId) ?? []);
  // A marketing message (the birthday greeting) goes by email and WhatsApp only with the person's marketing consent for
  // that channel, whatever their notification switches say; in-app it still goes.
  const marketing = !spec.inAppOnly && isMarketingStem(stemOf(spec.text.titleKey));
  const recipientIds = rows.map((r) => r.recipient_id);
  const [emailOk, whatsAppOk] = marketing
    ? await Promise.all([grantedAmong(trx, env.orgId, 'email', recipientIds), grantedAmong(trx, env.orgId, 'whatsapp', recipientIds)])
    : [null, null];
  await scheduleDeliveriesMany(
    trx,
    env.orgId,
    rows.map((row) => {
      const pref = prefOf(row.recipient_id);
      return {
        n: row,
        email: !spec.inAppOnly && (pref.channels.email || spec.forceChannels?.email === true) && (emailOk?.has(row.recipient_id) ?? true),
        sms: !spec.inAppOnly && (pref.channels.sms || spec.forceChannels?.sms === true) && (whatsAppOk?.has(row.recipient_id) ?? true),
        language: prefs.get(row.recipient_id)!.language,
        at: new Date(env.occurredAt),
      };
    }),
  );
  const inApp = rows.filter((row) => prefOf(row.recipient_id).channels.inApp);
  const unread = await countUnreadOfMany(
    trx,
    env.orgId,
    inApp.map((row) => row.recipient_id),
  );
  await announceCreatedMany(
    trx,
    metadataOf(env),
    env.occurredAt,
    inApp.map((row) => ({ recipientId: row.recipient_id, notification: toNotification(row), unreadCount: unread.get(row.recipient_id)! })),
  );
  const notified = inApp.map((row) => row.recipient_id);
  return notified;
};
