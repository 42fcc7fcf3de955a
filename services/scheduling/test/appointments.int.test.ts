import {
  AttendanceEvents,
  SchedulingEvents,
  TrainerEvents,
  schedulingAppointmentRoutes,
  topicOf,
  topicSpecs,
  type Appointment,
  type FreeSlots,
} from '@akhada/contracts';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_UPGRADE_MESSAGE } from '../src/app/access.ts';
import { runClassClock } from '../src/app/close-classes.ts';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { bootScheduling, ok, refused } from './setup.ts';

// Personal-training appointments through app.inject against the real PostgreSQL (and Kafka for the trainers' hours):
// free slots, booking with its overlap refusals, cancel / attended / no-show, organizations and roles, the race.
let t: Awaited<ReturnType<typeof bootScheduling>>;
let consumers: RunningConsumer[] = [];
const orgA = randomUUID();
const orgB = randomUUID();
const orgStarter = randomUUID();
const [L1, L2, LB] = [randomUUID(), randomUUID(), randomUUID()];
const [T1, T2, TL2, TB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const [m1, m2, m3, m4, mFrozen, mL2, mB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const tok = {} as Record<'owner' | 'adminL2' | 't1' | 't2' | 'm1' | 'm2' | 'm3' | 'm4' | 'frozen' | 'ownerB' | 'memberB' | 'starter', string>;
const P = '/scheduling/appointments';
const NOW = '2030-03-11T00:00:00.000Z'; // Monday 05:30 in Kolkata
const at = (local: string) => new Date(`2030-03-12T${local}:00+05:30`).toISOString(); // Tuesday, Kolkata clocks
const everyDay = Array.from({ length: 7 }, (_, d) => ({ dayOfWeek: d, startTime: '06:00', endTime: '12:00' }));

const hours = (trainerId: string, orgId: string, locationId: string, slots = everyDay) =>
  t.db
    .insertInto('trainer_hours')
    .values({ trainer_id: trainerId, org_id: orgId, location_id: locationId, weekly_slots: JSON.stringify(slots) as never, updated_at: new Date(NOW) })
    .execute();
/** The integration events written for these appointments, in order. */
const eventTypes = async (ids: string[]) =>
  (await t.db.selectFrom('outbox').select('payload').where('key', 'in', ids).orderBy('id').execute()).map((o) => (o.payload as { type: string }).type);
const book = (token: string, body: Record<string, unknown>) => t.call(token, 'POST', P, body);

beforeAll(async () => {
  t = await bootScheduling('scheduling_pt');
  await t.org(orgA, [L1, L2]);
  await t.org(orgB, [LB]);
  await t.org(orgStarter, [randomUUID()], { plan: 'starter', trialEndsAt: null });
  for (const [id, loc] of [
    [T1, L1],
    [T2, L1],
    [TL2, L2],
  ] as const)
    await t.trainer(id, orgA, loc);
  await t.trainer(TB, orgB, LB);
  for (const [id, org, loc] of [
    [T1, orgA, L1],
    [T2, orgA, L1],
    [TL2, orgA, L2],
    [TB, orgB, LB],
  ] as const)
    await hours(id, org, loc);
  for (const m of [m1, m2, m3, m4]) await t.member(m, orgA, L1);
  await t.member(mFrozen, orgA, L1, { status: 'frozen' });
  await t.member(mL2, orgA, L2);
  await t.member(mB, orgB, LB);
  await t.db.updateTable('members').set({ trainer_id: T1 }).where('id', 'in', [m1, m3, m4, mFrozen]).execute();
  tok.owner = await t.sign(orgA, 'owner', [L1, L2]);
  tok.adminL2 = await t.sign(orgA, 'admin', [L2]);
  tok.t1 = await t.sign(orgA, 'trainer', [L1], T1);
  tok.t2 = await t.sign(orgA, 'trainer', [L1], T2);
  tok.m1 = await t.sign(orgA, 'member', [L1], m1);
  tok.m2 = await t.sign(orgA, 'member', [L1], m2);
  tok.m3 = await t.sign(orgA, 'member', [L1], m3);
  tok.m4 = await t.sign(orgA, 'member', [L1], m4);
  tok.frozen = await t.sign(orgA, 'member', [L1], mFrozen);
  tok.ownerB = await t.sign(orgB, 'owner', [LB]);
  tok.memberB = await t.sign(orgB, 'member', [LB], mB);
  tok.starter = await t.sign(orgStarter, 'owner', []);
}, 120_000);

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await t?.runtime.bus.deleteGroups((g) => g.includes(t.schema)).catch(() => undefined);
  await t?.close();
});

