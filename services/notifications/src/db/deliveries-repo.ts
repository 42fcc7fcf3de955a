import type { MessageLanguage } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import { sql, type Transaction, type Updateable } from 'kysely';
import type { DeliveriesTable, DeliveryRow, NotificationRow, NotificationsDb, ProviderStatus } from './schema.ts';

/**
 * One delivery row per channel each notification goes out on (several of one organization in a few queries), in the transaction that wrote the notification: the
 * deliverer sends them later. Email needs an address; WhatsApp/SMS a standing consent and its number. The primary key
 * (notification, channel) means a second scheduling writes nothing.
 */
export const scheduleDeliveriesMany = async (
  trx: Transaction<NotificationsDb>,
  orgId: string,
  items: readonly { n: NotificationRow; email: boolean; sms: boolean; language: MessageLanguage; at: Date }[],
): Promise<void> => {
  const wanted = items.filter((i) => i.email || i.sms);
  if (wanted.length === 0) return;
  const ids = [...new Set(wanted.map((i) => i.n.recipient_id))];
  const smsIds = [...new Set(wanted.filter((i) => i.sms).map((i) => i.n.recipient_id))];
  const [recipients, members, consents] = await Promise.all([
    trx.selectFrom('recipients').select(['user_id', 'email']).where('user_id', 'in', ids).where('org_id', '=', orgId).execute(),
    trx.selectFrom('member_copies').select(['member_id', 'email', 'phone']).where('member_id', 'in', ids).where('org_id', '=', orgId).execute(),
    smsIds.length
      ? trx.selectFrom('messaging_consent').select(['user_id', 'granted', 'phone']).where('user_id', 'in', smsIds).where('org_id', '=', orgId).execute()
      : Promise.resolve([]),
  ]);
  const emailOf = new Map(recipients.map((r) => [r.user_id, r.email]));
  const memberOf = new Map(members.map((m) => [m.member_id, m]));
  const phoneOf = new Map(consents.filter((c) => c.granted && c.phone).map((c) => [c.user_id, c.phone!]));
  const rows = wanted.flatMap(({ n, email, sms, language, at }) => {
    const address = memberOf.get(n.recipient_id)?.email || emailOf.get(n.recipient_id) || null;
    const phone = sms ? (phoneOf.get(n.recipient_id) ?? null) : null;
    const channels: { channel: 'email' | 'sms'; address: string }[] = [];
    if (email && address) channels.push({ channel: 'email', address });
    if (phone) channels.push({ channel: 'sms', address: phone });
    return channels.map((c) => ({
      notification_id: n.id,
      channel: c.channel,
      org_id: n.org_id,
      recipient_id: n.recipient_id,
      address: c.address,
      language,
      status: 'pending' as const,
      next_attempt_at: at,
      last_error: null,
      provider_id: null,
      sent_at: null,
      created_at: at,
    }));
  });
  if (rows.length === 0) return;
  await trx
    .insertInto('deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['notification_id', 'channel']).doNothing())
    .execute();
};

/** The number a user agreed to be messaged on, or null without a standing consent. */
export const consentedPhone = async (db: Executor<NotificationsDb>, userId: string, orgId: string): Promise<string | null> => {
  const c = await db.selectFrom('messaging_consent').select(['granted', 'phone']).where('user_id', '=', userId).where('org_id', '=', orgId).executeTakeFirst();
  return c?.granted && c.phone ? c.phone : null;
};

export type DueDelivery = DeliveryRow & { notification: NotificationRow };

/**
 * Claims up to `limit` due deliveries for `leaseMs`: pending ones whose time has come, and 'sending' ones whose lease
 * ran out (their deliverer died). The claim commits before anything is sent; SKIP LOCKED keeps two deliverers apart.
 */
export const claimDue = (db: Executor<NotificationsDb>, now: Date, leaseMs: number, limit: number): Promise<DueDelivery[]> =>
  db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('deliveries')
      .select(['notification_id', 'channel'])
      .where('status', 'in', ['pending', 'sending'])
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    const claimed: DueDelivery[] = [];
    for (const d of due) {
      const row = await trx
        .updateTable('deliveries')
        .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + leaseMs) }))
        .where('notification_id', '=', d.notification_id)
        .where('channel', '=', d.channel)
        .returningAll()
        .executeTakeFirstOrThrow();
      const notification = await trx.selectFrom('notifications').selectAll().where('id', '=', d.notification_id).executeTakeFirst();
      if (!notification) {
        await trx
          .updateTable('deliveries')
          .set({ status: 'skipped', last_error: 'notification deleted' })
          .where('notification_id', '=', d.notification_id)
          .execute();
        continue;
      }
      claimed.push({ ...row, notification });
    }
    return claimed;
  });

type Key = Pick<DeliveryRow, 'notification_id' | 'channel'>;

/** Marks only a row this deliverer still holds (status 'sending'): a row skipped meanwhile (consent withdrawn) stays so. */
const finish = (db: Executor<NotificationsDb>, k: Key, set: Updateable<DeliveriesTable>) =>
  db
    .updateTable('deliveries')
    .set(set)
    .where('notification_id', '=', k.notification_id)
    .where('channel', '=', k.channel)
    .where('status', '=', 'sending')
    .execute();

export const markSent = async (db: Executor<NotificationsDb>, k: Key, providerId: string | null, now: Date): Promise<void> => {
  // A status callback may already have come (the platform answers the send and calls back at once): it is kept.
  await db
    .updateTable('deliveries')
    .set({
      status: 'sent',
      provider_id: providerId,
      sent_at: now,
      last_error: null,
      // WhatsApp only: the platform took it (its callbacks say more).
      ...(k.channel === 'sms'
        ? { provider_status: sql<ProviderStatus>`coalesce(provider_status, 'queued')`, provider_status_at: sql<Date>`coalesce(provider_status_at, ${now})` }
        : {}),
    })
    .where('notification_id', '=', k.notification_id)
    .where('channel', '=', k.channel)
    .where('status', '=', 'sending')
    .execute();
};
export const markRetry = async (db: Executor<NotificationsDb>, k: Key, error: string, at: Date): Promise<void> => {
  await finish(db, k, { status: 'pending', last_error: error.slice(0, 500), next_attempt_at: at });
};
export const markFinal = async (db: Executor<NotificationsDb>, k: Key, status: 'failed' | 'skipped', error: string): Promise<void> => {
  await finish(db, k, { status, last_error: error.slice(0, 500) });
};

export const deliveriesOf = (db: Executor<NotificationsDb>, notificationId: string): Promise<DeliveryRow[]> =>
  db.selectFrom('deliveries').selectAll().where('notification_id', '=', notificationId).orderBy('channel').execute();

/** Deliveries still to be tried (tests wait on this reaching zero). */
export const openDeliveries = async (db: Executor<NotificationsDb>): Promise<number> => {
  const r = await db
    .selectFrom('deliveries')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(r.n);
};
