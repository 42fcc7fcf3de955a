import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NotificationQuery } from '../../../lib/query-keys/notifications';
import { notificationListQueryOptions } from '../../../lib/shared-queries/notification-list';

/** A page of notifications; while the next page loads, the previous one stays on screen. */
export function useNotifications(q: NotificationQuery, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationListQueryOptions(q), enabled: opts.enabled ?? true, placeholderData: keepPreviousData });
}
