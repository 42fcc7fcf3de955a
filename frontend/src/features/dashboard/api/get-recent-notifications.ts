import { notificationRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { DASHBOARD_REFRESH_MS } from './get-member-total';

export const RECENT_ACTIVITY_SIZE = 5;
const query = { page: 1, limit: RECENT_ACTIVITY_SIZE };

/** GET /api/notifications?page=1&limit=5: the latest activity that reached this user. */
export async function getRecentNotifications(signal?: AbortSignal) {
  const json = await callRoute(notificationRoutes.list, { query, signal });
  return parseResponse(notificationRoutes.list.responses[200], json, 'GET /notifications');
}

export const recentNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'list', query] as const,
    queryFn: ({ signal }) => getRecentNotifications(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export function useRecentNotifications() {
  return useQuery(recentNotificationsQueryOptions());
}
