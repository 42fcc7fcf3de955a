// Live presence and low-attendance alerts against the real PostgreSQL and Kafka, with real socket.io clients: a
// check-in reaches the staff sockets of its location only (not another location's admin, not a member or a trainer,
// not another gym), and the low-attendance rule notifies staff and nudges the member once per period.
import {
  ATTENDANCE_SOCKET_EVENTS,
  AttendanceEvents,
  AuthEvents,
  ChatEvents,
  PresenceCheckedIn,
  PresenceCheckedOut,
  topicOf,
  topicSpecs,
  type EventEnvelope,
  type Role,
} from '@akhada/contracts';
import { makeEnvelope, newId } from '@akhada/kit';
import { performance } from 'node:perf_hooks';
import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootNotifications } from './setup.ts';

// ---------- fixtures: gym A with locations L1 and L2, gym B with LB ----------
const orgId = newId();
const otherOrg = newId();
const [L1, L2, LB] = [newId(), newId(), newId()];
type User = { id: string; role: Role; locs: string[]; sid: string; orgId?: string };
const user = (role: Role, locs: string[], org?: string): User => ({ id: newId(), role, locs, sid: newId(), ...(org ? { orgId: org } : {}) });
const owner = user('owner', [L1, L2]);
const adminL1 = user('admin', [L1]);
const adminL2 = user('admin', [L2]);
const trainerL1 = user('trainer', [L1]);
const memberL1 = user('member', [L1]);
const ownerB = user('owner', [LB], otherOrg);

let svc: Awaited<ReturnType<typeof bootNotifications>>;
const sockets: ClientSocket[] = [];

// ---------- helpers ----------
const meta = (aggregateId: string, org = orgId, locationId?: string) => ({
  aggregateId,
  orgId: org,
  correlationId: newId(),
  causationId: newId(),
  occurredAt: new Date().toISOString(),
  ...(locationId ? { locationId } : {}),
});

const produce = (topic: string, env: EventEnvelope<unknown>, partition?: number) =>
  svc.producer.publish([
    {
      topic,
      key: env.aggregateId,
      value: JSON.stringify(env),
      headers: { 'event-id': env.eventId, 'event-type': env.type },
      ...(partition === undefined ? {} : { partition }),
    },
  ]);

const userRegistered = (u: User) =>
  makeEnvelope(AuthEvents.UserRegistered, {
    ...meta(u.id, u.orgId ?? orgId),
    data: { userId: u.id, orgId: u.orgId ?? orgId, role: u.role, firstName: 'Test', lastName: u.role, email: `${u.id}@example.in`, locationIds: u.locs },
  });

const checkedIn = (locationId: string, org = orgId, memberId = newId()) =>
  makeEnvelope(AttendanceEvents.CheckedIn, {
    ...meta(memberId, org, locationId),
    data: {
      attendanceId: newId(),
      memberId,
      type: 'member',
      locationId,
      firstName: 'Priya',
      lastName: 'Sharma',
      trainerId: null,
      workoutType: 'strength',
      checkInMethod: 'qr',
      checkInTime: new Date().toISOString(),
    },
  });

const checkedOut = (inEnv: ReturnType<typeof checkedIn>) =>
  makeEnvelope(AttendanceEvents.CheckedOut, {
    ...meta(inEnv.data.memberId, inEnv.orgId, inEnv.data.locationId),
    data: {
      attendanceId: inEnv.data.attendanceId,
      memberId: inEnv.data.memberId,
      type: 'member',
      locationId: inEnv.data.locationId,
      firstName: 'Priya',
      lastName: 'Sharma',
      checkInTime: inEnv.data.checkInTime,
      checkOutTime: new Date(Date.parse(inEnv.data.checkInTime) + 4 * 3_600_000).toISOString(),
      durationMinutes: 240,
      checkOutMethod: 'auto',
      autoClosed: true,
    },
  });

const lowAttendance = (memberId: string, periodStart: string, days = 9) =>
  makeEnvelope(AttendanceEvents.LowAttendanceDetected, {
    ...meta(memberId, orgId, L1),
    data: {
      memberId,
      locationId: L1,
      firstName: 'Rohan',
      lastName: 'Patil',
      email: `${memberId}@example.in`,
      days,
      lastVisit: null,
      periodStart,
    },
  });

