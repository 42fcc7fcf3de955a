import { notificationRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../api-client';
import { notificationKeys } from '../query-keys/notifications';

/** Polled every 30 s as a safety net under the socket's live updates. */
export const UNREAD_POLL_MS = 30_000;

/** GET /api/notifications/unread-count */
export async function getUnreadCount(signal?: AbortSignal) {
  const json = await callRoute(notificationRoutes.unreadCount, { signal });
  return parseResponse(notificationRoutes.unreadCount.responses[200], json, 'GET /notifications/unread-count').data;
}

/**
 * The unread count: one cache entry, shown by the bell and the dashboard, with one refresh rule (the bell's socket
 * sets it live; a 30-second poll covers a socket that is down).
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: UNREAD_POLL_MS,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
