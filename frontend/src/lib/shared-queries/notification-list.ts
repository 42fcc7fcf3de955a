import { notificationRoutes } from '@akhada/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../api-client';
import { notificationKeys, type NotificationQuery } from '../query-keys/notifications';

/** GET /api/notifications?type&status&page&limit */
export async function getNotifications(q: NotificationQuery, signal?: AbortSignal) {
  const json = await callRoute(notificationRoutes.list, { query: { ...q }, signal });
  return parseResponse(notificationRoutes.list.responses[200], json, 'GET /notifications');
}

/** A page of the user's notifications (the bell's latest 10, a page of 20 on the notifications page). */
export const notificationListQueryOptions = (q: NotificationQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(q),
    queryFn: ({ signal }) => getNotifications(q, signal),
  });

/** The 10 most recent: the bell's list, which the bell's socket keeps live, and the dashboard's recent activity. */
export const LATEST_NOTIFICATIONS: NotificationQuery = { page: 1, limit: 10 };
export const latestNotificationsQueryOptions = () => notificationListQueryOptions(LATEST_NOTIFICATIONS);
