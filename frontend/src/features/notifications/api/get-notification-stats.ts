import { notificationRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys/notifications';

/** GET /api/notifications/stats: unread count and totals per type. */
export async function getNotificationStats(signal?: AbortSignal) {
  const json = await callRoute(notificationRoutes.stats, { signal });
  return parseResponse(notificationRoutes.stats.responses[200], json, 'GET /notifications/stats').data;
}

export const notificationStatsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.stats,
    queryFn: ({ signal }) => getNotificationStats(signal),
  });

export function useNotificationStats() {
  return useQuery(notificationStatsQueryOptions());
}
