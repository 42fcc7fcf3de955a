import { NotificationEvents, SOCKET_EVENTS, type Notification } from '@akhada/contracts';
import { makeEnvelope, newId } from '@akhada/kit';
import { describe, expect, it } from 'vitest';
import { deliverToSockets } from './fanout.ts';

const recipientId = newId();
const orgId = newId();
const notification: Notification = {
  _id: newId(),
  type: 'membership',
  category: 'member_registered',
  status: 'unread',
  priority: 'low',
  title: 'New member registered',
  message: 'Priya Sharma joined: Basic membership.',
  createdAt: '2025-10-01T10:00:00.000Z',
  readAt: null,
  actionUrl: '/dashboard/members/x',
  actionText: 'View',
  locationId: null,
};
const meta = { aggregateId: recipientId, orgId, correlationId: 'c', causationId: 'c', occurredAt: '2025-10-01T10:00:00.000Z' };

const recorder = () => {
  const calls: unknown[][] = [];
  return { calls, hub: { toUser: (...a: unknown[]) => void calls.push(a) } as never };
};

describe('fan-out routing', () => {
  it('pushes a new notification and the new count to the recipient only', () => {
    const { calls, hub } = recorder();
    deliverToSockets(hub, makeEnvelope(NotificationEvents.NotificationCreated, { ...meta, data: { recipientId, notification, unreadCount: 3 } }));
    expect(calls).toEqual([
      [recipientId, SOCKET_EVENTS.notificationNew, notification],
      [recipientId, SOCKET_EVENTS.unreadCount, { unreadCount: 3 }],
    ]);
  });
  it('pushes the count after a read', () => {
    const { calls, hub } = recorder();
    deliverToSockets(hub, makeEnvelope(NotificationEvents.NotificationsRead, { ...meta, data: { recipientId, unreadCount: 0 } }));
    expect(calls).toEqual([[recipientId, SOCKET_EVENTS.unreadCount, { unreadCount: 0 }]]);
  });
  it('ignores other event types and rejects a malformed payload', () => {
    const { calls, hub } = recorder();
    deliverToSockets(hub, {
      ...makeEnvelope(NotificationEvents.NotificationsRead, { ...meta, data: { recipientId, unreadCount: 0 } }),
      type: 'notifications.something_else',
    });
    expect(calls).toEqual([]);
    expect(() =>
      deliverToSockets(hub, {
        ...makeEnvelope(NotificationEvents.NotificationsRead, { ...meta, data: { recipientId, unreadCount: 0 } }),
        data: { recipientId: 'nope' },
      }),
    ).toThrow();
  });
});
