import type { NotificationStatus, NotificationType } from '@akhada/contracts';

export interface NotificationQuery {
  page: number;
  limit: number;
  type?: NotificationType;
  status?: NotificationStatus;
}

/**
 * The notifications feature's cache keys, the one factory for them. In `lib` because the shell's bell and the
 * dashboard read the same entries (features do not import each other); everything is under ['notifications'], so
 * one invalidation refreshes all of it.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (q: NotificationQuery) => ['notifications', 'list', q] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  stats: ['notifications', 'stats'] as const,
};