const tokenOf = (u: User) => svc.keys.sign({ userId: u.id, orgId: u.orgId ?? orgId, role: u.role, locationIds: u.locs, sessionId: u.sid });

/** A connected socket of the user, recording every attendance event it receives. */
const openSocket = async (u: User) => {
  const s = connectSocket(svc.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    auth: { token: await tokenOf(u) },
  });
  sockets.push(s);
  const got: { event: string; payload: unknown; at: number }[] = [];
  s.onAny((event: string, payload: unknown) => {
    if (event.startsWith('attendance:')) got.push({ event, payload, at: performance.now() });
  });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return { socket: s, got };
};

const attendanceIdsOf = (got: { payload: unknown }[]) => got.map((g) => (g.payload as { attendanceId: string }).attendanceId);

/**
 * Proves the hub has handled every attendance event produced so far: one check-in on EVERY partition of the
 * attendance topic at L1; the hub reads each partition in order, so once adminL1 has all of them, every earlier
 * event has been pushed (or not) already. Returns the barrier's attendance ids.
 */
const hubBarrier = async (adminL1Got: { event: string; payload: unknown }[]) => {
  const topic = topicOf('attendance');
  const partitions = topicSpecs().find((t) => t.topic === topic)!.numPartitions;
  const envs = Array.from({ length: partitions }, () => checkedIn(L1));
  await Promise.all(envs.map((env, partition) => produce(topic, env, partition)));
  const ids = envs.map((e) => e.data.attendanceId);
  await vi.waitFor(async () => expect(attendanceIdsOf(adminL1Got)).toEqual(expect.arrayContaining(ids)), {
    message: 'the barrier on every partition',
    timeout: 20_000,
    interval: 100,
  });
  return ids;
};

const notificationsOf = (recipientId: string, category: string) =>
  svc.db.selectFrom('notifications').selectAll().where('recipient_id', '=', recipientId).where('category', '=', category).orderBy('created_at').execute();

// ---------- lifecycle ----------
beforeAll(async () => {
  svc = await bootNotifications('presence', {
    clock: () => new Date(),
    topics: ['auth', 'members', 'trainers', 'notifications', 'attendance', 'chat'],
    consumers: ['recipients', 'members', 'trainers', 'attendance', 'payments', 'feedback', 'chat'],
    hub: 'presence',
    listen: true,
  });
});

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await svc?.close();
});

// ---------- behaviour ----------
describe('live presence through the hub', () => {
  it('pushes a check-in and a check-out of a location to that location’s staff only', async () => {
    const [a1, a2, own, trn, mem, outB] = await Promise.all([
      openSocket(adminL1),
      openSocket(adminL2),
      openSocket(owner),
      openSocket(trainerL1),
      openSocket(memberL1),
      openSocket(ownerB),
    ]);

    const t0 = performance.now();
    const inL1 = checkedIn(L1);
    await produce(topicOf('attendance'), inL1);
    await vi.waitFor(async () => expect(attendanceIdsOf(a1.got)).toContain(inL1.data.attendanceId), {
      message: 'adminL1 got the check-in',
      timeout: 20_000,
      interval: 100,
    });
    console.info(`[presence] check-in produced → staff socket, ms: ${(a1.got[0]!.at - t0).toFixed(0)}`);
    // What the staff socket receives is the contract's payload, built from the event.
    expect(PresenceCheckedIn.parse(a1.got[0]!.payload)).toEqual({
      attendanceId: inL1.data.attendanceId,
      locationId: L1,
      type: 'member',
      memberId: inL1.data.memberId,
      name: 'Priya Sharma',
      checkInTime: inL1.data.checkInTime,
      checkInMethod: 'qr',
      workoutType: 'strength',
    });
    expect(a1.got[0]!.event).toBe(ATTENDANCE_SOCKET_EVENTS.checkedIn);

    const outL1 = checkedOut(inL1);
    await produce(topicOf('attendance'), outL1);
    await vi.waitFor(async () => expect(a1.got.map((g) => g.event)).toContain(ATTENDANCE_SOCKET_EVENTS.checkedOut), {
      message: 'adminL1 got the check-out',
      timeout: 20_000,
      interval: 100,
    });
    expect(PresenceCheckedOut.parse(a1.got.find((g) => g.event === ATTENDANCE_SOCKET_EVENTS.checkedOut)!.payload)).toMatchObject({
      attendanceId: inL1.data.attendanceId,
      durationMinutes: 240,
      autoClosed: true,
      checkOutMethod: 'auto',
    });

    // Another location of the same gym, the other gym's own location, and a (forged) event of the other gym naming
    // L1: none of them may reach gym A's L1 staff.
    const inL2 = checkedIn(L2);
    const inLB = checkedIn(LB, otherOrg);
    const forged = checkedIn(L1, otherOrg);
    for (const env of [inL2, inLB, forged]) await produce(topicOf('attendance'), env);
    const barrier = await hubBarrier(a1.got);
    await vi.waitFor(async () => expect(attendanceIdsOf(outB.got)).toContain(inLB.data.attendanceId), {
      message: 'gym B’s owner got their check-in',
      timeout: 20_000,
      interval: 100,
    });

    const sorted = (ids: string[]) => [...ids].sort();
    expect(sorted(attendanceIdsOf(a1.got))).toEqual(sorted([inL1.data.attendanceId, inL1.data.attendanceId, ...barrier]));
    expect(attendanceIdsOf(a1.got)).not.toContain(inL2.data.attendanceId);
    expect(attendanceIdsOf(a1.got)).not.toContain(forged.data.attendanceId);
    expect(sorted(attendanceIdsOf(own.got))).toEqual(sorted([inL1.data.attendanceId, inL1.data.attendanceId, inL2.data.attendanceId, ...barrier]));
    expect(attendanceIdsOf(a2.got)).toEqual([inL2.data.attendanceId]);
    expect(attendanceIdsOf(outB.got)).toEqual([inLB.data.attendanceId]);
    // A member and a trainer of L1 receive no presence at all, although their tokens name L1.
    expect(mem.got).toEqual([]);
    expect(trn.got).toEqual([]);
  });
});

