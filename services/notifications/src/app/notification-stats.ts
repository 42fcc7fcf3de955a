import { countsByType, countUnread, type Owner } from '../db/notifications-repo.ts';
import type { NotificationsDeps } from './deps.ts';

/** Unread count and per-type counts of the caller's notifications (archived excluded). */
export const notificationStats = async ({ db }: Pick<NotificationsDeps, 'db'>, owner: Owner) => {
  const [unread, byType] = await Promise.all([countUnread(db, owner), countsByType(db, owner)]);
  return { unreadCount: unread, typeStats: byType.map((t) => ({ _id: t.type, count: t.count, unread: t.unread })) };
};
