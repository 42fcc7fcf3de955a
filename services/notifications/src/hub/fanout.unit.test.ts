import {
  ATTENDANCE_SOCKET_EVENTS,
  AttendanceEvents,
  CHAT_SOCKET_EVENTS,
  ChatEvents,
  DASHBOARD_SOCKET_EVENTS,
  DashboardEvents,
  ENQUIRIES_SOCKET_EVENTS,
  EnquiriesEvents,
  NotificationEvents,
  SOCKET_EVENTS,
  topicOf,
  type Notification,
} from '@akhada/contracts';
import { makeEnvelope, newId } from '@akhada/kit';
import { describe, expect, it } from 'vitest';
import { deliverToSockets, HUB_TOPICS } from './fanout.ts';

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
  return {
    calls,
    hub: {
      toUser: (...a: unknown[]) => void calls.push(a),
      toLocation: (...a: unknown[]) => void calls.push(['location', ...a]),
      toRooms: (...a: unknown[]) => void calls.push(['rooms', ...a]),
    } as never,
  };
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
  it('pushes a check-in and a check-out to the staff room of the event’s organization and location', () => {
    const { calls, hub } = recorder();
    const [attendanceId, memberId, locationId] = [newId(), newId(), newId()];
    deliverToSockets(
      hub,
      makeEnvelope(AttendanceEvents.CheckedIn, {
        ...meta,
        aggregateId: memberId,
        data: {
          attendanceId,
          memberId,
          type: 'member',
          locationId,
          firstName: ' Priya',
          lastName: 'Sharma ',
          trainerId: null,
          workoutType: 'yoga',
          checkInMethod: 'qr',
          checkInTime: '2025-10-01T10:00:00.000Z',
        },
      }),
    );
    deliverToSockets(
      hub,
      makeEnvelope(AttendanceEvents.CheckedOut, {
        ...meta,
        aggregateId: memberId,
        data: {
          attendanceId,
          memberId,
          type: 'member',
          locationId,
          firstName: 'Priya',
          lastName: 'Sharma',
          checkInTime: '2025-10-01T10:00:00.000Z',
          checkOutTime: '2025-10-01T14:00:00.000Z',
          durationMinutes: 240,
          checkOutMethod: 'auto',
          autoClosed: true,
        },
      }),
    );
    expect(calls).toEqual([
      [
        'location',
        orgId,
        locationId,
        ATTENDANCE_SOCKET_EVENTS.checkedIn,
        {
          attendanceId,
          locationId,
          type: 'member',
          memberId,
          name: 'Priya Sharma',
          checkInTime: '2025-10-01T10:00:00.000Z',
          checkInMethod: 'qr',
          workoutType: 'yoga',
        },
      ],
      [
        'location',
        orgId,
        locationId,
        ATTENDANCE_SOCKET_EVENTS.checkedOut,
        {
          attendanceId,
          locationId,
          type: 'member',
          memberId,
          name: 'Priya Sharma',
          checkInTime: '2025-10-01T10:00:00.000Z',
          checkOutTime: '2025-10-01T14:00:00.000Z',
          checkOutMethod: 'auto',
          durationMinutes: 240,
          autoClosed: true,
        },
      ],
    ]);
  });

  it('pushes a dashboard change to the location’s staff room, and nothing for an organization-wide one', () => {
    const { calls, hub } = recorder();
    const locationId = newId();
    deliverToSockets(hub, makeEnvelope(DashboardEvents.FiguresChanged, { ...meta, data: { locationId, area: 'attendance' } }));
    deliverToSockets(hub, makeEnvelope(DashboardEvents.FiguresChanged, { ...meta, data: { locationId: null, area: 'attendance' } }));
    expect(calls).toEqual([['location', orgId, locationId, DASHBOARD_SOCKET_EVENTS.changed, { locationId, area: 'attendance' }]]);
  });
  it('pings a lead’s change to its location’s staff room and to its owner’s own room, and only to its location’s staff when nobody owns it', () => {
    const { calls, hub } = recorder();
    const [leadId, locationId, ownerId] = [newId(), newId(), newId()];
    const changed = (owner: string | null, change: 'follow_up_added' | 'captured') =>
      makeEnvelope(EnquiriesEvents.LeadChanged, { ...meta, aggregateId: leadId, locationId, data: { leadId, locationId, ownerId: owner, change } });
    deliverToSockets(hub, changed(ownerId, 'follow_up_added'));
    deliverToSockets(hub, changed(null, 'captured'));
    const ping = { leadId, locationId };
    expect(calls).toEqual([
      ['location', orgId, locationId, ENQUIRIES_SOCKET_EVENTS.changed, ping],
      [ownerId, ENQUIRIES_SOCKET_EVENTS.changed, ping],
      ['location', orgId, locationId, ENQUIRIES_SOCKET_EVENTS.changed, ping],
    ]);
    expect(HUB_TOPICS()).toContain(topicOf('enquiries'));
  });
  it('pings the owner before a reassignment too, so a trainer’s screens drop the lead given to someone else', () => {
    const { calls, hub } = recorder();
    const [leadId, locationId, trainer, admin] = [newId(), newId(), newId(), newId()];
    deliverToSockets(
      hub,
      makeEnvelope(EnquiriesEvents.LeadChanged, {
        ...meta,
        aggregateId: leadId,
        data: { leadId, locationId, ownerId: admin, previousOwnerId: trainer, change: 'assigned' },
      }),
    );
    const ping = { leadId, locationId };
    expect(calls).toEqual([
      ['location', orgId, locationId, ENQUIRIES_SOCKET_EVENTS.changed, ping],
      [admin, ENQUIRIES_SOCKET_EVENTS.changed, ping],
      [trainer, ENQUIRIES_SOCKET_EVENTS.changed, ping],
    ]);
  });
  it('sends nothing for the other enquiries events (lead_changed is the one ping of every change)', () => {
    const { calls, hub } = recorder();
    const [leadId, locationId] = [newId(), newId()];
    deliverToSockets(
      hub,
      makeEnvelope(EnquiriesEvents.LeadJoined, { ...meta, aggregateId: leadId, data: { leadId, locationId, memberId: newId(), referralCode: null } }),
    );
    expect(calls).toEqual([]);
  });
  it('pushes chat through the same table, to its participants’ rooms (the typist’s own left out)', () => {
    const { calls, hub } = recorder();
    const [conversationId, typist, other] = [newId(), newId(), newId()];
    deliverToSockets(
      hub,
      makeEnvelope(ChatEvents.Typing, {
        ...meta,
        aggregateId: conversationId,
        data: { conversationId, userId: typist, name: 'Asha', isTyping: true, participantIds: [typist, other] },
      }),
    );
    expect(calls).toEqual([['rooms', [`user:${other}`], CHAT_SOCKET_EVENTS.typing, { conversationId, userId: typist, name: 'Asha', isTyping: true }]]);
  });
});
