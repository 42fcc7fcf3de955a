import { notificationRoutes } from '@akhada/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../api-client';
import { notificationKeys, type NotificationQuery } from '../query-keys/notifications';

/** GET /api/notifications?type&status&page&limit */
export async function getNotifications(q: NotificationQuery, signal?: AbortSignal) {
  const json = await callRoute(notificationRoutes.list, { query: { ...q }, signal });
  return parseResponse(notificationRoutes.list.responses[200], json, 'GET /notifications');
}

/** A page of the user's notifications (the bell's 10, the notifications page's 20, the dashboard's latest 5). */
export const notificationListQueryOptions = (q: NotificationQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(q),
    queryFn: ({ signal }) => getNotifications(q, signal),
  });
