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

/**
 * An automation (issue 27) asks for a follow-up on a lead: enquiries adds it to the lead (due at `dueAt`, the lead's
 * owner's to do) exactly once by `followUpId` (the automation run's), and passes over a lead it does not know.
 * Keyed by the lead.
 */
export const FollowUpRequested = defineEvent(
  'notifications.follow_up_requested',
  1,
  z.object({
    leadId: z.uuid(),
    followUpId: z.uuid(),
    kind: z.enum(['call', 'whatsapp', 'visit']),
    dueAt: z.iso.datetime({ offset: true }),
    note: z.string(),
    ruleId: z.uuid(),
  }),
);
