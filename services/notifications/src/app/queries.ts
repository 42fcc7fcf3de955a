import type { NotificationStatus, NotificationType, Notification } from '@akhada/contracts';
import type { Kysely } from 'kysely';
import { countFiltered, countsByType, countUnread, listPage, type Owner } from '../db/notifications-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';
import { pageOffset, totalPages } from '../domain/pagination.ts';
import { toNotification } from './notification-view.ts';

export interface ListQuery {
  type?: NotificationType | undefined;
  category?: string | undefined;
  status?: NotificationStatus | undefined;
  page: number;
  limit: number;
}

export const listNotifications = async (
  { db }: { db: Kysely<NotificationsDb> },
  owner: Owner,
  q: ListQuery,
): Promise<{ notifications: Notification[]; totalCount: number; page: number; limit: number; totalPages: number }> => {
  const filter = { type: q.type, category: q.category || undefined, status: q.status };
  const [rows, totalCount] = await Promise.all([listPage(db, owner, filter, pageOffset(q.page, q.limit), q.limit), countFiltered(db, owner, filter)]);
  return { notifications: rows.map(toNotification), totalCount, page: q.page, limit: q.limit, totalPages: totalPages(totalCount, q.limit) };
};

export const unreadCount = ({ db }: { db: Kysely<NotificationsDb> }, owner: Owner): Promise<number> => countUnread(db, owner);

export const notificationStats = async ({ db }: { db: Kysely<NotificationsDb> }, owner: Owner) => {
  const [unread, byType] = await Promise.all([countUnread(db, owner), countsByType(db, owner)]);
  return { unreadCount: unread, typeStats: byType.map((t) => ({ _id: t.type, count: t.count, unread: t.unread })) };
};