describe('chat: a notification for whoever is offline, once per conversation until read', () => {
  it('notifies the offline recipient (not the online one, not the sender), coalesces, and starts again after chat.read', async () => {
    const [sender, online, offline] = [user('trainer', [L1]), user('member', [L1]), user('member', [L1])];
    const conversationId = newId();
    const onlineSocket = await openSocket(online);
    // The hub records the open socket (presence) as it connects.
    await vi.waitFor(async () => expect(await svc.db.selectFrom('hub_sockets').select('user_id').where('user_id', '=', online.id).execute()).toHaveLength(1), {
      message: 'the socket is recorded',
      timeout: 10_000,
      interval: 100,
    });
    const message = (text: string, seq: number) =>
      makeEnvelope(ChatEvents.MessageSent, {
        ...meta(conversationId),
        data: {
          conversationId,
          conversationType: 'group',
          conversationName: 'Morning batch',
          participantIds: [sender.id, online.id, offline.id],
          recipientIds: [online.id, offline.id],
          senderName: 'Coach Vikram',
          preview: text,
          link: `/dashboard/chat?c=${conversationId}`,
          message: {
            _id: newId(),
            conversationId,
            seq,
            sender: { _id: sender.id, firstName: 'Coach', lastName: 'Vikram' },
            type: 'text',
            text,
            replyToId: null,
            attachments: [],
            createdAt: new Date().toISOString(),
          },
        },
      });
    const read = (userId: string, seq: number) =>
      makeEnvelope(ChatEvents.ConversationRead, {
        ...meta(conversationId),
        data: { conversationId, participantIds: [sender.id, online.id, offline.id], userId, lastReadAt: new Date().toISOString(), lastReadSeq: seq },
      });
    const chatOf = (u: User) => notificationsOf(u.id, 'chat_message');

    await produce(topicOf('chat'), message('Class moved to 7', 1));
    await vi.waitFor(async () => expect(await chatOf(offline)).toHaveLength(1), { message: 'the offline member is notified', timeout: 20_000, interval: 100 });
    expect((await chatOf(offline))[0]).toMatchObject({ title: 'New message from Morning batch', message: 'Class moved to 7', status: 'unread' });
    // Coalesced: a second message while the first notification is unread adds nothing. Then the member reads the
    // conversation (its notification is read with it), and the next message notifies again.
    await produce(topicOf('chat'), message('Bring a towel', 2));
    await produce(topicOf('chat'), read(offline.id, 2));
    await produce(topicOf('chat'), message('See you there', 3));
    await vi.waitFor(async () => expect(await chatOf(offline)).toHaveLength(2), {
      message: 'a new notification after reading',
      timeout: 20_000,
      interval: 100,
    });
    const [first, second] = await chatOf(offline);
    expect(first).toMatchObject({ status: 'read', message: 'Class moved to 7' });
    expect(first!.read_at).not.toBeNull();
    expect(second).toMatchObject({ status: 'unread', message: 'See you there' });
    // The same partition in order: everything before message 3 was handled. The online member and the sender got none.
    expect(await chatOf(online)).toEqual([]);
    expect(await chatOf(sender)).toEqual([]);

    // Once the member's socket closes they are offline: the next message notifies them.
    onlineSocket.socket.close();
    await vi.waitFor(async () => expect(await svc.db.selectFrom('hub_sockets').select('user_id').where('user_id', '=', online.id).execute()).toHaveLength(0), {
      message: 'the closed socket is dropped',
      timeout: 10_000,
      interval: 100,
    });
    await produce(topicOf('chat'), message('Anyone?', 4));
    await vi.waitFor(async () => expect(await chatOf(online)).toHaveLength(1), {
      message: 'the member, now offline, is notified',
      timeout: 20_000,
      interval: 100,
    });
    expect(await chatOf(sender)).toEqual([]);
  });
});