describe('bookable trainers', () => {
  type Listed = { trainers: { id: string; assigned: boolean; locationId: string }[] };
  const listed = async (token: string) => ok<Listed>(await t.call(token, 'GET', `${P}/trainers`)).trainers;
  it('a member their own trainer (and with "any trainer", the others of their location who keep hours, own first); a trainer themself; staff theirs', async () => {
    expect(await listed(tok.m1)).toEqual([{ id: T1, name: expect.any(String), locationId: L1, assigned: true }]);
    expect(await listed(tok.m2)).toEqual([]);
    expect((await listed(tok.t1)).map((x) => x.id)).toEqual([T1]);
    expect((await listed(tok.owner)).map((x) => x.id).sort()).toEqual([T1, T2, TL2].sort());
    expect((await listed(tok.adminL2)).map((x) => x.id)).toEqual([TL2]);
    expect((await listed(tok.ownerB)).map((x) => x.id)).toEqual([TB]);
    refused(await t.call(tok.starter, 'GET', `${P}/trainers`), 402);
    const settings = ok<Record<string, unknown>>(await t.call(tok.owner, 'GET', `/scheduling/settings?locationId=${L1}`));
    ok(await t.call(tok.owner, 'PUT', '/scheduling/settings', { ...settings, ptAnyTrainer: true }));
    const mine = await listed(tok.m1);
    expect(mine.map((x) => [x.id, x.assigned])).toEqual([
      [T1, true],
      [T2, false],
    ]);
    expect((await listed(tok.m2)).map((x) => x.id).sort()).toEqual([T1, T2].sort());
    ok(await t.call(tok.owner, 'PUT', '/scheduling/settings', { ...settings, ptAnyTrainer: false }));
  });
});

describe('free slots', () => {
  it('a member sees their trainer’s slots of the length they pick, inside the working hours', async () => {
    const free = ok<FreeSlots>(await t.call(tok.m1, 'GET', `${P}/free-slots?trainerId=${T1}&from=2030-03-12&to=2030-03-12&durationMinutes=90`));
    expect(free.timeZone).toBe('Asia/Kolkata');
    expect(free.slots.map((s) => s.localTime)).toEqual(['06:00', '07:30', '09:00', '10:30']);
    expect(free.slots[0]).toEqual({ startsAt: at('06:00'), endsAt: at('07:30'), localDate: '2030-03-12', localTime: '06:00' });
  });
  it('defaults to 60 minutes over 14 days, and not past the booking window for a member (7 days)', async () => {
    const free = ok<FreeSlots>(await t.call(tok.m1, 'GET', `${P}/free-slots?trainerId=${T1}`));
    expect(free.durationMinutes).toBe(60);
    expect(new Set(free.slots.map((s) => s.localDate)).size).toBe(7); // today (from 06:00) … the 17th (the 18th's 06:00 is past 7 days)
    expect(free.slots.every((s) => Date.parse(s.startsAt) <= Date.parse(NOW) + 7 * 86_400_000)).toBe(true);
  });
  it('refuses a length it does not offer, and a range that runs backwards or too long', async () => {
    refused(await t.call(tok.m1, 'GET', `${P}/free-slots?trainerId=${T1}&durationMinutes=20`), 400, 'VALIDATION_FAILED');
    refused(await t.call(tok.m1, 'GET', `${P}/free-slots?trainerId=${T1}&from=2030-03-12&to=2030-03-11`), 400, 'VALIDATION_FAILED');
    refused(await t.call(tok.owner, 'GET', `${P}/free-slots?trainerId=${T1}&from=2030-03-12&to=2030-05-12`), 400, 'VALIDATION_FAILED');
    refused(await t.call(tok.m1, 'GET', `${P}/free-slots?trainerId=not-an-id`), 400, 'VALIDATION_FAILED');
  });
  it('a member may see only their own trainer’s (another trainer: 403); another gym’s trainer is not found', async () => {
    refused(await t.call(tok.m1, 'GET', `${P}/free-slots?trainerId=${T2}`), 403, 'FORBIDDEN', 'You can book sessions only with your own trainer');
    refused(await t.call(tok.m1, 'GET', `${P}/free-slots?trainerId=${TB}`), 404, 'NOT_FOUND');
    refused(await t.call(tok.ownerB, 'GET', `${P}/free-slots?trainerId=${T1}`), 404, 'NOT_FOUND');
    refused(await t.call(tok.t2, 'GET', `${P}/free-slots?trainerId=${T1}`), 403, 'FORBIDDEN');
    refused(await t.call(tok.adminL2, 'GET', `${P}/free-slots?trainerId=${T1}`), 403, 'FORBIDDEN');
  });
  it('a smaller plan gets 402', async () => {
    refused(await t.call(tok.starter, 'GET', `${P}/free-slots?trainerId=${T1}`), 402, 'PLAN_UPGRADE_REQUIRED', PLAN_UPGRADE_MESSAGE);
    refused(await book(tok.starter, { trainerId: T1, memberId: m1, startsAt: at('07:00') }), 402, 'PLAN_UPGRADE_REQUIRED');
  });
});

