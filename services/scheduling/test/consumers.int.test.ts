import { AttendanceEvents, MemberEvents, TrainerEvents, topicOf, topicSpecs, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClassClock } from '../src/app/close-classes.ts';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { bootScheduling } from './setup.ts';

// What scheduling learns from other services' events (members' copy, check-ins), and its clock (no-shows).
let t: Awaited<ReturnType<typeof bootScheduling>>;
let consumers: RunningConsumer[] = [];
const org = randomUUID();
const L1 = randomUUID();
let owner: string;
let typeId: string;

beforeAll(async () => {
  t = await bootScheduling('scheduling_cons');
  await t.org(org, [L1]);
  const bus = t.runtime.bus;
  await bus.ensureTopics(topicSpecs().filter((s) => [topicOf('members'), topicOf('trainers'), topicOf('attendance')].includes(s.topic)));
  consumers = await startConsumers({
    bus,
    db: t.db,
    logger: t.logger,
    groups: { members: `${t.schema}.members`, trainers: `${t.schema}.trainers`, attendance: `${t.schema}.attendance` },
    startAt: 'now',
  });
  owner = await t.sign(org, 'owner', [L1]);
  typeId = (
    (await t.call(owner, 'POST', '/scheduling/class-types', { name: 'Zumba', category: 'zumba', durationMinutes: 60, defaultCapacity: 10 })).body.data as {
      id: string;
    }
  ).id;
}, 120_000);

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await t?.runtime.bus.deleteGroups((g) => g.includes(t.schema)).catch(() => undefined);
  await t?.close();
});

const meta = (aggregateId: string, occurredAt = new Date().toISOString()) => ({
  orgId: org,
  aggregateId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt,
});
const publish = (topic: 'members' | 'trainers' | 'attendance', ...envs: EventEnvelope[]) =>
  t.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const newClass = async (date: string, startTime: string) =>
  ((await t.call(owner, 'POST', '/scheduling/classes', { locationId: L1, classTypeId: typeId, date, startTime })).body.data as { id: string; startsAt: string })
    .id;
const bookingStatus = async (classId: string, memberId: string) =>
  (await t.db.selectFrom('bookings').select('status').where('class_id', '=', classId).where('member_id', '=', memberId).executeTakeFirst())?.status;

describe('members and check-ins', () => {
  it('a member registered in members can book at once; a frozen one is refused', async () => {
    const memberId = randomUUID();
    await publish(
      'members',
      makeEnvelope(MemberEvents.MemberRegistered, {
        ...meta(memberId),
        data: {
          memberId,
          locationId: L1,
          firstName: 'Meera',
          lastName: 'Iyer',
          email: 'meera@example.in',
          phone: '9876543210',
          membershipType: 'premium',
          paymentFrequency: 'monthly',
          feePaise: 150_000,
          startDate: '2030-01-01',
          endDate: '2030-12-31',
        },
      }),
    );
    await expect
      .poll(async () => (await t.db.selectFrom('members').select('membership_type').where('id', '=', memberId).executeTakeFirst())?.membership_type, {
        timeout: 20_000,
      })
      .toBe('premium');
    const classId = await newClass('2030-03-12', '18:00');
    const token = await t.sign(org, 'member', [L1], memberId);
    expect((await t.call(token, 'POST', `/scheduling/classes/${classId}/bookings`, {})).status).toBe(201);

    await publish('members', makeEnvelope(MemberEvents.MembershipFrozen, { ...meta(memberId), data: { memberId, frozenFrom: '2030-03-11', reason: null } }));
    await expect
      .poll(async () => (await t.db.selectFrom('members').select('status').where('id', '=', memberId).executeTakeFirst())?.status, { timeout: 20_000 })
      .toBe('frozen');
    const other = await newClass('2030-03-13', '18:00');
    const refused = await t.call(token, 'POST', `/scheduling/classes/${other}/bookings`, {});
    expect([refused.status, refused.body.code]).toEqual([409, 'MEMBERSHIP_INACTIVE']);
  });

  it('a check-in at the location marks the booking of a class on then attended', async () => {
    const memberId = randomUUID();
    await t.member(memberId, org, L1);
    const classId = await newClass('2030-03-12', '19:00'); // 13:30 UTC
    expect((await t.call(owner, 'POST', `/scheduling/classes/${classId}/bookings`, { memberId })).status).toBe(201);
    await publish(
      'attendance',
      makeEnvelope(AttendanceEvents.CheckedIn, {
        ...meta(randomUUID()),
        locationId: L1,
        data: {
          attendanceId: randomUUID(),
          memberId,
          type: 'member',
          locationId: L1,
          firstName: 'Asha',
          lastName: 'Rao',
          trainerId: null,
          workoutType: 'cardio',
          checkInMethod: 'qr',
          checkInTime: '2030-03-12T13:20:00.000Z',
        },
      }),
    );
    await expect.poll(() => bookingStatus(classId, memberId), { timeout: 20_000 }).toBe('attended');
  });
});

describe('trainers', () => {
  it('a trainer created in trainers may lead a class; archived, they may not', async () => {
    const trainerId = randomUUID();
    const snapshot = {
      trainerId,
      locationId: L1,
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.in',
      phone: '9876543210',
      specialization: [],
      maxClients: 10,
      isAvailable: true,
      hourlyRatePaise: 50_000,
      status: 'active' as const,
    };
    await publish('trainers', makeEnvelope(TrainerEvents.TrainerCreated, { ...meta(trainerId), data: { ...snapshot, source: 'staff' } }));
    await expect
      .poll(async () => (await t.db.selectFrom('trainers').select('status').where('id', '=', trainerId).executeTakeFirst())?.status, { timeout: 20_000 })
      .toBe('active');
    const body = { locationId: L1, classTypeId: typeId, date: '2030-03-15', startTime: '08:00', trainerId };
    expect((await t.call(owner, 'POST', '/scheduling/classes', body)).status).toBe(201);
    await publish('trainers', makeEnvelope(TrainerEvents.TrainerArchived, { ...meta(trainerId), data: { trainerId } }));
    await expect
      .poll(async () => (await t.db.selectFrom('trainers').select('status').where('id', '=', trainerId).executeTakeFirst())?.status, { timeout: 20_000 })
      .toBe('archived');
    expect((await t.call(owner, 'POST', '/scheduling/classes', body)).status).toBe(404);
  });
});

describe('the class clock', () => {
  it('closes an ended class: unattended bookings become no-shows, attended stay attended', async () => {
    const [came, missed] = [randomUUID(), randomUUID()];
    await t.member(came, org, L1);
    await t.member(missed, org, L1);
    const classId = await newClass('2030-03-11', '20:00'); // 14:30–15:30 UTC
    for (const m of [came, missed]) expect((await t.call(owner, 'POST', `/scheduling/classes/${classId}/bookings`, { memberId: m })).status).toBe(201);
    expect((await t.call(owner, 'POST', `/scheduling/classes/${classId}/attendance`, { memberId: came })).status).toBe(200);
    t.time.now = Date.parse('2030-03-11T15:31:00.000Z');
    const run = await runClassClock({ db: t.db, clock: t.clock, directory: t.directory });
    expect(run.closed).toBeGreaterThanOrEqual(1);
    expect(await bookingStatus(classId, came)).toBe('attended');
    expect(await bookingStatus(classId, missed)).toBe('no_show');
    expect((await t.db.selectFrom('classes').select('status').where('id', '=', classId).executeTakeFirstOrThrow()).status).toBe('closed');
  });
});
