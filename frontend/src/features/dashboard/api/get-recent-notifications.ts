import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationListQueryOptions } from '../../../lib/shared-queries/notification-list';
import { DASHBOARD_REFRESH_MS } from './get-member-total';

export const RECENT_ACTIVITY_SIZE = 5;

/** The latest activity that reached this user: GET /api/notifications?page=1&limit=5, refreshed with the dashboard. */
export const recentNotificationsQueryOptions = () =>
  queryOptions({ ...notificationListQueryOptions({ page: 1, limit: RECENT_ACTIVITY_SIZE }), refetchInterval: DASHBOARD_REFRESH_MS });

export function useRecentNotifications() {
  return useQuery(recentNotificationsQueryOptions());
}