describe('booking', () => {
  let mine: Appointment;
  it('a member books a free slot of their trainer for themself', async () => {
    mine = ok<Appointment>(await book(tok.m1, { trainerId: T1, startsAt: at('07:00'), durationMinutes: 60 }), 201);
    expect(mine).toMatchObject({ memberId: m1, trainerId: T1, status: 'booked', localTime: '07:00', durationMinutes: 60, bookedBy: m1, late: false });
    expect(mine.memberName).toMatch(/^Asha Rao/);
    expect(mine.trainerName).toBe('Ravi Kumar');
    const free = ok<FreeSlots>(await t.call(tok.m1, 'GET', `${P}/free-slots?trainerId=${T1}&from=2030-03-12&to=2030-03-12`));
    expect(free.slots.map((s) => s.localTime)).toEqual(['06:00', '08:00', '09:00', '10:00', '11:00']);
    expect(await eventTypes([mine.id])).toEqual([SchedulingEvents.AppointmentBooked.type]);
  });
  it('the trainer double-booked is refused, saying so', async () => {
    refused(
      await book(tok.owner, { trainerId: T1, memberId: m2, startsAt: at('07:30'), durationMinutes: 30 }),
      409,
      'APPOINTMENT_CLASH',
      'The trainer already has an appointment at that time.',
    );
  });
  it('the member holding another appointment then is refused', async () => {
    refused(
      await book(tok.owner, { trainerId: T2, memberId: m1, startsAt: at('07:45'), durationMinutes: 30 }),
      409,
      'APPOINTMENT_CLASH',
      'The member already has an appointment at that time.',
    );
  });
  it('a class the trainer leads, and a class the member is booked into, are clashes too', async () => {
    const type = ok<{ id: string }>(
      await t.call(tok.owner, 'POST', '/scheduling/class-types', { name: 'Core blast', category: 'hiit', durationMinutes: 45, defaultCapacity: 5 }),
      201,
    );
    const led = ok<{ id: string }>(
      await t.call(tok.owner, 'POST', '/scheduling/classes', { locationId: L1, classTypeId: type.id, date: '2030-03-12', startTime: '09:00', trainerId: T1 }),
      201,
    );
    expect(led.id).toBeTruthy();
    refused(
      await book(tok.owner, { trainerId: T1, memberId: m2, startsAt: at('09:30') }),
      409,
      'APPOINTMENT_CLASH',
      'The trainer leads Core blast at that time.',
    );
    const other = ok<{ id: string }>(
      await t.call(tok.owner, 'POST', '/scheduling/classes', { locationId: L1, classTypeId: type.id, date: '2030-03-12', startTime: '10:30' }),
      201,
    );
    ok(await t.call(tok.m3, 'POST', `/scheduling/classes/${other.id}/bookings`, {}), 201);
    refused(
      await book(tok.m3, { trainerId: T1, startsAt: at('10:00'), durationMinutes: 60 }),
      409,
      'APPOINTMENT_CLASH',
      'The member is booked into Core blast at that time.',
    );
  });
  it('the other way round: a class during the member’s session is refused, saying when the session is', async () => {
    const session = ok<Appointment>(await book(tok.owner, { trainerId: TL2, memberId: mL2, startsAt: at('11:00'), durationMinutes: 60 }), 201);
    const type = ok<{ id: string }>(
      await t.call(tok.owner, 'POST', '/scheduling/class-types', { name: 'Stretch', category: 'yoga', durationMinutes: 30, defaultCapacity: 5 }),
      201,
    );
    const during = ok<{ id: string }>(
      await t.call(tok.owner, 'POST', '/scheduling/classes', { locationId: L2, classTypeId: type.id, date: '2030-03-12', startTime: '11:30' }),
      201,
    );
    refused(
      await t.call(tok.owner, 'POST', `/scheduling/classes/${during.id}/bookings`, { memberId: mL2 }),
      409,
      'APPOINTMENT_CLASH',
      'The member has a personal-training session at 11:00, during this class.',
    );
    const after = ok<{ id: string }>(
      await t.call(tok.owner, 'POST', '/scheduling/classes', { locationId: L2, classTypeId: type.id, date: '2030-03-12', startTime: '12:00' }),
      201,
    );
    ok(await t.call(tok.owner, 'POST', `/scheduling/classes/${after.id}/bookings`, { memberId: mL2 }), 201);
    // The session given up, the class during it may be booked.
    ok(await t.call(tok.owner, 'POST', `${P}/${session.id}/cancel`), 200);
    ok(await t.call(tok.owner, 'POST', `/scheduling/classes/${during.id}/bookings`, { memberId: mL2 }), 201);
  });
  it('outside the working hours, in the past and beyond the window are refused', async () => {
    refused(await book(tok.m1, { trainerId: T1, startsAt: at('12:00') }), 409, 'OUTSIDE_AVAILABILITY');
    refused(await book(tok.owner, { trainerId: T1, memberId: m2, startsAt: '2030-03-10T02:00:00.000Z' }), 409, 'BOOKING_NOT_ALLOWED');
    refused(
      await book(tok.m1, { trainerId: T1, startsAt: '2030-03-20T02:00:00.000Z' }),
      409,
      'BOOKING_NOT_ALLOWED',
      'Booking opens 7 days before the appointment.',
    );
  });
  it('bad input is a 400 with the reason', async () => {
    refused(await book(tok.m1, { trainerId: T1, startsAt: at('08:00'), durationMinutes: 50 }), 400, 'VALIDATION_FAILED');
    refused(await book(tok.m1, { trainerId: T1, startsAt: 'tomorrow' }), 400, 'VALIDATION_FAILED');
    refused(await book(tok.m1, { startsAt: at('08:00') }), 400, 'VALIDATION_FAILED');
    refused(await book(tok.owner, { trainerId: T1, startsAt: at('08:00') }), 400, 'VALIDATION_FAILED');
    refused(await book(tok.m1, { trainerId: T1, startsAt: at('08:00'), extra: 1 }), 400, 'VALIDATION_FAILED');
  });
  it('a frozen membership is refused with the reason', async () => {
    refused(
      await book(tok.frozen, { trainerId: T1, startsAt: at('11:00') }),
      409,
      'MEMBERSHIP_INACTIVE',
      'Your membership is frozen, so sessions cannot be booked.',
    );
  });
  it('a member books only for themself and only with their trainer (unless the location allows any)', async () => {
    refused(await book(tok.m1, { trainerId: T1, memberId: m2, startsAt: at('11:00') }), 403, 'FORBIDDEN', 'Members can book only for themselves');
    refused(await book(tok.m2, { trainerId: T1, startsAt: at('11:00') }), 403, 'FORBIDDEN', 'You can book sessions only with your own trainer');
    const settings = ok<Record<string, unknown>>(await t.call(tok.owner, 'GET', `/scheduling/settings?locationId=${L1}`));
    expect(settings.ptAnyTrainer).toBe(false);
    ok(await t.call(tok.owner, 'PUT', '/scheduling/settings', { ...settings, ptAnyTrainer: true }));
    ok(await book(tok.m2, { trainerId: T2, startsAt: at('11:00') }), 201);
    // A setting saved without the field keeps it.
    ok(await t.call(tok.owner, 'PUT', '/scheduling/settings', { ...settings, ptAnyTrainer: undefined }));
    expect(ok<Record<string, unknown>>(await t.call(tok.owner, 'GET', `/scheduling/settings?locationId=${L1}`)).ptAnyTrainer).toBe(true);
    // Any trainer of their own location only.
    refused(await book(tok.m2, { trainerId: TL2, startsAt: at('11:00') }), 403, 'FORBIDDEN');
    ok(await t.call(tok.owner, 'PUT', '/scheduling/settings', { ...settings, ptAnyTrainer: false }));
  });
  it('the trainer books for a member of their location, only with themself; staff only at their locations', async () => {
    ok(await book(tok.t2, { trainerId: T2, memberId: m4, startsAt: at('06:00'), durationMinutes: 45 }), 201);
    refused(await book(tok.t2, { trainerId: T1, memberId: m4, startsAt: at('08:00') }), 403, 'FORBIDDEN');
    refused(await book(tok.t2, { trainerId: T2, memberId: mL2, startsAt: at('08:00') }), 404, 'NOT_FOUND');
    refused(await book(tok.adminL2, { trainerId: T1, memberId: m2, startsAt: at('08:00') }), 403, 'FORBIDDEN');
    ok(await book(tok.adminL2, { trainerId: TL2, memberId: mL2, startsAt: at('08:00') }), 201);
  });
  it('another organization cannot book with or for ours', async () => {
    refused(await book(tok.ownerB, { trainerId: T1, memberId: m2, startsAt: at('08:00') }), 404, 'NOT_FOUND');
    refused(await book(tok.ownerB, { trainerId: TB, memberId: m2, startsAt: at('08:00') }), 404, 'NOT_FOUND');
  });
  it('listing: a member sees theirs, a trainer theirs, staff their locations (by trainer)', async () => {
    const list = async (token: string, q = '') => ok<{ appointments: Appointment[] }>(await t.call(token, 'GET', `${P}${q}`)).appointments;
    expect((await list(tok.m1)).map((a) => a.id)).toEqual([mine.id]);
    expect((await list(tok.t1)).every((a) => a.trainerId === T1)).toBe(true);
    expect((await list(tok.t1)).map((a) => a.id)).toEqual([mine.id]);
    expect((await list(tok.t2)).map((a) => a.memberId).sort()).toEqual([m2, m4].sort());
    expect((await list(tok.owner, `?trainerId=${T1}`)).map((a) => a.id)).toEqual([mine.id]);
    expect((await list(tok.owner, `?locationId=${L1}`)).length).toBe(3);
    expect((await list(tok.adminL2)).map((a) => a.memberId)).toEqual([mL2]);
    expect(await list(tok.ownerB)).toEqual([]);
    refused(await t.call(tok.adminL2, 'GET', `${P}?locationId=${L1}`), 403, 'FORBIDDEN');
    refused(await t.call(tok.t2, 'GET', `${P}?trainerId=${T1}`), 403, 'FORBIDDEN');
    expect(await list(tok.m1, '?from=2030-03-13')).toEqual([]);
  });
});

