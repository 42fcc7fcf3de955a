import { z } from 'zod';
import { NotificationPriority, NotificationStatus, NotificationType } from '../enums.ts';
import { ANY_ROLE, IdParams, IsoDateTime, ok, Pagination, Problem, route, Text } from './route.ts';

export const Notification = z.object({
  _id: z.uuid(),
  type: NotificationType,
  category: z.string(),
  status: NotificationStatus,
  priority: NotificationPriority,
  title: z.string(),
  message: z.string(),
  createdAt: IsoDateTime,
  readAt: IsoDateTime.nullable(),
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
  locationId: z.uuid().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationListQuery = z.object({
  type: NotificationType.optional(),
  category: Text('Category').trim().max(60, 'Category must be at most 60 characters').optional(),
  status: NotificationStatus.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const NotificationList = z.object({
  success: z.literal(true),
  data: z.object({ notifications: z.array(Notification) }),
  totalCount: z.number().int(),
  pagination: Pagination,
});
export const UnreadCount = z.object({ unreadCount: z.number().int().min(0) });
export const NotificationStats = z.object({
  unreadCount: z.number().int().min(0),
  typeStats: z.array(z.object({ _id: NotificationType, count: z.number().int(), unread: z.number().int() })),
});

export const notificationRoutes = {
  list: route({
    method: 'GET',
    path: '/notifications',
    query: NotificationListQuery,
    responses: { 200: NotificationList, 400: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'A page of the caller’s own notifications, newest first, filtered by type, category or status.',
  }),
  unreadCount: route({
    method: 'GET',
    path: '/notifications/unread-count',
    responses: { 200: ok(UnreadCount) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'How many of the caller’s notifications are unread.',
  }),
  stats: route({
    method: 'GET',
    path: '/notifications/stats',
    responses: { 200: ok(NotificationStats) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'The caller’s unread count and their notification counts by type.',
  }),
  markRead: route({
    method: 'PUT',
    path: '/notifications/:id/read',
    params: IdParams,
    responses: { 200: ok(Notification), 404: Problem },
    allowReadOnly: true,
    auth: true,
    roles: ANY_ROLE,
    summary: 'Mark one of the caller’s notifications read (404 for anyone else’s).',
  }),
  markUnread: route({
    method: 'PUT',
    path: '/notifications/:id/unread',
    params: IdParams,
    responses: { 200: ok(Notification), 404: Problem },
    allowReadOnly: true,
    auth: true,
    roles: ANY_ROLE,
    summary: 'Mark one of the caller’s notifications unread again (404 for anyone else’s).',
  }),
  archive: route({
    method: 'PUT',
    path: '/notifications/:id/archive',
    params: IdParams,
    responses: { 200: ok(Notification), 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Archive one of the caller’s notifications (404 for anyone else’s).',
  }),
  remove: route({
    method: 'DELETE',
    path: '/notifications/:id',
    params: IdParams,
    responses: { 200: ok(z.object({ deleted: z.literal(true) })), 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Delete one of the caller’s notifications (404 for anyone else’s).',
  }),
  markAllRead: route({
    method: 'PUT',
    path: '/notifications/mark-all-read',
    responses: { 200: ok(z.object({ modifiedCount: z.number().int() })) },
    allowReadOnly: true,
    auth: true,
    roles: ANY_ROLE,
    summary: 'Mark every unread notification of the caller read.',
  }),
} as const;

/** socket.io events pushed by the real-time hub (path /socket.io, auth: { token }). */
export const SOCKET_EVENTS = {
  notificationNew: 'notification:new',
  unreadCount: 'notification:unread-count',
  /** Server → client, just before the hub closes a socket whose token expired or whose session ended: { code, message }. */
  authError: 'auth:error',
  /** Client → server with a fresh token (or { token }); acknowledged with { ok: true, expiresAt } or { ok: false, code, message }. */
  authRefresh: 'auth:refresh',
} as const;
