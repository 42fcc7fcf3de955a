import { schedulingRoutes } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_UPGRADE_MESSAGE } from '../src/app/access.ts';
import { bootScheduling, ok, refused, seedGyms } from './setup.ts';

// Every scheduling route through app.inject against the real PostgreSQL: plans, roles, organizations, rules.
let t: Awaited<ReturnType<typeof bootScheduling>>;
const orgA = randomUUID();
const orgB = randomUUID();
const orgStarter = randomUUID();
const orgTrial = randomUUID();
const orgTrialOver = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const LB = randomUUID();
const [m1, m2, m3, mFrozen, mExpired, mB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const tok = {} as Record<
  'owner' | 'adminL2' | 'trainer' | 'trainerL2' | 'm1' | 'm2' | 'm3' | 'frozen' | 'expired' | 'ownerB' | 'memberB' | 'starter' | 'trial' | 'trialOver',
  string
>;
let yogaId: string;
/** `ok` expecting 201 unless told. */
const created = <T>(r: Parameters<typeof ok>[0], status = 201): T => ok<T>(r, status);

beforeAll(async () => {
  t = await bootScheduling('scheduling_routes');
  Object.assign(tok, await seedGyms(t, { orgA, orgB, orgStarter, L1, L2, LB }));
  await t.org(orgTrial, [randomUUID()], { plan: 'free', trialEndsAt: new Date('2030-03-20T00:00:00Z') });
  await t.org(orgTrialOver, [randomUUID()], { plan: 'free', trialEndsAt: new Date('2030-03-01T00:00:00Z') });
  await t.member(m1, orgA, L1);
  await t.member(m2, orgA, L1);
  await t.member(m3, orgA, L1, { plan: 'vip' });
  await t.member(mFrozen, orgA, L1, { status: 'frozen' });
  await t.member(mExpired, orgA, L1, { status: 'expired', endDate: '2030-03-01' });
  await t.member(mB, orgB, LB);
  tok.m1 = await t.sign(orgA, 'member', [L1], m1);
  tok.m2 = await t.sign(orgA, 'member', [L1], m2);
  tok.m3 = await t.sign(orgA, 'member', [L1], m3);
  tok.frozen = await t.sign(orgA, 'member', [L1], mFrozen);
  tok.expired = await t.sign(orgA, 'member', [L1], mExpired);
  tok.memberB = await t.sign(orgB, 'member', [LB], mB);
  tok.trial = await t.sign(orgTrial, 'owner', []);
  tok.trialOver = await t.sign(orgTrialOver, 'owner', []);
  yogaId = created<{ id: string }>(
    await t.call(tok.owner, 'POST', '/scheduling/class-types', { name: 'Sunrise yoga', category: 'yoga', durationMinutes: 60, defaultCapacity: 2 }),
  ).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('plan: scheduling is Pro and above', () => {
  it('a Starter organization gets 402 with the reason, on reads and writes', async () => {
    refused(await t.call(tok.starter, 'GET', '/scheduling/class-types'), 402, 'PLAN_UPGRADE_REQUIRED', PLAN_UPGRADE_MESSAGE);
    refused(
      await t.call(tok.starter, 'POST', '/scheduling/class-types', { name: 'X', category: 'hiit', durationMinutes: 30, defaultCapacity: 5 }),
      402,
      'PLAN_UPGRADE_REQUIRED',
    );
  });
  it('the free trial has every Pro feature', async () => {
    expect((await t.call(tok.trial, 'GET', '/scheduling/class-types')).status).toBe(200);
  });
  it('a trial that ended gets 402', async () => {
    expect((await t.call(tok.trialOver, 'GET', '/scheduling/class-types')).status).toBe(402);
  });
});

describe('class types', () => {
  it('staff create, everyone lists (in the contract’s shape), names are unique per organization', async () => {
    const list = await t.call(tok.m1, 'GET', '/scheduling/class-types');
    expect(list.status).toBe(200);
    const body = schedulingRoutes.listClassTypes.responses[200].parse(list.body);
    expect(body.data.map((c) => c.name)).toEqual(['Sunrise yoga']);
    refused(
      await t.call(tok.owner, 'POST', '/scheduling/class-types', { name: 'sunrise YOGA', category: 'yoga', durationMinutes: 60, defaultCapacity: 2 }),
      409,
      'CONFLICT',
    );
    // another organization may use the name
    created(await t.call(tok.ownerB, 'POST', '/scheduling/class-types', { name: 'Sunrise yoga', category: 'yoga', durationMinutes: 60, defaultCapacity: 9 }));
    expect((await t.call(tok.ownerB, 'GET', '/scheduling/class-types')).body.data).toHaveLength(1);
  });
  it('bad input is a 400 that names the field', async () => {
    const r = await t.call(tok.owner, 'POST', '/scheduling/class-types', { name: 'Spin', category: 'cycling', durationMinutes: 5, defaultCapacity: 0 });
    refused(r, 400, 'VALIDATION_FAILED');
  });
  it('trainers and members may not create (403); another organization’s type is not found (404)', async () => {
    refused(
      await t.call(tok.trainer, 'POST', '/scheduling/class-types', { name: 'HIIT', category: 'hiit', durationMinutes: 30, defaultCapacity: 5 }),
      403,
      'FORBIDDEN',
    );
    refused(await t.call(tok.m1, 'PATCH', `/scheduling/class-types/${yogaId}`, { colour: '#000000' }), 403, 'FORBIDDEN');
    refused(await t.call(tok.ownerB, 'PATCH', `/scheduling/class-types/${yogaId}`, { colour: '#000000' }), 404, 'NOT_FOUND');
    refused(await t.call(tok.ownerB, 'DELETE', `/scheduling/class-types/${yogaId}`), 404, 'NOT_FOUND');
  });
  it('changes and archives', async () => {
    const id = created<{ id: string }>(
      await t.call(tok.owner, 'POST', '/scheduling/class-types', { name: 'Boxing', category: 'boxing', durationMinutes: 45, defaultCapacity: 8 }),
    ).id;
    expect(created<{ colour: string }>(await t.call(tok.owner, 'PATCH', `/scheduling/class-types/${id}`, { colour: '#112233' }), 200).colour).toBe('#112233');
    expect((await t.call(tok.owner, 'DELETE', `/scheduling/class-types/${id}`)).status).toBe(200);
    refused(await t.call(tok.owner, 'PATCH', `/scheduling/class-types/${id}`, { colour: '#112233' }), 404, 'NOT_FOUND');
  });
});

describe('settings per location', () => {
  const rules = { opensDaysBefore: 7, closesMinutesBefore: 30, lateCancelMinutes: 120, confirmMinutes: 30, noShowLimit: 3, noShowPauseDays: 7 };
  it('defaults, then what staff set', async () => {
    expect(created<{ opensDaysBefore: number }>(await t.call(tok.m1, 'GET', `/scheduling/settings?locationId=${L1}`), 200).opensDaysBefore).toBe(7);
    const put = await t.call(tok.owner, 'PUT', '/scheduling/settings', {
      locationId: L1,
      ...rules,
      allowances: { basic: 8, premium: null, vip: null, annual: null },
    });
    expect(created<{ allowances: Record<string, number | null> }>(put, 200).allowances).toEqual({ basic: 8, premium: null, vip: null, annual: null });
  });
  it('whether a late cancel and a no-show use a session-pack credit: both by default, as set, and kept when left out', async () => {
    type Flags = { packLateCancelUses: boolean; packNoShowUses: boolean };
    const read = async () => created<Flags>(await t.call(tok.owner, 'GET', `/scheduling/settings?locationId=${L2}`), 200);
    expect(await read()).toMatchObject({ packLateCancelUses: true, packNoShowUses: true });
    const put = await t.call(tok.owner, 'PUT', '/scheduling/settings', {
      locationId: L2,
      ...rules,
      allowances: {},
      packLateCancelUses: false,
      packNoShowUses: true,
    });
    expect(created<Flags>(put, 200)).toMatchObject({ packLateCancelUses: false, packNoShowUses: true });
    expect(await read()).toMatchObject({ packLateCancelUses: false, packNoShowUses: true });
    // A body without them (an older screen) changes neither.
    expect(created<Flags>(await t.call(tok.owner, 'PUT', '/scheduling/settings', { locationId: L2, ...rules, allowances: {} }), 200)).toMatchObject({
      packLateCancelUses: false,
      packNoShowUses: true,
    });
    refused(
      await t.call(tok.owner, 'PUT', '/scheduling/settings', { locationId: L2, ...rules, allowances: {}, packNoShowUses: 'yes' }),
      400,
      'VALIDATION_FAILED',
    );
    refused(await t.call(tok.trainer, 'PUT', '/scheduling/settings', { locationId: L2, ...rules, allowances: {}, packNoShowUses: false }), 403, 'FORBIDDEN');
    expect(await read()).toMatchObject({ packLateCancelUses: false, packNoShowUses: true });
  });
  it('another organization’s location is not found; staff of another location are refused; bad values are 400', async () => {
    refused(await t.call(tok.ownerB, 'GET', `/scheduling/settings?locationId=${L1}`), 404, 'NOT_FOUND');
    refused(await t.call(tok.adminL2, 'PUT', '/scheduling/settings', { locationId: L1, ...rules, allowances: {} }), 403, 'FORBIDDEN');
    refused(
      await t.call(tok.owner, 'PUT', '/scheduling/settings', { locationId: L1, ...rules, opensDaysBefore: -1, allowances: {} }),
      400,
      'VALIDATION_FAILED',
    );
    refused(await t.call(tok.trainer, 'PUT', '/scheduling/settings', { locationId: L1, ...rules, allowances: {} }), 403, 'FORBIDDEN');
  });
});

describe('timetable: series and one-off classes', () => {
  it('a series puts 07:00 local on each chosen weekday; the week’s timetable shows it with occupancy', async () => {
    const series = created<{ classes: { localDate: string; localTime: string; startsAt: string; capacity: number }[] }>(
      await t.call(tok.owner, 'POST', '/scheduling/series', {
        locationId: L1,
        classTypeId: yogaId,
        weekdays: [1, 3, 5],
        startTime: '07:00',
        from: '2030-03-11',
        until: '2030-03-24',
        room: 'Studio 1',
      }),
    );
    expect(series.classes.map((c) => c.localDate)).toEqual(['2030-03-11', '2030-03-13', '2030-03-15', '2030-03-18', '2030-03-20', '2030-03-22']);
    expect(series.classes[0]).toMatchObject({ localTime: '07:00', startsAt: '2030-03-11T01:30:00.000Z', capacity: 2 });
    const week = await t.call(tok.m1, 'GET', `/scheduling/timetable?locationId=${L1}&week=2030-03-20`);
    const body = schedulingRoutes.timetable.responses[200].parse(week.body);
    expect(body.data.weekStart).toBe('2030-03-18');
    expect(body.data.classes.map((c) => [c.localDate, c.booked, c.myPlace])).toEqual([
      ['2030-03-18', 0, null],
      ['2030-03-20', 0, null],
      ['2030-03-22', 0, null],
    ]);
  });
  it('a class may be led only by a trainer of the organization (another’s, an archived or an unknown one: 404)', async () => {
    const [ours, theirs, gone] = [randomUUID(), randomUUID(), randomUUID()];
    await t.trainer(ours, orgA, L1);
    await t.trainer(theirs, orgB, LB);
    await t.trainer(gone, orgA, L1, 'archived');
    const body = (trainerId: string) => ({ locationId: L1, classTypeId: yogaId, date: '2030-03-14', startTime: '09:00', trainerId });
    const led = created<{ id: string; trainerId: string; trainerName: string | null }>(await t.call(tok.owner, 'POST', '/scheduling/classes', body(ours)));
    expect(led).toMatchObject({ trainerId: ours, trainerName: 'Ravi Kumar' });
    for (const id of [theirs, gone, randomUUID()])
      refused(await t.call(tok.owner, 'POST', '/scheduling/classes', body(id)), 404, 'NOT_FOUND', 'Trainer not found');
    refused(await t.call(tok.owner, 'PATCH', `/scheduling/class-types/${yogaId}`, { defaultTrainerId: theirs }), 404, 'NOT_FOUND', 'Trainer not found');
  });
  it('a member sees the trainer’s name (from this service’s copy) on the timetable, the class and their bookings; none without a trainer', async () => {
    const ravi = randomUUID();
    await t.trainer(ravi, orgA, L1);
    const withTrainer = created<{ id: string }>(
      await t.call(tok.owner, 'POST', '/scheduling/classes', { locationId: L1, classTypeId: yogaId, date: '2030-03-16', startTime: '06:00', trainerId: ravi }),
    ).id;
    const without = created<{ id: string; trainerName: string | null }>(
      await t.call(tok.owner, 'POST', '/scheduling/classes', { locationId: L1, classTypeId: yogaId, date: '2030-03-16', startTime: '08:00', trainerId: null }),
    );
    expect(without.trainerName).toBeNull();
    const week = schedulingRoutes.timetable.responses[200].parse(
      (await t.call(tok.m1, 'GET', `/scheduling/timetable?locationId=${L1}&week=2030-03-16`)).body,
    ).data;
    const ours = week.classes.filter((c) => c.id === withTrainer || c.id === without.id);
    expect(ours.map((c) => [c.id, c.trainerName])).toEqual([
      [withTrainer, 'Ravi Kumar'],
      [without.id, null],
    ]);
    const detail = schedulingRoutes.getClass.responses[200].parse((await t.call(tok.m1, 'GET', `/scheduling/classes/${withTrainer}`)).body).data;
    expect(detail.trainerName).toBe('Ravi Kumar');
    expect(created<{ status: string }>(await t.call(tok.m1, 'POST', `/scheduling/classes/${withTrainer}/bookings`, {})).status).toBe('booked');
    const mine = schedulingRoutes.myBookings.responses[200].parse((await t.call(tok.m1, 'GET', '/scheduling/my-bookings')).body).data;
    expect(mine.bookings.find((b) => b.class.id === withTrainer)?.class.trainerName).toBe('Ravi Kumar');
    // The trainers' events rename them: the next read has the new name.
    await t.db.updateTable('trainers').set({ first_name: 'Ravindra' }).where('id', '=', ravi).execute();
    const again = schedulingRoutes.getClass.responses[200].parse((await t.call(tok.m1, 'GET', `/scheduling/classes/${withTrainer}`)).body).data;
    expect(again.trainerName).toBe('Ravindra Kumar');
    expect(created<{ status: string }>(await t.call(tok.m1, 'DELETE', `/scheduling/classes/${withTrainer}/bookings/${m1}`), 200).status).toBe('cancelled');
  });
  it('refuses a series with no weekday, a past one-off class, and another organization’s class type', async () => {
    refused(
      await t.call(tok.owner, 'POST', '/scheduling/series', {
        locationId: L1,
        classTypeId: yogaId,
        weekdays: [],
        startTime: '07:00',
        from: '2030-03-11',
        until: '2030-03-24',
      }),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await t.call(tok.owner, 'POST', '/scheduling/classes', { locationId: L1, classTypeId: yogaId, date: '2030-03-01', startTime: '07:00' }),
      400,
      'VALIDATION_FAILED',
      'A class must start in the future',
    );
    refused(
      await t.call(tok.ownerB, 'POST', '/scheduling/classes', { locationId: LB, classTypeId: yogaId, date: '2030-03-12', startTime: '07:00' }),
      404,
      'NOT_FOUND',
    );
    refused(await t.call(tok.ownerB, 'GET', `/scheduling/timetable?locationId=${L1}`), 404, 'NOT_FOUND');
    refused(await t.call(tok.owner, 'GET', `/scheduling/timetable?locationId=not-a-uuid`), 400, 'VALIDATION_FAILED');
  });
});

describe('booking', () => {
  let classId: string;
  const oneOff = async (date = '2030-03-12', capacity = 2) =>
    created<{ id: string }>(await t.call(tok.owner, 'POST', '/scheduling/classes', { locationId: L1, classTypeId: yogaId, date, startTime: '18:00', capacity }))
      .id;
  beforeAll(async () => {
    classId = await oneOff();
  });

  it('a member books themself; twice is refused; the last place fills it and the next is waitlisted', async () => {
    expect(created<{ status: string }>(await t.call(tok.m1, 'POST', `/scheduling/classes/${classId}/bookings`, {})).status).toBe('booked');
    refused(await t.call(tok.m1, 'POST', `/scheduling/classes/${classId}/bookings`, {}), 409, 'ALREADY_BOOKED', 'You are booked into this class already.');
    expect(created<{ status: string }>(await t.call(tok.owner, 'POST', `/scheduling/classes/${classId}/bookings`, { memberId: m2 })).status).toBe('booked');
    expect(created<{ status: string; position: number }>(await t.call(tok.m3, 'POST', `/scheduling/classes/${classId}/bookings`, {}))).toMatchObject({
      status: 'waitlisted',
      position: 1,
    });
  });
  it('the class shows its roster and waitlist to staff and trainers, not to members', async () => {
    const staff = schedulingRoutes.getClass.responses[200].parse((await t.call(tok.trainer, 'GET', `/scheduling/classes/${classId}`)).body).data;
    expect(staff.roster?.map((r) => [r.memberId, r.status])).toEqual([
      [m1, 'booked'],
      [m2, 'booked'],
    ]);
    expect(staff.waitlist?.map((r) => [r.memberId, r.position])).toEqual([[m3, 1]]);
    const member = schedulingRoutes.getClass.responses[200].parse((await t.call(tok.m3, 'GET', `/scheduling/classes/${classId}`)).body).data;
    expect(member).toMatchObject({ roster: null, waitlist: null, booked: 2, waitlisted: 1, myPlace: { status: 'waitlisted', position: 1 } });
  });
  it('a cancellation promotes the first waiting member; my bookings show it', async () => {
    expect(created<{ status: string; late: boolean }>(await t.call(tok.m1, 'DELETE', `/scheduling/classes/${classId}/bookings/${m1}`), 200)).toMatchObject({
      status: 'cancelled',
      late: false,
    });
    const mine = schedulingRoutes.myBookings.responses[200].parse((await t.call(tok.m3, 'GET', '/scheduling/my-bookings')).body).data;
    expect(mine.bookings.map((b) => [b.booking.classId, b.booking.status])).toEqual([[classId, 'booked']]);
  });
  it('members act only for themselves; staff only at their locations; other organizations see nothing', async () => {
    refused(await t.call(tok.m1, 'POST', `/scheduling/classes/${classId}/bookings`, { memberId: m2 }), 403, 'FORBIDDEN');
    refused(await t.call(tok.m1, 'DELETE', `/scheduling/classes/${classId}/bookings/${m2}`), 403, 'FORBIDDEN');
    refused(await t.call(tok.adminL2, 'POST', `/scheduling/classes/${classId}/bookings`, { memberId: m1 }), 403, 'FORBIDDEN');
    refused(await t.call(tok.memberB, 'POST', `/scheduling/classes/${classId}/bookings`, {}), 404, 'NOT_FOUND');
    refused(await t.call(tok.ownerB, 'GET', `/scheduling/classes/${classId}`), 404, 'NOT_FOUND');
    refused(await t.call(tok.ownerB, 'POST', `/scheduling/classes/${classId}/attendance`, { memberId: m2 }), 404, 'NOT_FOUND');
    refused(await t.call(tok.owner, 'POST', `/scheduling/classes/${classId}/bookings`, { memberId: mB }), 404, 'NOT_FOUND');
    refused(await t.call(tok.trainer, 'POST', `/scheduling/classes/${classId}/bookings`, { memberId: m1 }), 403, 'FORBIDDEN');
    refused(await t.call(tok.owner, 'GET', '/scheduling/my-bookings'), 403, 'FORBIDDEN');
  });
  it('an expired or frozen member is refused with the reason', async () => {
    refused(
      await t.call(tok.frozen, 'POST', `/scheduling/classes/${classId}/bookings`, {}),
      409,
      'MEMBERSHIP_INACTIVE',
      'Your membership is frozen. Unfreeze it to book classes.',
    );
    refused(
      await t.call(tok.expired, 'POST', `/scheduling/classes/${classId}/bookings`, {}),
      409,
      'MEMBERSHIP_INACTIVE',
      'Your membership expired on 1 Mar 2030. Renew it to book classes.',
    );
  });
  it('the booking window: not before it opens', async () => {
    const later = await oneOff('2030-03-25');
    refused(await t.call(tok.m1, 'POST', `/scheduling/classes/${later}/bookings`, {}), 409, 'BOOKING_NOT_ALLOWED', 'Booking opens 7 days before the class.');
  });
  it('the monthly allowance of the member’s plan', async () => {
    await t.call(tok.owner, 'PUT', '/scheduling/settings', {
      locationId: L1,
      opensDaysBefore: 30,
      closesMinutesBefore: 30,
      lateCancelMinutes: 120,
      confirmMinutes: 30,
      noShowLimit: 3,
      noShowPauseDays: 7,
      allowances: { basic: 1, premium: null, vip: null, annual: null },
    });
    const a = await oneOff('2030-03-14', 10);
    const b = await oneOff('2030-03-16', 10);
    created(await t.call(tok.m1, 'POST', `/scheduling/classes/${a}/bookings`, {}));
    refused(
      await t.call(tok.m1, 'POST', `/scheduling/classes/${b}/bookings`, {}),
      409,
      'BOOKING_NOT_ALLOWED',
      'Your basic plan includes 1 class a month, and you have used them this month.',
    );
    created(await t.call(tok.m3, 'POST', `/scheduling/classes/${b}/bookings`, {})); // vip: unlimited
  });
  it('the roster tick: a trainer of the location marks attended; a trainer elsewhere is refused', async () => {
    refused(await t.call(tok.trainerL2, 'POST', `/scheduling/classes/${classId}/attendance`, { memberId: m2 }), 403, 'FORBIDDEN');
    expect(created<{ status: string }>(await t.call(tok.trainer, 'POST', `/scheduling/classes/${classId}/attendance`, { memberId: m2 }), 200).status).toBe(
      'attended',
    );
    refused(await t.call(tok.m2, 'POST', `/scheduling/classes/${classId}/attendance`, { memberId: m2 }), 403, 'FORBIDDEN');
  });
});

describe('inside the late-cancel window', () => {
  it('a late cancel offers the place to the first waiting member, who confirms it', async () => {
    // 07:00 local = 01:30 UTC, 90 minutes after the clock: inside the 120-minute late-cancel window.
    const id = created<{ id: string }>(
      await t.call(tok.owner, 'POST', '/scheduling/classes', { locationId: L1, classTypeId: yogaId, date: '2030-03-11', startTime: '07:00', capacity: 1 }),
    ).id;
    const mV = randomUUID();
    await t.member(mV, orgA, L1, { plan: 'vip' });
    const vip = await t.sign(orgA, 'member', [L1], mV);
    created(await t.call(tok.owner, 'POST', `/scheduling/classes/${id}/bookings`, { memberId: m3 }));
    expect(created<{ status: string }>(await t.call(vip, 'POST', `/scheduling/classes/${id}/bookings`, {})).status).toBe('waitlisted');
    expect(created<{ late: boolean }>(await t.call(tok.owner, 'DELETE', `/scheduling/classes/${id}/bookings/${m3}`), 200).late).toBe(true);
    const offered = schedulingRoutes.getClass.responses[200].parse((await t.call(vip, 'GET', `/scheduling/classes/${id}`)).body).data.myPlace;
    expect(offered).toEqual({ status: 'offered', position: null, offerExpiresAt: '2030-03-11T00:30:00.000Z' });
    refused(await t.call(tok.m1, 'POST', `/scheduling/classes/${id}/bookings/${mV}/confirm`), 403, 'FORBIDDEN');
    expect(created<{ status: string }>(await t.call(vip, 'POST', `/scheduling/classes/${id}/bookings/${mV}/confirm`), 200).status).toBe('booked');
    refused(await t.call(vip, 'POST', `/scheduling/classes/${id}/bookings/${mV}/confirm`), 409, 'CONFLICT');
  });
});

describe('a waiting member who may no longer book is passed over', () => {
  it('A cancels, the first waiting member expired meanwhile: the second is promoted, the expired one keeps their place', async () => {
    const id = created<{ id: string }>(
      await t.call(tok.owner, 'POST', '/scheduling/classes', { locationId: L1, classTypeId: yogaId, date: '2030-03-13', startTime: '18:00', capacity: 1 }),
    ).id;
    const [a, first, second] = [randomUUID(), randomUUID(), randomUUID()];
    for (const m of [a, first, second]) await t.member(m, orgA, L1, { plan: 'vip' });
    expect(created<{ status: string }>(await t.call(tok.owner, 'POST', `/scheduling/classes/${id}/bookings`, { memberId: a })).status).toBe('booked');
    for (const m of [first, second])
      expect(created<{ status: string }>(await t.call(tok.owner, 'POST', `/scheduling/classes/${id}/bookings`, { memberId: m })).status).toBe('waitlisted');
    // The first waiting member's membership expires while they wait (this service's copy, as the members topic sets it).
    await t.db.updateTable('members').set({ status: 'expired', end_date: '2030-03-10', updated_at: new Date() }).where('id', '=', first).execute();
    const tokenA = await t.sign(orgA, 'member', [L1], a);
    expect(created<{ status: string }>(await t.call(tokenA, 'DELETE', `/scheduling/classes/${id}/bookings/${a}`), 200).status).toBe('cancelled');
    const detail = async () => schedulingRoutes.getClass.responses[200].parse((await t.call(tok.owner, 'GET', `/scheduling/classes/${id}`)).body).data;
    const after = await detail();
    expect(after.roster?.map((r) => [r.memberId, r.status])).toEqual([[second, 'booked']]);
    expect(after.waitlist?.map((r) => [r.memberId, r.position])).toEqual([[first, 1]]);
    // Renewed, they are next: the second's cancellation promotes them.
    await t.db.updateTable('members').set({ status: 'active', end_date: '2031-03-10', updated_at: new Date() }).where('id', '=', first).execute();
    expect((await t.call(tok.owner, 'DELETE', `/scheduling/classes/${id}/bookings/${second}`)).status).toBe(200);
    const renewed = await detail();
    expect(renewed.roster?.map((r) => [r.memberId, r.status])).toEqual([[first, 'booked']]);
    expect(renewed.waitlist).toEqual([]);
  });
});

describe('editing and cancelling one class or the rest of the series', () => {
  it('moves this class and the following ones, keeps the earlier; cancelling tells the booked (outbox)', async () => {
    const series = created<{ classes: { id: string; localDate: string }[] }>(
      await t.call(tok.owner, 'POST', '/scheduling/series', {
        locationId: L2,
        classTypeId: yogaId,
        weekdays: [2],
        startTime: '06:00',
        from: '2030-03-12',
        until: '2030-04-02',
      }),
    ).classes;
    expect(series).toHaveLength(4);
    const moved = created<{ classes: { localDate: string; localTime: string; capacity: number }[] }>(
      await t.call(tok.owner, 'PATCH', `/scheduling/classes/${series[1]!.id}`, { scope: 'following', startTime: '06:30', capacity: 12 }),
      200,
    ).classes;
    expect(moved.map((c) => [c.localDate, c.localTime, c.capacity])).toEqual([
      ['2030-03-19', '06:30', 12],
      ['2030-03-26', '06:30', 12],
      ['2030-04-02', '06:30', 12],
    ]);
    const first = schedulingRoutes.getClass.responses[200].parse((await t.call(tok.owner, 'GET', `/scheduling/classes/${series[0]!.id}`)).body).data;
    expect([first.localTime, first.capacity]).toEqual(['06:00', 2]);
    refused(await t.call(tok.owner, 'PATCH', `/scheduling/classes/${series[1]!.id}`, { scope: 'one' }), 400, 'VALIDATION_FAILED');
    const cancelled = created<{ classes: { status: string }[] }>(
      await t.call(tok.owner, 'POST', `/scheduling/classes/${series[2]!.id}/cancel`, { scope: 'following', reason: 'Studio closed for repairs' }),
      200,
    ).classes;
    expect(cancelled.map((c) => c.status)).toEqual(['cancelled', 'cancelled']);
    refused(await t.call(tok.m1, 'POST', `/scheduling/classes/${series[2]!.id}/bookings`, {}), 409, 'CONFLICT', 'This class was cancelled.');
    const outbox = await t.db.selectFrom('outbox').select('payload').execute();
    const types = outbox.map((o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as { type: string }).map((p) => p.type);
    expect(types.filter((x) => x === 'scheduling.class_cancelled')).toHaveLength(2);
    refused(await t.call(tok.adminL2, 'POST', `/scheduling/classes/${series[0]!.id}/cancel`, { reason: '' }), 400, 'VALIDATION_FAILED');
  });
});

describe('calendar feed (iCalendar)', () => {
  const feedOf = async (path: string, language?: string) => {
    const res = await t.app.inject({ method: 'GET', url: path.replace(/^\/api/, ''), headers: language ? { 'accept-language': language } : {} });
    return { status: res.statusCode, type: res.headers['content-type'], text: res.body };
  };

  it('a member makes a private link; a phone calendar reads their classes from it with no token; a new link stops the old', async () => {
    expect(created<{ path: null; createdAt: null }>(await t.call(tok.m3, 'GET', '/scheduling/my-calendar'), 200)).toEqual({ path: null, createdAt: null });
    const first = created<{ path: string; createdAt: string }>(await t.call(tok.m3, 'POST', '/scheduling/my-calendar'));
    expect(first.path).toMatch(/^\/api\/scheduling\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(created<{ createdAt: string }>(await t.call(tok.m3, 'GET', '/scheduling/my-calendar'), 200).createdAt).toBe(first.createdAt);

    const feed = await feedOf(first.path);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    // m3's place in the 18:00 (Kolkata) class of 12 March: 12:30 UTC.
    expect(feed.text).toContain('BEGIN:VCALENDAR');
    expect(feed.text).toContain('SUMMARY:Sunrise yoga');
    expect(feed.text).toContain('DTSTART:20300312T123000Z');
    expect(feed.text).toContain('STATUS:CONFIRMED');
    expect((await feedOf(first.path, 'hi-IN,hi;q=0.9')).text).toContain('मेरी क्लासें');

    const second = created<{ path: string }>(await t.call(tok.m3, 'POST', '/scheduling/my-calendar'));
    expect(second.path).not.toBe(first.path);
    const old = await feedOf(first.path);
    expect([old.status, JSON.parse(old.text).message]).toEqual([404, 'This calendar link is not valid. Make a new one in Akhada under My bookings.']);
    expect((await feedOf(second.path)).status).toBe(200);
  });

  it('holds only the caller’s own classes; staff have no feed; a malformed link is 400; a smaller plan is 402', async () => {
    const other = created<{ path: string }>(await t.call(tok.memberB, 'POST', '/scheduling/my-calendar'));
    const text = (await feedOf(other.path)).text;
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).not.toContain('BEGIN:VEVENT');
    refused(await t.call(tok.owner, 'POST', '/scheduling/my-calendar'), 403, 'FORBIDDEN');
    expect((await feedOf('/scheduling/calendar/not-a-token.ics')).status).toBe(400);
    const starterMember = await t.sign(orgStarter, 'member', [], randomUUID());
    refused(await t.call(starterMember, 'POST', '/scheduling/my-calendar'), 402, 'PLAN_UPGRADE_REQUIRED');
  });
});