describe('cancel, attended, no-show', () => {
  const slot = async (startLocal: string, memberId = m4) =>
    ok<Appointment>(await book(tok.owner, { trainerId: T1, memberId, startsAt: at(startLocal), durationMinutes: 30 }), 201);
  it('cross-organization and cross-role ids are not found; a member may not mark', async () => {
    const a = await slot('11:00');
    refused(await t.call(tok.ownerB, 'POST', `${P}/${a.id}/cancel`), 404, 'NOT_FOUND');
    refused(await t.call(tok.memberB, 'POST', `${P}/${a.id}/cancel`), 404, 'NOT_FOUND');
    refused(await t.call(tok.m2, 'POST', `${P}/${a.id}/cancel`), 404, 'NOT_FOUND');
    refused(await t.call(tok.t2, 'POST', `${P}/${a.id}/attended`), 404, 'NOT_FOUND');
    refused(await t.call(tok.t2, 'POST', `${P}/${a.id}/no-show`), 404, 'NOT_FOUND');
    refused(await t.call(tok.m4, 'POST', `${P}/${a.id}/attended`), 403, 'FORBIDDEN');
    refused(await t.call(tok.adminL2, 'POST', `${P}/${a.id}/cancel`), 403, 'FORBIDDEN');
    refused(await t.call(tok.owner, 'POST', `${P}/${randomUUID()}/cancel`), 404, 'NOT_FOUND');
    refused(await t.call(tok.owner, 'POST', `${P}/not-an-id/cancel`), 400, 'VALIDATION_FAILED');
    // The member cancels their own, a day ahead: not late; the slot is free again.
    const cancelled = ok<Appointment>(await t.call(tok.m4, 'POST', `${P}/${a.id}/cancel`));
    expect(cancelled).toMatchObject({ status: 'cancelled', late: false });
    ok(await book(tok.owner, { trainerId: T1, memberId: m1, startsAt: at('11:00'), durationMinutes: 30 }), 201);
  });
  it('a cancel inside the late-cancel window is late', async () => {
    const a = await slot('10:00');
    t.time.now = Date.parse(at('09:00'));
    try {
      expect(ok<Appointment>(await t.call(tok.t1, 'POST', `${P}/${a.id}/cancel`))).toMatchObject({ status: 'cancelled', late: true });
    } finally {
      t.time.now = Date.parse(NOW);
    }
  });
  it('the trainer marks attended and no-show once it has begun; the sweep makes an unmarked one a no-show', async () => {
    const [came, missed, unmarked] = [await slot('08:00'), await slot('08:30', m3), await slot('10:00', m3)];
    refused(await t.call(tok.t1, 'POST', `${P}/${came.id}/attended`), 409, 'CONFLICT');
    t.time.now = Date.parse(at('08:40'));
    try {
      expect(ok<Appointment>(await t.call(tok.t1, 'POST', `${P}/${came.id}/attended`)).status).toBe('attended');
      expect(ok<Appointment>(await t.call(tok.owner, 'POST', `${P}/${missed.id}/no-show`)).status).toBe('no_show');
      refused(await t.call(tok.m4, 'POST', `${P}/${came.id}/cancel`), 409, 'CONFLICT');
      t.time.now = Date.parse(at('10:31'));
      const run = await runClassClock({ db: t.db, clock: t.clock, directory: t.directory });
      expect(run.noShows).toBeGreaterThanOrEqual(1);
      const row = await t.db.selectFrom('appointments').select('status').where('id', '=', unmarked.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('no_show');
      const types = await eventTypes([came.id, missed.id, unmarked.id]);
      expect(types.filter((x) => x === SchedulingEvents.AppointmentAttended.type)).toHaveLength(1);
      expect(types.filter((x) => x === SchedulingEvents.AppointmentNoShow.type)).toHaveLength(2);
    } finally {
      t.time.now = Date.parse(NOW);
    }
  });
});

describe('two members racing for one slot', () => {
  it('exactly one gets it; the other is told the trainer is taken', async () => {
    const racers = Array.from({ length: 8 }, () => randomUUID());
    for (const m of racers) await t.member(m, orgA, L1);
    await t.db.updateTable('members').set({ trainer_id: T2 }).where('id', 'in', racers).execute();
    const tokens = await Promise.all(racers.map((m) => t.sign(orgA, 'member', [L1], m)));
    const started = performance.now();
    const answers = await Promise.all(tokens.map((token) => book(token, { trainerId: T2, startsAt: at('09:00'), durationMinutes: 60 })));
    const elapsed = performance.now() - started;
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) refused(a, 409, 'APPOINTMENT_CLASH', 'The trainer already has an appointment at that time.');
    const rows = await t.db
      .selectFrom('appointments')
      .select('id')
      .where('trainer_id', '=', T2)
      .where('starts_at', '=', new Date(at('09:00')))
      .execute();
    expect(rows).toHaveLength(1);
    console.info(`pt race: ${racers.length} bookings for one slot answered in ${elapsed.toFixed(0)} ms`);
  });
});

