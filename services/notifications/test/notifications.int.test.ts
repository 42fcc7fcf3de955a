import {
  AuthEvents,
  ErrorBody,
  MemberEvents,
  Notification,
  NotificationEvents,
  NotificationList,
  NotificationStats,
  notificationRoutes,
  ok,
  SOCKET_EVENTS,
  topicSpecs,
  topicOf,
  UnreadCount,
  type EventEnvelope,
  type Role,
} from '@akhada/contracts';
import { makeEnvelope, newId } from '@akhada/kit';
import { createTestKeys } from '@akhada/kit/testing';
import { performance } from 'node:perf_hooks';
import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { notifyMemberRegistered } from '../src/consumers/member-registered.ts';
import { onUserRegistered } from '../src/consumers/recipients.ts';
import { bootNotifications } from './setup.ts';

// ---------- fixtures: one fresh organization, two locations with an admin each, a third without one ----------
const orgId = newId();
const [L1, L2, L3] = [newId(), newId(), newId()];
const owner = { id: newId(), role: 'owner' as Role, locs: [L1, L2, L3], sid: newId() };
const adminL1 = { id: newId(), role: 'admin' as Role, locs: [L1], sid: newId() };
const adminL2 = { id: newId(), role: 'admin' as Role, locs: [L2], sid: newId() };
const trainer = { id: newId(), role: 'trainer' as Role, locs: [L1], sid: newId() };
const staff = [owner, adminL1, adminL2, trainer];
// Someone of another organization who must never see any of it.
const otherOrg = newId();
const outsider = { id: newId(), role: 'owner' as Role, locs: [newId()], sid: newId(), orgId: otherOrg };

let svc: Awaited<ReturnType<typeof bootNotifications>>;
const sockets: ClientSocket[] = [];
const latenciesMs: number[] = [];

// ---------- helpers ----------
// The service's clock moves at least 1 ms per reading, so "set once" is visible without waiting for time to pass.
let ticks = 0;
const clock = () => new Date(Date.now() + ++ticks);
const iso = () => new Date().toISOString();
const meta = (aggregateId: string, org = orgId) => ({ aggregateId, orgId: org, correlationId: newId(), causationId: newId(), occurredAt: iso() });

const produce = async (topic: string, env: EventEnvelope<unknown>, key = env.aggregateId) =>
  svc.producer.publish([{ topic, key, value: JSON.stringify(env), headers: { 'event-id': env.eventId, 'event-type': env.type } }]);

const userRegistered = (u: { id: string; role: Role; locs: string[] }, org = orgId) =>
  makeEnvelope(AuthEvents.UserRegistered, {
    ...meta(u.id, org),
    data: { userId: u.id, orgId: org, role: u.role, firstName: 'Test', lastName: u.role, email: `${u.id}@example.in`, locationIds: u.locs },
  });

const memberRegistered = (locationId: string, name = { first: 'Priya', last: 'Sharma' }, org = orgId) => {
  const memberId = newId();
  return makeEnvelope(MemberEvents.MemberRegistered, {
    ...meta(memberId, org),
    locationId,
    data: {
      memberId,
      locationId,
      firstName: name.first,
      lastName: name.last,
      email: `${memberId}@example.in`,
      phone: '+919876543210',
      membershipType: 'premium',
      paymentFrequency: 'monthly',
      feePaise: 150_000,
      startDate: '2025-10-01',
      endDate: '2025-10-31',
    },
  });
};

const tokenOf = (u: { id: string; role: Role; locs: string[]; sid: string; orgId?: string }, ttlSeconds?: number) =>
  svc.keys.sign({ userId: u.id, orgId: u.orgId ?? orgId, role: u.role, locationIds: u.locs, sessionId: u.sid, ...(ttlSeconds ? { ttlSeconds } : {}) });

