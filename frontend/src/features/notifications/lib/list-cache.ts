import type { Notification, NotificationList } from '@akhada/contracts';
import type { z } from 'zod';

export type NotificationListData = z.infer<typeof NotificationList>;

/** How many items the bell keeps. */
export const BELL_SIZE = 10;

/** Puts a newly pushed notification at the front (once), keeping at most `cap` items. */
export function prependNotification(list: Notification[], item: Notification, cap = BELL_SIZE): Notification[] {
  return [item, ...list.filter((n) => n._id !== item._id)].slice(0, cap);
}

/** Marks one notification read in a cached page; other items are left as they are. */
export function markReadInList(data: NotificationListData, id: string, readAt: string): NotificationListData {
  let changed = false;
  const notifications = data.data.notifications.map((n) => {
    if (n._id !== id || n.status !== 'unread') return n;
    changed = true;
    return { ...n, status: 'read' as const, readAt };
  });
  return changed ? { ...data, data: { notifications } } : data;
}

export function markAllReadInList(data: NotificationListData, readAt: string): NotificationListData {
  return {
    ...data,
    data: { notifications: data.data.notifications.map((n) => (n.status === 'unread' ? { ...n, status: 'read' as const, readAt } : n)) },
  };
}

/** Only in-app paths are followed from a notification: never another origin, never a script URL. */
export function safeActionPath(actionUrl: string | null): string | null {
  if (!actionUrl) return null;
  return actionUrl.startsWith('/') && !actionUrl.startsWith('//') && !actionUrl.startsWith('/\\') ? actionUrl : null;
}
