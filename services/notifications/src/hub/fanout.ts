import {
  ATTENDANCE_SOCKET_EVENTS,
  AttendanceEvents,
  NotificationEvents,
  SOCKET_EVENTS,
  topicOf,
  type EventEnvelope,
  type PresenceCheckedIn,
  type PresenceCheckedOut,
} from '@akhada/contracts';
import { runFanoutConsumer, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import { within } from '@akhada/kit';
import type { z } from 'zod';
import type { RealtimeHub } from './realtime-hub.ts';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName.trim()} ${p.lastName.trim()}`.trim();

/** The live-presence summary of a check-in, as staff sockets receive it. */
export const presenceCheckedIn = (d: z.infer<typeof AttendanceEvents.CheckedIn.data>): PresenceCheckedIn => ({
  attendanceId: d.attendanceId,
  locationId: d.locationId,
  type: d.type,
  memberId: d.memberId,
  name: fullName(d),
  checkInTime: d.checkInTime,
  checkInMethod: d.checkInMethod,
  workoutType: d.workoutType,
});

export const presenceCheckedOut = (d: z.infer<typeof AttendanceEvents.CheckedOut.data>): PresenceCheckedOut => ({
  attendanceId: d.attendanceId,
  locationId: d.locationId,
  type: d.type,
  memberId: d.memberId,
  name: fullName(d),
  checkInTime: d.checkInTime,
  checkOutTime: d.checkOutTime,
  checkOutMethod: d.checkOutMethod,
  durationMinutes: d.durationMinutes,
  autoClosed: d.autoClosed,
});

/**
 * Turns one event of the notifications or attendance topic into socket emits: a notification to its recipient's
 * room, a check-in or check-out to the staff room of its organization's location (the envelope's orgId, never a
 * field a client chose). Unknown types are ignored.
 */
export const deliverToSockets = (hub: Pick<RealtimeHub, 'toUser' | 'toLocation'>, env: EventEnvelope<unknown>): void => {
  switch (env.type) {
    case NotificationEvents.NotificationCreated.type: {
      const d = NotificationEvents.NotificationCreated.data.parse(env.data);
      hub.toUser(d.recipientId, SOCKET_EVENTS.notificationNew, d.notification);
      hub.toUser(d.recipientId, SOCKET_EVENTS.unreadCount, { unreadCount: d.unreadCount });
      return;
    }
    case NotificationEvents.NotificationsRead.type: {
      const d = NotificationEvents.NotificationsRead.data.parse(env.data);
      hub.toUser(d.recipientId, SOCKET_EVENTS.unreadCount, { unreadCount: d.unreadCount });
      return;
    }
    case AttendanceEvents.CheckedIn.type: {
      const d = AttendanceEvents.CheckedIn.data.parse(env.data);
      hub.toLocation(env.orgId, d.locationId, ATTENDANCE_SOCKET_EVENTS.checkedIn, presenceCheckedIn(d));
      return;
    }
    case AttendanceEvents.CheckedOut.type: {
      const d = AttendanceEvents.CheckedOut.data.parse(env.data);
      hub.toLocation(env.orgId, d.locationId, ATTENDANCE_SOCKET_EVENTS.checkedOut, presenceCheckedOut(d));
      return;
    }
    default:
      return;
  }
};

/**
 * Every hub instance reads the whole notifications and attendance topics under its own group
 * (`notifications.hub.<instance>.<start>`) and pushes to its own sockets, so no shared adapter is needed. Resolves only once the group has joined and sits at
 * the end of the topic: an event produced after this returns reaches the sockets.
 */
export const startHubFanout = async ({
  bus,
  hub,
  instanceId,
  logger,
  startTime = Date.now(),
  joinTimeoutMs = 60_000,
}: {
  bus: EventBus;
  hub: Pick<RealtimeHub, 'toUser' | 'toLocation'>;
  instanceId: string;
  logger: Logger;
  startTime?: number;
  joinTimeoutMs?: number;
}): Promise<RunningConsumer> => {
  const topics = [topicOf('notifications'), topicOf('attendance')];
  const groupId = `notifications.hub.${instanceId}.${startTime}`;
  const consumer = await runFanoutConsumer({ bus, groupId, topics, from: 'now', logger, onEvent: (env) => deliverToSockets(hub, env) });
  try {
    await within(consumer.joined, joinTimeoutMs, `the hub's fan-out consumer did not join group ${groupId} within ${joinTimeoutMs / 1000} s`);
  } catch (err) {
    await consumer.stop();
    throw err;
  }
  logger.info({ groupId }, 'real-time hub is following the notifications and attendance topics');
  return consumer;
};