const call = async (u: Parameters<typeof tokenOf>[0] | null, method: 'GET' | 'PUT' | 'DELETE', url: string) => {
  const res = await svc.app.inject({ method, url, headers: u ? { authorization: `Bearer ${await tokenOf(u)}` } : {} });
  return { status: res.statusCode, body: res.json() as unknown };
};

const notificationsOf = (recipientId: string) => svc.db.selectFrom('notifications').selectAll().where('recipient_id', '=', recipientId).execute();
const countOrg = async () =>
  (
    await svc.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      // The member's own welcome (the gym's built-in automation) is not the staff rule counted here.
      .where('category', '<>', 'welcome')
      .executeTakeFirstOrThrow()
  ).n;

const openSocket = (auth: Record<string, unknown> | undefined, extra: { query?: Record<string, string> } = {}) => {
  const s = connectSocket(svc.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    ...(auth ? { auth } : {}),
    ...extra,
  });
  sockets.push(s);
  return s;
};
const connected = (s: ClientSocket) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
const refused = (s: ClientSocket) =>
  new Promise<Error & { data?: { code?: string } }>((resolve, reject) => {
    s.once('connect', () => reject(new Error('the connection was accepted')));
    s.once('connect_error', resolve);
  });
// A generous deadline: it only turns an event that never comes into a failure; how fast it comes is a bench's question
// (the latencies are printed after the file).
const nextEvent = <T>(s: ClientSocket, event: string, timeoutMs = 20_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
const disconnected = (s: ClientSocket, timeoutMs: number) =>
  new Promise<string>((resolve, reject) => {
    if (!s.connected) return resolve('already disconnected');
    const timer = setTimeout(() => reject(new Error(`socket still connected after ${timeoutMs} ms`)), timeoutMs);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
/** Everything a socket receives, to prove that nothing arrived. */
const record = (s: ClientSocket) => {
  const got: { event: string; args: unknown[] }[] = [];
  s.onAny((event: string, ...args: unknown[]) => got.push({ event, args }));
  return got;
};

/**
 * Proves the hub has handled every notification event published so far: waits until the outbox has sent everything,
 * then puts one event on EVERY partition of the notifications topic, addressed to a barrier user's own socket. The hub
 * reads each partition in order, so once all of them reached that socket, every earlier event has been delivered (or
 * not) already — what a socket has not received by then, it will not receive.
 */
const hubBarrier = async () => {
  await vi.waitFor(async () => expect(await svc.db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute()).toEqual([]), {
    message: 'the outbox drained',
    timeout: 20_000,
    interval: 100,
  });
  const barrierUser = { id: newId(), role: 'trainer' as Role, locs: [L1], sid: newId() };
  const s = openSocket({ token: await tokenOf(barrierUser) });
  await connected(s);
  const got = record(s);
  const topic = topicOf('notifications');
  const partitions = topicSpecs().find((t) => t.topic === topic)!.numPartitions;
  await svc.producer.publish(
    Array.from({ length: partitions }, (_, partition) => {
      const env = makeEnvelope(NotificationEvents.NotificationsRead, {
        ...meta(barrierUser.id),
        data: { recipientId: barrierUser.id, unreadCount: partition },
      });
      return { topic, key: barrierUser.id, partition, value: JSON.stringify(env), headers: {} };
    }),
  );
  await vi.waitFor(async () => expect(got.filter((g) => g.event === SOCKET_EVENTS.unreadCount)).toHaveLength(partitions), {
    message: 'the barrier on every partition',
    timeout: 20_000,
    interval: 100,
  });
  s.close();
};

// ---------- lifecycle ----------
beforeAll(async () => {
  // Own groups, starting at the end of the topics: never share partitions with a running service, never replay history.
  svc = await bootNotifications('notifications', {
    clock,
    topics: ['auth', 'members', 'trainers', 'notifications', 'attendance'],
    consumers: ['recipients', 'members', 'trainers', 'attendance', 'payments', 'feedback', 'chat'],
    hub: 'plain',
    listen: true,
  });
});

afterAll(async () => {
  if (latenciesMs.length) console.info(`[notifications] event produced → socket notification:new, ms: ${latenciesMs.map((l) => l.toFixed(0)).join(', ')}`);
  sockets.forEach((s) => s.close());
  await svc?.close();
});

// ---------- behaviour ----------
describe('notifications service against real Postgres and Kafka', () => {
  let first: ReturnType<typeof memberRegistered>;

  it('keeps its own copy of the staff from auth.user_registered', async () => {
    for (const u of staff) await produce(topicOf('auth'), userRegistered(u));
    await produce(topicOf('auth'), userRegistered(outsider, otherOrg));
    const rows = await vi.waitFor(
      async () => {
        const r = await svc.db.selectFrom('recipients').selectAll().where('org_id', '=', orgId).orderBy('role').execute();
        expect(r).toHaveLength(4);
        return r;
      },
      { message: 'four recipients projected', timeout: 20_000, interval: 100 },
    );
    expect(rows.find((r) => r.user_id === adminL1.id)).toMatchObject({ role: 'admin', location_ids: [L1], name: 'Test admin' });
    expect(rows.find((r) => r.user_id === owner.id)?.location_ids.sort()).toEqual([L1, L2, L3].sort());
  });

  it('notifies the owner and the admin of the member’s location, nobody else', async () => {
    first = memberRegistered(L1);
    await produce(topicOf('members'), first);
    // All recipients of one event are written in one transaction: once the owner has it, everyone who gets it has it.
    await vi.waitFor(async () => expect(await notificationsOf(owner.id)).toHaveLength(1), { message: 'the owner notified', timeout: 20_000, interval: 100 });
    expect(Number(await countOrg())).toBe(2);

    const [own = [], a1 = [], a2 = [], tr = []] = await Promise.all([owner, adminL1, adminL2, trainer].map((u) => notificationsOf(u.id)));
    expect(own).toHaveLength(1);
    expect(a1).toHaveLength(1);
    expect(a2).toHaveLength(0);
    expect(tr).toHaveLength(0);
    expect(own[0]).toMatchObject({
      org_id: orgId,
      location_id: L1,
      type: 'membership',
      category: 'member_registered',
      priority: 'low',
      status: 'unread',
      title: 'New member registered',
      message: 'Priya Sharma joined: Premium membership.',
      title_key: 'notifications.member_registered.title',
      message_key: 'notifications.member_registered.message',
      params: { first: 'Priya', last: 'Sharma', membershipType: 'Premium' },
      action_url: `/dashboard/members/${first.data.memberId}`,
      action_text: 'View',
      source_event_id: first.eventId,
      read_at: null,
    });

    // One notification_created per recipient went into the outbox, keyed by the recipient, with its unread count.
    const out = await svc.db.selectFrom('outbox').selectAll().where('topic', '=', topicOf('notifications')).execute();
    // (The member's own welcome, the gym's built-in automation, is announced to the member: not this rule's.)
    const created = out
      .filter((o) => o.key !== first.data.memberId)
      .map((o) => ({ key: o.key, env: NotificationEvents.NotificationCreated.data.parse((o.payload as EventEnvelope).data) }));
    expect(created.map((c) => c.key).sort()).toEqual([owner.id, adminL1.id].sort());
    for (const c of created) {
      expect(c.env.recipientId).toBe(c.key);
      expect(c.env.unreadCount).toBe(1);
      expect(c.env.notification.title).toBe('New member registered');
    }
  });

  it('waits for the organization’s staff when a member event overtakes them (topics have no order between them)', async () => {
    const org2 = newId();
    const loc = newId();
    const early = memberRegistered(loc, { first: 'Early', last: 'Bird' }, org2);
    await produce(topicOf('members'), early);
    // Consumed and parked (not dropped, not notified): the row that waits for the organization's staff.
    await vi.waitFor(
      async () =>
        expect(await svc.db.selectFrom('awaiting_recipients').select('event_id').where('org_id', '=', org2).execute()).toEqual([{ event_id: early.eventId }]),
      { message: 'the early member event parked', timeout: 20_000, interval: 100 },
    );
    const lateOwner = { id: newId(), role: 'owner' as Role, locs: [loc] };
    expect(await notificationsOf(lateOwner.id)).toHaveLength(0);
    await produce(topicOf('auth'), userRegistered(lateOwner, org2));
    await vi.waitFor(async () => expect(await notificationsOf(lateOwner.id)).toHaveLength(1), {
      message: 'the late owner notified',
      timeout: 20_000,
      interval: 100,
    });
  });

  it('creates nothing new when the same event is delivered again', async () => {
    await produce(topicOf('members'), first);
    // A later event on the same partition (same key): once it is applied, the duplicate before it was processed too.
    const sentinel = memberRegistered(L3, { first: 'Ravi', last: 'Kumar' });
    await produce(topicOf('members'), sentinel, first.aggregateId);
    await vi.waitFor(async () => expect(await notificationsOf(owner.id)).toHaveLength(2), { message: 'sentinel applied', timeout: 20_000, interval: 100 });
    expect(await notificationsOf(adminL1.id)).toHaveLength(1);
    expect(Number(await countOrg())).toBe(3);

    // And without the inbox: the unique (source_event_id, recipient_id) alone keeps a replay harmless.
    const again = await svc.db.transaction().execute((trx) => notifyMemberRegistered(trx, first));
    expect(again).toEqual([]);
    expect(Number(await countOrg())).toBe(3);
  });

  it('stamps what it announces with the consumed event’s time and ids, not the wall clock', async () => {
    const out = await svc.db.selectFrom('outbox').select('payload').where('topic', '=', topicOf('notifications')).execute();
    const caused = out.map((o) => o.payload as EventEnvelope).filter((e) => e.causationId === first.eventId);
    expect(caused.map((e) => e.aggregateId).sort()).toEqual([owner.id, adminL1.id].sort());
    for (const e of caused)
      expect(e).toMatchObject({ type: NotificationEvents.NotificationCreated.type, occurredAt: first.occurredAt, correlationId: first.correlationId, orgId });
    const rows = await svc.db.selectFrom('notifications').select('created_at').where('source_event_id', '=', first.eventId).execute();
    expect(rows.map((r) => r.created_at.toISOString())).toEqual([first.occurredAt, first.occurredAt]);
  });

  it('keeps the newer copy of a recipient when an older auth event arrives late (version guard)', async () => {
    const user = { id: newId(), role: 'admin' as Role, locs: [L1] };
    const newer = makeEnvelope(AuthEvents.UserRegistered, {
      ...meta(user.id),
      occurredAt: '2025-10-02T10:00:00.000Z',
      data: { userId: user.id, orgId, role: 'admin', firstName: 'Newer', lastName: 'Copy', email: `${user.id}@example.in`, locationIds: [L2] },
    });
    const older = makeEnvelope(AuthEvents.UserRegistered, {
      ...meta(user.id),
      occurredAt: '2025-10-01T10:00:00.000Z',
      data: { userId: user.id, orgId, role: 'trainer', firstName: 'Older', lastName: 'Copy', email: `${user.id}@example.in`, locationIds: [L1] },
    });
    const apply = (env: typeof newer) => svc.db.transaction().execute((trx) => onUserRegistered.handle(trx, env));
    const copy = () => svc.db.selectFrom('recipients').select(['role', 'name', 'location_ids']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    await apply(newer);
    await apply(older);
    expect(await copy()).toEqual({ role: 'admin', name: 'Newer Copy', location_ids: [L2] });
    // A later fact still moves it forward.
    const latest = makeEnvelope(AuthEvents.UserRegistered, {
      ...meta(user.id),
      occurredAt: '2025-10-03T10:00:00.000Z',
      data: { ...newer.data, firstName: 'Latest' },
    });
    await apply(latest);
    expect((await copy()).name).toBe('Latest Copy');
  });

  it('lists the caller’s notifications newest first, in the contract’s shape', async () => {
    const res = await call(owner, 'GET', '/notifications');
    expect(res.status).toBe(200);
    const body = NotificationList.parse(res.body);
    expect(body.totalCount).toBe(2);
    expect(body.pagination).toEqual({ page: 1, limit: 20, totalPages: 1 });
    expect(body.data.notifications.map((n) => n.message)).toEqual(['Ravi Kumar joined: Premium membership.', 'Priya Sharma joined: Premium membership.']);
    expect(body.data.notifications[1]).toMatchObject({
      type: 'membership',
      category: 'member_registered',
      status: 'unread',
      priority: 'low',
      readAt: null,
      actionText: 'View',
      locationId: L1,
    });

    const paged = NotificationList.parse((await call(owner, 'GET', '/notifications?limit=1&page=2')).body);
    expect(paged.data.notifications.map((n) => n.message)).toEqual(['Priya Sharma joined: Premium membership.']);
    expect(paged.pagination).toEqual({ page: 2, limit: 1, totalPages: 2 });

    expect(NotificationList.parse((await call(owner, 'GET', '/notifications?type=payment')).body).totalCount).toBe(0);
    expect(NotificationList.parse((await call(owner, 'GET', '/notifications?type=membership&category=member_registered&status=unread')).body).totalCount).toBe(
      2,
    );
  });

  it('keeps every notification to its recipient and organization', async () => {
    const ownersId = NotificationList.parse((await call(owner, 'GET', '/notifications')).body).data.notifications[0]!._id;

    const theirs = NotificationList.parse((await call(outsider, 'GET', '/notifications')).body);
    expect(theirs.totalCount).toBe(0);
    expect(ok(UnreadCount).parse((await call(outsider, 'GET', '/notifications/unread-count')).body).data.unreadCount).toBe(0);
    for (const [method, url] of [
      ['PUT', `/notifications/${ownersId}/read`],
      ['PUT', `/notifications/${ownersId}/unread`],
      ['PUT', `/notifications/${ownersId}/archive`],
      ['DELETE', `/notifications/${ownersId}`],
    ] as const) {
      const res = await call(outsider, method, url);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(ErrorBody.parse(res.body)).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found' });
    }
    // Same organization, different person: still not theirs.
    expect((await call(adminL1, 'PUT', `/notifications/${ownersId}/read`)).status).toBe(404);
    expect(ok(z.object({ modifiedCount: z.number() })).parse((await call(outsider, 'PUT', '/notifications/mark-all-read')).body).data.modifiedCount).toBe(0);
    expect(ok(UnreadCount).parse((await call(owner, 'GET', '/notifications/unread-count')).body).data.unreadCount).toBe(2);
  });

  it('marks read once, unread, all read, archives and deletes; the unread count follows and is announced', async () => {
    const unread = async () => ok(UnreadCount).parse((await call(owner, 'GET', '/notifications/unread-count')).body).data.unreadCount;
    const list = NotificationList.parse((await call(owner, 'GET', '/notifications')).body).data.notifications;
    const [newest, older] = [list[0]!, list[1]!];

    const r1 = await call(owner, 'PUT', `/notifications/${older._id}/read`);
    expect(r1.status).toBe(200);
    const read1 = ok(Notification).parse(r1.body).data;
    expect(read1.status).toBe('read');
    expect(read1.readAt).not.toBeNull();
    expect(await unread()).toBe(1);
    const read2 = ok(Notification).parse((await call(owner, 'PUT', `/notifications/${older._id}/read`)).body).data;
    expect(read2.readAt).toBe(read1.readAt); // set once

    const stats = ok(NotificationStats).parse((await call(owner, 'GET', '/notifications/stats')).body).data;
    expect(stats).toEqual({ unreadCount: 1, typeStats: [{ _id: 'membership', count: 2, unread: 1 }] });

    const back = ok(Notification).parse((await call(owner, 'PUT', `/notifications/${older._id}/unread`)).body).data;
    expect(back).toMatchObject({ status: 'unread', readAt: null });
    expect(await unread()).toBe(2);

    const all = ok(z.object({ modifiedCount: z.number() })).parse((await call(owner, 'PUT', '/notifications/mark-all-read')).body).data;
    expect(all.modifiedCount).toBe(2);
    expect(await unread()).toBe(0);
    expect(ok(z.object({ modifiedCount: z.number() })).parse((await call(owner, 'PUT', '/notifications/mark-all-read')).body).data.modifiedCount).toBe(0);

    // Every change of the badge was announced through the outbox, in order: 1, 2, 0.
    const reads = await svc.db.selectFrom('outbox').select(['key', 'payload']).orderBy('id').execute();
    const counts = reads
      .map((r) => r.payload as EventEnvelope)
      .filter((e) => e.type === NotificationEvents.NotificationsRead.type)
      .map((e) => NotificationEvents.NotificationsRead.data.parse(e.data))
      .filter((d) => d.recipientId === owner.id)
      .map((d) => d.unreadCount);
    expect(counts).toEqual([1, 2, 0]);

    const archived = ok(Notification).parse((await call(owner, 'PUT', `/notifications/${newest._id}/archive`)).body).data;
    expect(archived.status).toBe('archived');
    expect(NotificationList.parse((await call(owner, 'GET', '/notifications')).body).data.notifications.map((n) => n._id)).toEqual([older._id]);
    expect(NotificationList.parse((await call(owner, 'GET', '/notifications?status=archived')).body).data.notifications.map((n) => n._id)).toEqual([
      newest._id,
    ]);

    const del = await call(owner, 'DELETE', `/notifications/${older._id}`);
    expect(del.status).toBe(200);
    expect(ok(z.object({ deleted: z.literal(true) })).parse(del.body).data.deleted).toBe(true);
    expect((await call(owner, 'DELETE', `/notifications/${older._id}`)).status).toBe(404);
  });

  it('rejects a bad query or id with 400 and a clear message, and a missing token with 401', async () => {
    const cases: [string, RegExp][] = [
      ['/notifications?limit=0', /limit/],
      ['/notifications?type=bogus', /type/],
      ['/notifications?page=-1', /page/],
      ['/notifications?limit=1000', /limit/],
    ];
    for (const [url, field] of cases) {
      const res = await call(owner, 'GET', url);
      expect(res.status, url).toBe(400);
      const body = ErrorBody.parse(res.body);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message, url).toMatch(field);
      expect(body.message).not.toMatch(/select|stack|at \w+ \(/i);
    }
    const badId = await call(owner, 'PUT', '/notifications/not-an-id/read');
    expect(badId.status).toBe(400);
    expect(ErrorBody.parse(badId.body).message).toMatch(/Not a valid id/);

    const anon = await call(null, 'GET', notificationRoutes.list.path);
    expect(anon.status).toBe(401);
    expect(ErrorBody.parse(anon.body).code).toBe('UNAUTHENTICATED');
  });

  it('tells a user of a sign-in from a new device, in-app and by email (system preference), and nobody else', async () => {
    // A member of the organization (not staff: the staff audiences of the other tests stay as they are).
    const traveller = { id: newId(), role: 'member' as Role, locs: [L1], sid: newId() };
    await produce(topicOf('auth'), userRegistered(traveller));
    const before = Number(await countOrg());
    const signedIn = makeEnvelope(AuthEvents.NewDeviceSignedIn, {
      ...meta(traveller.id),
      data: { userId: traveller.id, sessionId: newId(), device: 'Firefox on Linux', place: '203.0.113.7', signedInAt: iso() },
    });
    await produce(topicOf('auth'), signedIn);
    const [n] = await vi.waitFor(
      async () => {
        const rows = await notificationsOf(traveller.id);
        expect(rows).toHaveLength(1);
        return rows;
      },
      { message: 'the new-device notification', timeout: 20_000, interval: 100 },
    );
    expect(n).toMatchObject({
      type: 'system',
      category: 'new_device_signed_in',
      priority: 'high',
      status: 'unread',
      title: 'New sign-in to your account',
      title_key: 'notifications.new_device_signed_in.title',
      params: { device: 'Firefox on Linux', place: '203.0.113.7' },
      action_url: '/dashboard/settings?tab=security',
      source_event_id: signedIn.eventId,
    });
    expect(n!.message).toContain('Firefox on Linux from 203.0.113.7');
    expect(Number(await countOrg())).toBe(before + 1);
    const mails = await svc.db.selectFrom('deliveries').select(['channel', 'address']).where('notification_id', '=', n!.id).execute();
    expect(mails).toEqual([{ channel: 'email', address: `${traveller.id}@example.in` }]);
  });
});

describe('real-time hub', () => {
  it('refuses a connection without a token, with a bad token, or with the token only in the query string', async () => {
    const none = await refused(openSocket(undefined));
    expect(none.message).toMatch(/Authentication required/);
    expect(none.data?.code).toBe('UNAUTHENTICATED');

    const bad = await refused(openSocket({ token: 'not-a-jwt' }));
    expect(bad.message).toMatch(/session is not valid/);

    const otherKeys = await createTestKeys();
    const forged = await refused(openSocket({ token: await otherKeys.sign({ userId: owner.id, orgId, role: 'owner', locationIds: [L1] }) }));
    expect(forged.message).toMatch(/session is not valid/);

    const inQuery = await refused(openSocket(undefined, { query: { token: await tokenOf(owner) } }));
    expect(inQuery.message).toMatch(/Authentication required/);
  });

  it('pushes a new notification and the unread count to the recipient, and nothing to anyone else', async () => {
    const ownerSocket = openSocket({ token: await tokenOf(owner) });
    const outsiderSocket = openSocket({ token: await tokenOf(outsider) });
    const adminL2Socket = openSocket({ token: await tokenOf(adminL2) });
    await Promise.all([connected(ownerSocket), connected(outsiderSocket), connected(adminL2Socket)]);
    const outsiderGot = record(outsiderSocket);
    const adminL2Got = record(adminL2Socket);

    for (let i = 0; i < 5; i++) {
      const before = ok(UnreadCount).parse((await call(owner, 'GET', '/notifications/unread-count')).body).data.unreadCount;
      const newOne = nextEvent<unknown>(ownerSocket, SOCKET_EVENTS.notificationNew);
      const count = nextEvent<unknown>(ownerSocket, SOCKET_EVENTS.unreadCount);
      const env = memberRegistered(L1, { first: 'Live', last: `Member${i}` });
      const t0 = performance.now();
      await produce(topicOf('members'), env);
      const n = Notification.parse(await newOne);
      latenciesMs.push(performance.now() - t0);
      expect(n).toMatchObject({
        message: `Live Member${i} joined: Premium membership.`,
        actionUrl: `/dashboard/members/${env.data.memberId}`,
        status: 'unread',
      });
      expect(UnreadCount.parse(await count)).toEqual({ unreadCount: before + 1 });
    }

    // A change of read state over HTTP reaches the badge of every socket of that user.
    const latest = NotificationList.parse((await call(owner, 'GET', '/notifications?limit=1')).body).data.notifications[0]!;
    const afterRead = nextEvent<unknown>(ownerSocket, SOCKET_EVENTS.unreadCount);
    const expected = ok(UnreadCount).parse((await call(owner, 'GET', '/notifications/unread-count')).body).data.unreadCount - 1;
    await call(owner, 'PUT', `/notifications/${latest._id}/read`);
    expect(UnreadCount.parse(await afterRead)).toEqual({ unreadCount: expected });

    await hubBarrier();
    expect(outsiderGot).toEqual([]);
    expect(adminL2Got).toEqual([]); // an admin of another location hears nothing of an L1 member
    ownerSocket.close();
    outsiderSocket.close();
    adminL2Socket.close();
  });

  it('disconnects a socket when its token expires, unless auth:refresh brought a newer one of the same user', async () => {
    // One token for both, so both sockets' expiry timers are due at the same instant.
    const twoSeconds = await tokenOf(adminL1, 2);
    const short = openSocket({ token: twoSeconds });
    const refreshed = openSocket({ token: twoSeconds });
    await Promise.all([connected(short), connected(refreshed)]);
    // Listen at once: on a busy machine the two seconds may run out during the refreshes below.
    const why = nextEvent<{ code: string; message: string }>(short, 'auth:error', 8000);
    const dropped = disconnected(short, 8000);

    const foreign = await refreshed.timeout(3000).emitWithAck('auth:refresh', { token: await tokenOf(outsider) });
    expect(foreign).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const garbage = await refreshed.timeout(3000).emitWithAck('auth:refresh', { token: 'garbage' });
    expect(garbage).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    const good = await refreshed.timeout(3000).emitWithAck('auth:refresh', { token: await tokenOf(adminL1, 900) });
    expect(good).toMatchObject({ ok: true });

    expect(await dropped).toBe('io server disconnect');
    expect((await why).code).toBe('TOKEN_EXPIRED');
    // A barrier instead of a wait: this request reaches the server after the shared expiry instant, so the server's
    // timers for it ran first; had they kicked `refreshed`, the kick would arrive before this answer (one ordered socket).
    const after = await refreshed.timeout(3000).emitWithAck('auth:refresh', { token: await tokenOf(adminL1, 900) });
    expect(after).toMatchObject({ ok: true });
    expect(refreshed.connected).toBe(true);
    refreshed.close();
  });

  it('disconnects a socket when its session is revoked, and only that session', async () => {
    const other = { ...owner, sid: newId() };
    const revokedSocket = openSocket({ token: await tokenOf(owner) });
    const otherSession = openSocket({ token: await tokenOf(other) });
    await Promise.all([connected(revokedSocket), connected(otherSession)]);

    // Both listeners go on before the event is produced: the hub may drop the socket before produce() returns.
    const why = nextEvent<{ code: string; message: string }>(revokedSocket, 'auth:error', 15_000);
    const dropped = disconnected(revokedSocket, 15_000);
    await produce(
      topicOf('auth'),
      makeEnvelope(AuthEvents.SessionRevoked, {
        ...meta(owner.id),
        data: { sessionId: owner.sid, userId: owner.id, expiresAt: new Date(Date.now() + 900_000).toISOString() },
      }),
    );
    expect(await dropped).toBe('io server disconnect');
    expect(await why).toMatchObject({ code: 'SESSION_REVOKED', message: 'You have been signed out. Please sign in again.' });
    expect(otherSession.connected).toBe(true);

    // The revoked token no longer opens a socket or calls the API.
    const again = await refused(openSocket({ token: await tokenOf(owner) }));
    expect(again.data?.code).toBe('SESSION_REVOKED');
    expect((await call(owner, 'GET', '/notifications')).status).toBe(401);
    otherSession.close();
  });

  it('shuts down promptly with sockets open, dropping them so clients reconnect to another instance', async () => {
    const s = openSocket({ token: await tokenOf(adminL1) });
    await connected(s);
    const reason = disconnected(s, 5000);
    const t0 = performance.now();
    await svc.app.close(); // its preClose closes the hub; open websockets would otherwise keep the server open
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(await reason).toBe('transport close'); // not 'io server disconnect': the client's reconnection stays on
  });
});
