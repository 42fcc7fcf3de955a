import {
  ATTENDANCE_SOCKET_EVENTS,
  AttendanceEvents,
  ChatEvents,
  DASHBOARD_SOCKET_EVENTS,
  DashboardEvents,
  ENQUIRIES_SOCKET_EVENTS,
  EnquiriesEvents,
  NotificationEvents,
  SOCKET_EVENTS,
  topicOf,
  topicSpecs,
  type EventEnvelope,
  type PresenceCheckedIn,
  type PresenceCheckedOut,
} from '@akhada/contracts';
import { runFanoutConsumer, within, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { z } from 'zod';
import { chatEmits } from './chat-fanout.ts';
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

/** Where the fan-out sends: a person's room, a location's staff room, or named rooms (chat's participants). */
export interface SocketTargets extends Pick<RealtimeHub, 'toUser' | 'toLocation'> {
  toRooms(rooms: string[], event: string, payload: unknown): void;
}

type Emit = (env: EventEnvelope<unknown>, to: SocketTargets) => void;

/** Every chat event the hub forwards: chatEmits decides the rooms and the payload (the typist's own rooms left out…). */
const chat: Emit = (env, to) => {
  for (const e of chatEmits(env)) if (e.rooms.length > 0) to.toRooms(e.rooms, e.event, e.payload);
};

/**
 * The hub's one table: event type → socket emits. A notification to its recipient's room, a check-in or check-out and
 * a dashboard change to the staff room of the envelope's organization and location (never a field a client chose),
 * chat to its participants' rooms, a lead's change to its location's staff room and its owner's room (a trainer sees
 * the leads given to them). A type not in the table is not for sockets. A push either carries what the screen
 * applies as it is (a notification, a chat message, a check-in or check-out: attendance puts the session into its
 * cached list and counts) or is a ping with no data to apply (dashboard:changed): never data the screen throws away.
 */
const EMITS: Record<string, Emit> = {
  [NotificationEvents.NotificationCreated.type]: (env, to) => {
    const d = NotificationEvents.NotificationCreated.data.parse(env.data);
    to.toUser(d.recipientId, SOCKET_EVENTS.notificationNew, d.notification);
    to.toUser(d.recipientId, SOCKET_EVENTS.unreadCount, { unreadCount: d.unreadCount });
  },
  [NotificationEvents.NotificationsRead.type]: (env, to) => {
    const d = NotificationEvents.NotificationsRead.data.parse(env.data);
    to.toUser(d.recipientId, SOCKET_EVENTS.unreadCount, { unreadCount: d.unreadCount });
  },
  [AttendanceEvents.CheckedIn.type]: (env, to) => {
    const d = AttendanceEvents.CheckedIn.data.parse(env.data);
    to.toLocation(env.orgId, d.locationId, ATTENDANCE_SOCKET_EVENTS.checkedIn, presenceCheckedIn(d));
  },
  [AttendanceEvents.CheckedOut.type]: (env, to) => {
    const d = AttendanceEvents.CheckedOut.data.parse(env.data);
    to.toLocation(env.orgId, d.locationId, ATTENDANCE_SOCKET_EVENTS.checkedOut, presenceCheckedOut(d));
  },
  [DashboardEvents.FiguresChanged.type]: (env, to) => {
    // Sent by the dashboard service after its read model applied the change. A thin "changed" ping (location and area,
    // no figures: those are the read model's to compute), so the open dashboard reads its overview again.
    const d = DashboardEvents.FiguresChanged.data.parse(env.data);
    if (d.locationId) to.toLocation(env.orgId, d.locationId, DASHBOARD_SOCKET_EVENTS.changed, d);
  },
  [EnquiriesEvents.LeadChanged.type]: (env, to) => {
    // A thin ping (which lead, where): the open enquiries screens read again, and the server scopes what each caller
    // gets. Staff of the location through its room; the lead's owner, and on a reassignment the owner before, through
    // their own (trainers join no location room; an owner or admin who is both gets two pings, coalesced on screen).
    const d = EnquiriesEvents.LeadChanged.data.parse(env.data);
    const ping = { leadId: d.leadId, locationId: d.locationId };
    to.toLocation(env.orgId, d.locationId, ENQUIRIES_SOCKET_EVENTS.changed, ping);
    if (d.ownerId) to.toUser(d.ownerId, ENQUIRIES_SOCKET_EVENTS.changed, ping);
    // Reassigned: the owner before drops it from their screens (a trainer no longer sees it).
    if (d.previousOwnerId && d.previousOwnerId !== d.ownerId) to.toUser(d.previousOwnerId, ENQUIRIES_SOCKET_EVENTS.changed, ping);
  },
  ...Object.fromEntries(
    Object.values(ChatEvents).flatMap((e) =>
      typeof e === 'object' && 'type' in e && typeof e.type === 'string' && e.type.startsWith('chat.') ? [[e.type, chat]] : [],
    ),
  ),
};

/** Turns one event of a followed topic into socket emits (see EMITS); a type that is not for sockets is ignored. */
export const deliverToSockets = (to: SocketTargets, env: EventEnvelope<unknown>): void => EMITS[env.type]?.(env, to);

/** The topics whose events reach sockets. */
export const HUB_TOPICS = () => [topicOf('notifications'), topicOf('attendance'), topicOf('chat'), topicOf('dashboard'), topicOf('enquiries')];

/**
 * Every hub instance reads the topics of HUB_TOPICS under one group of its own (`notifications.hub.<instance>.<start>`)
 * from now on, and pushes to its own sockets, so no shared adapter is needed. One consumer for all of them (one fetch
 * loop, one group, one stop). Resolves only once the group has joined and sits at the end of the topics: an event
 * produced after this returns reaches the sockets.
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
  hub: SocketTargets;
  instanceId: string;
  logger: Logger;
  startTime?: number;
  joinTimeoutMs?: number;
}): Promise<RunningConsumer> => {
  const topics = HUB_TOPICS();
  // A fresh broker may lack a topic whose service has not run yet (tests create only the topics they use).
  await bus.ensureTopics(topicSpecs().filter((t) => topics.includes(t.topic)));
  const groupId = `notifications.hub.${instanceId}.${startTime}`;
  const consumer = await runFanoutConsumer({ bus, groupId, topics, from: 'now', logger, onEvent: (env) => deliverToSockets(hub, env) });
  try {
    await within(consumer.joined, joinTimeoutMs, `the hub's fan-out consumer did not join group ${groupId} within ${joinTimeoutMs / 1000} s`);
  } catch (err) {
    await consumer.stop();
    throw err;
  }
  logger.info({ groupId, topics }, 'real-time hub is following its topics');
  return consumer;
};