describe('low-attendance alerts', () => {
  const member = newId();

  it('tells the location’s staff and nudges the member, once per member per period', async () => {
    for (const u of [owner, adminL1, adminL2, trainerL1]) await produce(topicOf('auth'), userRegistered(u));
    await vi.waitFor(async () => expect(await svc.db.selectFrom('recipients').select('user_id').where('org_id', '=', orgId).execute()).toHaveLength(4), {
      message: 'recipients projected',
      timeout: 20_000,
      interval: 100,
    });

    const first = lowAttendance(member, '2026-11-23');
    await produce(topicOf('attendance'), first);
    await vi.waitFor(async () => expect(await notificationsOf(member, 'attendance_nudge')).toHaveLength(1), {
      message: 'the member nudged',
      timeout: 20_000,
      interval: 100,
    });

    for (const u of [owner, adminL1]) {
      const rows = await notificationsOf(u.id, 'low_attendance');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: 'attendance',
        title: 'Low attendance',
        message: 'Rohan Patil hasn’t visited in 9 days',
        action_url: `/dashboard/members/${member}`,
        location_id: L1,
        status: 'unread',
      });
    }
    expect(await notificationsOf(adminL2.id, 'low_attendance')).toEqual([]);
    expect(await notificationsOf(trainerL1.id, 'low_attendance')).toEqual([]);
    expect(await notificationsOf(member, 'attendance_nudge')).toMatchObject([
      { type: 'attendance', title: 'We miss you at the gym', action_url: '/dashboard/me', priority: 'low' },
    ]);

    // The same event redelivered, and another event of the same period: nothing new. The next period's event (same
    // member, so same partition, after them) proves both were handled before it.
    await produce(topicOf('attendance'), first);
    await produce(topicOf('attendance'), lowAttendance(member, '2026-11-23', 10));
    await produce(topicOf('attendance'), lowAttendance(member, '2026-11-30', 16));
    await vi.waitFor(async () => expect(await notificationsOf(member, 'attendance_nudge')).toHaveLength(2), {
      message: 'the next period nudged',
      timeout: 20_000,
      interval: 100,
    });

    for (const u of [owner, adminL1]) {
      expect((await notificationsOf(u.id, 'low_attendance')).map((r) => r.message)).toEqual([
        'Rohan Patil hasn’t visited in 9 days',
        'Rohan Patil hasn’t visited in 16 days',
      ]);
    }
    expect((await notificationsOf(member, 'attendance_nudge')).map((r) => r.params.days)).toEqual(['9', '16']);
    const alerts = await svc.db
      .selectFrom('low_attendance_alerts')
      .select(['period_start', 'event_id'])
      .where('member_id', '=', member)
      .orderBy('period_start')
      .execute();
    expect(alerts).toEqual([
      { period_start: '2026-11-23', event_id: first.eventId },
      { period_start: '2026-11-30', event_id: expect.any(String) },
    ]);
  });
});
