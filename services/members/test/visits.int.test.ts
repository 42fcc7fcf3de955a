import { AttendanceEvents, memberRoutes, topicOf, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuild } from '../src/projections/rebuild.ts';
import { bootMembers } from './setup.ts';

// Issue 31: check-ins never reached the member record (Last Visit "Never", Total Workouts 0 after real visits).
const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID();
const LB = randomUUID();
let env: Awaited<ReturnType<typeof bootMembers>>;
let admin: string;

beforeAll(async () => {
  env = await bootMembers('members_visits', { consumers: true });
  await env.org(orgA, 'enterprise', null, [[L1, 'Asia/Kolkata']]);
  await env.org(orgB, 'enterprise', null, [[LB, 'Asia/Kolkata']]);
  admin = await env.sign(orgA, 'admin', [L1]);
});

afterAll(async () => env?.close());

const getMember = async (id: string) => {
  const res = await env.app.inject({ method: 'GET', url: `/members/${id}`, headers: { authorization: `Bearer ${admin}` } });
  expect(res.statusCode, res.body).toBe(200);
  return memberRoutes.get.responses[200].parse(res.json()).data;
};

let seq = 0;
const register = async () => {
  seq++;
  const res = await env.app.inject({
    method: 'POST',
    url: '/members',
    headers: { authorization: `Bearer ${admin}` },
    payload: {
      firstName: `Visitor${seq}`,
      lastName: 'Test',
      email: `visitor${seq}-${randomUUID().slice(0, 6)}@example.in`,
      phone: `+91 90000 ${String(20000 + seq)}`,
      membershipType: 'basic',
      membershipFee: 999,
      paymentFrequency: 'monthly',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return memberRoutes.create.responses[201].parse(res.json()).data._id;
};

const checkIn = (memberId: string, checkInTime: string, o: { orgId?: string; type?: 'member' | 'trainer' } = {}) =>
  makeEnvelope(AttendanceEvents.CheckedIn, {
    orgId: o.orgId ?? orgA,
    aggregateId: memberId,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: checkInTime,
    locationId: L1,
    data: {
      attendanceId: randomUUID(),
      memberId,
      type: o.type ?? 'member',
      locationId: L1,
      firstName: 'Visitor',
      lastName: 'Test',
      trainerId: null,
      workoutType: 'strength',
      checkInMethod: 'manual',
      checkInTime,
    },
  });

// Keyed by the member's id, like attendance's relay: one member's events stay in order on one partition, so the last one
// applied proves every one before it was handled.
const publish = (...envs: EventEnvelope[]) =>
  env.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf('attendance'), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );

describe('check-ins on the member record', () => {
  it("a check-in reaches the member's GET answer: last check-in and total workouts, once per event, in the member's organization only", async () => {
    const memberId = await register();
    const other = await register();
    expect(await getMember(memberId)).toMatchObject({ lastCheckIn: null, totalWorkouts: 0 });

    const first = checkIn(memberId, '2025-03-10T01:30:00.000Z');
    await publish(first);
    await expect.poll(async () => (await getMember(memberId)).totalWorkouts, { timeout: 20_000 }).toBe(1);
    expect((await getMember(memberId)).lastCheckIn).toBe('2025-03-10T01:30:00.000Z');

    // Not visits of this member: the same event again (redelivery), another gym's event naming this id, a trainer's own
    // session under this id. An older check-in (entered late) counts but does not move the last visit back. Then a
    // newer one, last on the partition.
    await publish(
      first,
      checkIn(memberId, '2025-03-10T02:00:00.000Z', { orgId: orgB }),
      checkIn(memberId, '2025-03-10T02:10:00.000Z', { type: 'trainer' }),
      checkIn(memberId, '2025-03-09T12:00:00.000Z'),
      checkIn(memberId, '2025-03-11T00:45:00.000Z'),
    );
    await expect.poll(async () => (await getMember(memberId)).lastCheckIn, { timeout: 20_000 }).toBe('2025-03-11T00:45:00.000Z');
    expect((await getMember(memberId)).totalWorkouts).toBe(3);
    // The member beside them has had no visit.
    expect(await getMember(other)).toMatchObject({ lastCheckIn: null, totalWorkouts: 0 });

    // The list shows it too (Last Visit column).
    const res = await env.app.inject({ method: 'GET', url: '/members?limit=100', headers: { authorization: `Bearer ${admin}` } });
    const listed = memberRoutes.list.responses[200].parse(res.json()).data.find((m) => m._id === memberId);
    expect(listed).toMatchObject({ lastCheckIn: '2025-03-11T00:45:00.000Z', totalWorkouts: 3 });

    // A rebuild of the members table from the membership streams keeps the visits (they come from attendance's events).
    await rebuild(env.db, 'members');
    expect(await getMember(memberId)).toMatchObject({ lastCheckIn: '2025-03-11T00:45:00.000Z', totalWorkouts: 3 });
    expect(await getMember(other)).toMatchObject({ lastCheckIn: null, totalWorkouts: 0 });
  });

  it('a burst of check-ins of several members in one batch counts each member once per check-in', async () => {
    const a = await register();
    const b = await register();
    await publish(
      checkIn(a, '2025-03-11T00:31:00.000Z'),
      checkIn(b, '2025-03-11T00:32:00.000Z'),
      checkIn(a, '2025-03-11T00:33:00.000Z'),
      checkIn(b, '2025-03-11T00:34:00.000Z'),
      checkIn(b, '2025-03-11T00:35:00.000Z'),
    );
    await expect.poll(async () => [(await getMember(a)).totalWorkouts, (await getMember(b)).totalWorkouts], { timeout: 20_000 }).toEqual([2, 3]);
    expect((await getMember(a)).lastCheckIn).toBe('2025-03-11T00:33:00.000Z');
    expect((await getMember(b)).lastCheckIn).toBe('2025-03-11T00:35:00.000Z');
  });
});
