import { AttendanceEvents, topicOf, topicSpecs } from '@akhada/contracts';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { bootScheduling } from './setup.ts';

// A member's QR check-in (attendance's event, through Kafka) marks their ticket attended when it happens at the event's
// location during the event; elsewhere or another day it does not.
let t: Awaited<ReturnType<typeof bootScheduling>>;
let consumers: RunningConsumer[] = [];
const org = randomUUID();
const [L1, L2] = [randomUUID(), randomUUID()];
const [m1, m2, m3] = [randomUUID(), randomUUID(), randomUUID()];
let eventId: string;

beforeAll(async () => {
  t = await bootScheduling('scheduling_event_checkin');
  await t.org(org, [L1, L2]);
  for (const m of [m1, m2, m3]) await t.member(m, org, L1);
  const bus = t.runtime.bus;
  await bus.ensureTopics(topicSpecs().filter((s) => [topicOf('members'), topicOf('trainers'), topicOf('attendance')].includes(s.topic)));
  consumers = await startConsumers({
    bus,
    db: t.db,
    logger: t.logger,
    groups: { members: `${t.schema}.members`, trainers: `${t.schema}.trainers`, attendance: `${t.schema}.attendance` },
    startAt: 'now',
  });
  const owner = await t.sign(org, 'owner', [L1, L2]);
  const created = await t.call(owner, 'POST', '/scheduling/events', {
    locationId: L1,
    title: 'Open day',
    kind: 'open_day',
    date: '2030-03-14',
    startTime: '09:00',
    endTime: '12:00',
    capacity: 10,
  });
  eventId = (created.body.data as { id: string }).id;
  for (const m of [m1, m2, m3]) expect((await t.call(await t.sign(org, 'member', [L1], m), 'POST', `/scheduling/events/${eventId}/tickets`)).status).toBe(201);
}, 120_000);

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await t?.runtime.bus.deleteGroups((g) => g.includes(t.schema)).catch(() => undefined);
  await t?.close();
});

const checkIn = (memberId: string, locationId: string, checkInTime: string) => {
  const env = makeEnvelope(AttendanceEvents.CheckedIn, {
    orgId: org,
    aggregateId: memberId,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: checkInTime,
    locationId,
    data: {
      attendanceId: randomUUID(),
      memberId,
      type: 'member',
      locationId,
      firstName: 'Asha',
      lastName: 'Rao',
      trainerId: null,
      workoutType: 'cardio',
      checkInMethod: 'qr',
      checkInTime,
    },
  });
  // one key for all: one partition, handled in the order published
  return t.runtime.bus.publish([
    { topic: topicOf('attendance'), key: org, value: JSON.stringify(env), headers: { 'event-id': env.eventId, 'event-type': env.type } },
  ]);
};
const status = async (memberId: string) =>
  (await t.db.selectFrom('event_tickets').select('status').where('event_id', '=', eventId).where('member_id', '=', memberId).executeTakeFirst())?.status;

describe('check-in at an event', () => {
  it('at the location during the event: attended; at another location or the day before: still confirmed', async () => {
    // 09:00–12:00 in Kolkata is 03:30–06:30Z on the 14th
    await checkIn(m2, L2, '2030-03-14T04:00:00.000Z');
    await checkIn(m3, L1, '2030-03-13T04:00:00.000Z');
    await checkIn(m1, L1, '2030-03-14T04:00:00.000Z');
    await expect.poll(() => status(m1), { timeout: 20_000, interval: 100 }).toBe('attended');
    // one partition, handled in order: the two earlier check-ins were handled before m1's
    expect(await status(m2)).toBe('confirmed');
    expect(await status(m3)).toBe('confirmed');
  }, 60_000);
});