describe('the trainers’ weekly hours arrive from trainers.schedule_changed', () => {
  it('a new schedule replaces the old one; an older event does not overwrite a newer', async () => {
    const bus = t.runtime.bus;
    await bus.ensureTopics(topicSpecs().filter((s) => s.topic === topicOf('trainers')));
    consumers = await startConsumers({
      bus,
      db: t.db,
      logger: t.logger,
      groups: { members: `${t.schema}.members`, trainers: `${t.schema}.trainers`, attendance: `${t.schema}.attendance` },
      startAt: 'now',
    });
    const env = (trainerId: string, slots: { dayOfWeek: number; startTime: string; endTime: string }[], occurredAt: string) =>
      makeEnvelope(TrainerEvents.TrainerScheduleChanged, {
        orgId: orgA,
        aggregateId: trainerId,
        correlationId: randomUUID(),
        causationId: randomUUID(),
        occurredAt,
        data: { trainerId, locationId: L1, weeklySlots: slots },
      });
    const newer = env(T2, [{ dayOfWeek: 2, startTime: '17:00', endTime: '19:00' }], '2030-03-11T00:05:00.000Z');
    const older = env(T2, [{ dayOfWeek: 2, startTime: '05:00', endTime: '06:00' }], '2030-03-11T00:01:00.000Z');
    // A barrier on the same partition (same key): once it is in, the two before it are too.
    const barrierTrainer = randomUUID();
    const barrier = env(barrierTrainer, [], '2030-03-11T00:05:00.000Z');
    await bus.publish(
      [newer, older, barrier].map((e) => ({
        topic: topicOf('trainers'),
        key: T2,
        value: JSON.stringify(e),
        headers: { 'event-id': e.eventId, 'event-type': e.type },
      })),
    );
    await expect
      .poll(
        async () => (await t.db.selectFrom('trainer_hours').select('trainer_id').where('trainer_id', '=', barrierTrainer).executeTakeFirst()) !== undefined,
        {
          timeout: 30_000,
          interval: 100,
        },
      )
      .toBe(true);
    const free = ok<FreeSlots>(await t.call(tok.owner, 'GET', `${P}/free-slots?trainerId=${T2}&from=2030-03-12&to=2030-03-12`));
    expect(free.slots.map((s) => s.localTime)).toEqual(['17:00', '18:00']);
  });

  it('a member’s check-in at the location during their session marks it attended', async () => {
    const memberId = randomUUID();
    await t.member(memberId, orgA, L1);
    const a = ok<Appointment>(await book(tok.owner, { trainerId: T1, memberId, startsAt: at('11:30'), durationMinutes: 30 }), 201);
    const checkIn = makeEnvelope(AttendanceEvents.CheckedIn, {
      orgId: orgA,
      aggregateId: randomUUID(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: at('11:25'),
      locationId: L1,
      data: {
        attendanceId: randomUUID(),
        memberId,
        type: 'member',
        locationId: L1,
        firstName: 'Asha',
        lastName: 'Rao',
        trainerId: null,
        workoutType: 'strength',
        checkInMethod: 'qr',
        checkInTime: at('11:25'),
      },
    });
    await t.runtime.bus.ensureTopics(topicSpecs().filter((s) => s.topic === topicOf('attendance')));
    await t.runtime.bus.publish([
      { topic: topicOf('attendance'), key: memberId, value: JSON.stringify(checkIn), headers: { 'event-id': checkIn.eventId, 'event-type': checkIn.type } },
    ]);
    await expect
      .poll(async () => (await t.db.selectFrom('appointments').select('status').where('id', '=', a.id).executeTakeFirstOrThrow()).status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('attended');
    expect(schedulingAppointmentRoutes.freeSlots.path).toBe(`${P}/free-slots`);
  });
});
