import { notificationRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { DASHBOARD_REFRESH_MS } from './get-member-total';

/** GET /api/notifications/unread-count (same cache entry as the bell, which keeps it live). */
export async function getUnreadCount(signal?: AbortSignal) {
  const json = await callRoute(notificationRoutes.unreadCount, { signal });
  return parseResponse(notificationRoutes.unreadCount.responses[200], json, 'GET /notifications/unread-count').data;
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread-count'] as const,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
