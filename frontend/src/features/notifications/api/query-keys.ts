import type { NotificationStatus, NotificationType } from '@akhada/contracts';

export interface NotificationQuery {
  page: number;
  limit: number;
  type?: NotificationType;
  status?: NotificationStatus;
}

/** The bell asks for the 10 most recent. */
export const BELL_QUERY: NotificationQuery = { page: 1, limit: 10 };

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (q: NotificationQuery) => ['notifications', 'list', q] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  stats: ['notifications', 'stats'] as const,
};
