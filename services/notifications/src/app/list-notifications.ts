import type { Notification, NotificationStatus, NotificationType } from '@akhada/contracts';
import { countFiltered, listPage, type Owner } from '../db/notifications-repo.ts';
import { pageOffset, totalPages } from '../domain/pagination.ts';
import { toNotification } from '../views/notification-view.ts';
import type { NotificationsDeps } from './deps.ts';

export interface ListQuery {
  type?: NotificationType | undefined;
  category?: string | undefined;
  status?: NotificationStatus | undefined;
  page: number;
  limit: number;
}

/** The caller's notifications, newest first (archived ones only when asked for). */
export const listNotifications = async (
  { db }: Pick<NotificationsDeps, 'db'>,
  owner: Owner,
  q: ListQuery,
): Promise<{ notifications: Notification[]; totalCount: number; page: number; limit: number; totalPages: number }> => {
  const filter = { type: q.type, category: q.category || undefined, status: q.status };
  const [rows, totalCount] = await Promise.all([listPage(db, owner, filter, pageOffset(q.page, q.limit), q.limit), countFiltered(db, owner, filter)]);
  return { notifications: rows.map(toNotification), totalCount, page: q.page, limit: q.limit, totalPages: totalPages(totalCount, q.limit) };
};
