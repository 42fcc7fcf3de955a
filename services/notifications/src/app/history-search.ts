import type { Notification, NotificationType } from '@akhada/contracts';
import { notFound } from '@akhada/kit';
import { sql } from 'kysely';
import { deliveriesOf } from '../db/deliveries-repo.ts';
import type { Owner } from '../db/notifications-repo.ts';
import { toNotification } from '../views/notification-view.ts';
import type { NotificationsDeps } from './deps.ts';

const owned = (db: NotificationsDeps['db'], owner: Owner) =>
  db.selectFrom('notifications').where('recipient_id', '=', owner.recipientId).where('org_id', '=', owner.orgId);

/** The caller's notifications between two calendar days (UTC, both included), archived too, newest first. */
export const notificationHistory = async (
  { db }: Pick<NotificationsDeps, 'db'>,
  owner: Owner,
  q: { startDate?: string | undefined; endDate?: string | undefined; type?: NotificationType | undefined; category?: string | undefined; limit: number },
): Promise<Notification[]> => {
  let query = owned(db, owner);
  if (q.startDate) query = query.where('created_at', '>=', new Date(`${q.startDate}T00:00:00Z`));
  if (q.endDate) query = query.where('created_at', '<', new Date(Date.parse(`${q.endDate}T00:00:00Z`) + 86_400_000));
  if (q.type) query = query.where('type', '=', q.type);
  if (q.category) query = query.where('category', '=', q.category);
  const rows = await query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  return rows.map(toNotification);
};

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller's notifications (archived excluded) whose title, message or named values (a member's name) contain the text. */
export const searchNotifications = async (
  { db }: Pick<NotificationsDeps, 'db'>,
  owner: Owner,
  q: { q: string; type?: NotificationType | undefined; category?: string | undefined; limit: number },
): Promise<{ notifications: Notification[]; totalCount: number }> => {
  const pattern = likePattern(q.q);
  let query = owned(db, owner)
    .where('status', '<>', 'archived')
    .where((eb) => eb.or([eb('title', 'ilike', pattern), eb('message', 'ilike', pattern), eb(sql<string>`params::text`, 'ilike', pattern)]));
  if (q.type) query = query.where('type', '=', q.type);
  if (q.category) query = query.where('category', '=', q.category);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute(),
    query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { notifications: rows.map(toNotification), totalCount: Number(count.n) };
};

/** How one of the caller's notifications went out, per channel; in-app first (its state is the notification's own). */
export const notificationDeliveries = async ({ db }: Pick<NotificationsDeps, 'db'>, owner: Owner, id: string) => {
  const n = await owned(db, owner).select(['id', 'status', 'created_at']).where('id', '=', id).executeTakeFirst();
  if (!n) throw notFound('Notification');
  const rows = await deliveriesOf(db, id);
  return [
    {
      channel: 'inApp' as const,
      status: n.status === 'archived' ? ('skipped' as const) : ('sent' as const),
      attempts: 1,
      lastError: null,
      sentAt: n.created_at.toISOString(),
    },
    ...rows.map((r) => ({
      channel: r.channel,
      status: r.status === 'sending' ? ('pending' as const) : r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      sentAt: r.sent_at?.toISOString() ?? null,
      providerStatus: r.provider_status,
    })),
  ];
};
