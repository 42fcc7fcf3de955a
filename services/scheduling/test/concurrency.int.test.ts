import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootScheduling } from './setup.ts';

// The invariant under concurrency: 100 members racing for the last 5 places of a class, all at once through HTTP.
let t: Awaited<ReturnType<typeof bootScheduling>>;
const org = randomUUID();
const L1 = randomUUID();
const early = Array.from({ length: 15 }, () => randomUUID());
const racers = Array.from({ length: 100 }, () => randomUUID());
let classId: string;

beforeAll(async () => {
  t = await bootScheduling('scheduling_race');
  await t.org(org, [L1]);
  for (const m of [...early, ...racers]) await t.member(m, org, L1);
  const owner = await t.sign(org, 'owner', [L1]);
  const type = await t.call(owner, 'POST', '/scheduling/class-types', { name: 'Spin', category: 'spin', durationMinutes: 45, defaultCapacity: 20 });
  const cls = await t.call(owner, 'POST', '/scheduling/classes', {
    locationId: L1,
    classTypeId: (type.body.data as { id: string }).id,
    date: '2030-03-12',
    startTime: '19:00',
  });
  classId = (cls.body.data as { id: string }).id;
  // 15 of the 20 places are taken beforehand.
  for (const m of early) expect((await t.call(owner, 'POST', `/scheduling/classes/${classId}/bookings`, { memberId: m })).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('100 members racing for the last 5 places', () => {
  it('exactly 5 booked, 95 waitlisted in the order their requests were accepted, nobody twice', async () => {
    const tokens = await Promise.all(racers.map((m) => t.sign(org, 'member', [L1], m)));
    const answers = await Promise.all(tokens.map((tok) => t.call(tok, 'POST', `/scheduling/classes/${classId}/bookings`, {})));
    expect(answers.map((a) => a.status)).toEqual(racers.map(() => 201));
    const statuses = answers.map((a) => (a.body.data as { status: string }).status);
    expect(statuses.filter((s) => s === 'booked')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(95);

    // The stream is the order of acceptance: the 5 first accepted got the places, the rest queue in that order.
    const events = await t.db
      .selectFrom('events')
      .select(['type', 'data', 'stream_version'])
      .where('stream_id', '=', `class-${classId}`)
      .where('type', 'in', ['ClassBooked', 'Waitlisted'])
      .orderBy('stream_version')
      .execute();
    const dataOf = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d) as { data: { memberId: string } };
    const accepted = events.slice(early.length).map((e) => ({ type: e.type, memberId: dataOf(e.data).data.memberId }));
    expect(accepted.slice(0, 5).every((e) => e.type === 'ClassBooked')).toBe(true);
    expect(accepted.slice(5).every((e) => e.type === 'Waitlisted')).toBe(true);
    const queue = accepted.slice(5).map((e) => e.memberId);
    // Each racer's answer agrees with the stream: its waitlist position is its place in the order of acceptance.
    answers.forEach((a, i) => {
      const d = a.body.data as { status: string; position: number | null };
      if (d.status === 'waitlisted') expect(d.position).toBe(queue.indexOf(racers[i]!) + 1);
    });

    // The read model agrees: 20 booked, 95 waiting in the same order, nobody twice.
    const cls = await t.db.selectFrom('classes').select(['booked', 'waitlisted', 'capacity']).where('id', '=', classId).executeTakeFirstOrThrow();
    expect(cls).toEqual({ booked: 20, waitlisted: 95, capacity: 20 });
    const rows = await t.db.selectFrom('bookings').select(['member_id', 'status']).where('class_id', '=', classId).orderBy('seq').execute();
    expect(new Set(rows.map((r) => r.member_id)).size).toBe(rows.length);
    expect(rows.filter((r) => r.status === 'waitlisted').map((r) => r.member_id)).toEqual(queue);

    // Nobody can book twice, even racing against themself.
    const me = tokens[0]!;
    const again = await Promise.all([1, 2, 3].map(() => t.call(me, 'POST', `/scheduling/classes/${classId}/bookings`, {})));
    expect(again.map((a) => a.status)).toEqual([409, 409, 409]);
  }, 120_000);
});
