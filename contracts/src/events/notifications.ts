import { z } from 'zod';
import { Notification } from '../http/notifications.ts';
import { defineEvent } from '../envelope.ts';

/** Fan-out event: every hub instance consumes it under its own group and pushes it to its local sockets. */
export const NotificationCreated = defineEvent(
  'notifications.notification_created',
  1,
  z.object({ recipientId: z.uuid(), notification: Notification, unreadCount: z.number().int().min(0) }),
);
export const NotificationsRead = defineEvent('notifications.notifications_read', 1, z.object({ recipientId: z.uuid(), unreadCount: z.number().int().min(0) }));
