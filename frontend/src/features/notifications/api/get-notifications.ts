import { notificationRoutes } from '@akhada/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { notificationKeys, type NotificationQuery } from './query-keys';

/** GET /api/notifications?type&status&page&limit */
export async function getNotifications(q: NotificationQuery, signal?: AbortSignal) {
  const json = await callRoute(notificationRoutes.list, { query: { ...q }, signal });
  return parseResponse(notificationRoutes.list.responses[200], json, 'GET /notifications');
}

export const notificationsQueryOptions = (q: NotificationQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(q),
    queryFn: ({ signal }) => getNotifications(q, signal),
  });

export function useNotifications(q: NotificationQuery, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationsQueryOptions(q), enabled: opts.enabled ?? true, placeholderData: keepPreviousData });
}
