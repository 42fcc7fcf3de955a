import type { Notification } from '@akhada/contracts';
import type { NotificationRow } from '../db/schema.ts';

/** The one way a stored notification leaves this service (HTTP and the fan-out event alike). */
export const toNotification = (r: NotificationRow): Notification => ({
  _id: r.id,
  type: r.type,
  category: r.category,
  status: r.status,
  priority: r.priority,
  title: r.title,
  message: r.message,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at ? r.read_at.toISOString() : null,
  actionUrl: r.action_url,
  actionText: r.action_text,
  locationId: r.location_id,
  titleKey: r.title_key,
  messageKey: r.message_key,
  actionKey: r.action_key ?? null,
  params: r.params,
});
