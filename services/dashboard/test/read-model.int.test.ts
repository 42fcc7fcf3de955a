import {
  AttendanceEvents,
  AuthEvents,
  dashboardRoutes,
  InventoryEvents,
  MemberEvents,
  PaymentEvents,
  SchedulingEvents,
  TrainerEvents,
  type EventEnvelope,
} from '@akhada/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { createTestKeys, testInfra } from '@akhada/kit/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { rebuildReadModel } from '../src/consumers/rebuild.ts';
import { bootBus, bootDashboard, publishTo, signer, useOwnTopics } from './setup.ts';

useOwnTopics();

// Noon in India today: "today" and "yesterday to the same hour" are clear of midnight.
const today = new Date().toISOString().slice(0, 10);
const now = new Date(`${today}T06:30:00.000Z`);
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const H = 3_600_000;
const D = 24 * H;

const orgA = randomUUID();
const orgB = randomUUID();
const id = (): string => randomUUID();
const [L1, L2, L3] = [id(), id(), id()];
/** Gym A's branch in Los Angeles (its day is not India's) and gym C's, on a plan without scheduling. */
const [L4, L5] = [id(), id()];
const orgC = randomUUID();
const owner = randomUUID();
const ownerB = randomUUID();

let keys: Awaited<ReturnType<typeof createTestKeys>>;
let sign: ReturnType<typeof signer>;
let live: Awaited<ReturnType<typeof bootDashboard>>;
let bus: Awaited<ReturnType<typeof bootBus>>;
let consumers: RunningConsumer[] = [];
type PaymentFacts = z.infer<typeof PaymentEvents.PaymentFacts>;
type Topic = 'members' | 'trainers' | 'attendance' | 'auth' | 'payments' | 'inventory' | 'scheduling';
const events: { topic: Topic; env: EventEnvelope }[] = [];

const env = <T extends Parameters<typeof makeEnvelope>[0]>(
  topic: Topic,
  def: T,
  orgId: string,
  aggregateId: string,
  occurredAt: string,
  data: Parameters<typeof makeEnvelope<T['type'], T['data']>>[1]['data'],
  o: { actorId?: string; locationId?: string } = {},
) => {
  const e = makeEnvelope(def, { orgId, aggregateId, occurredAt, correlationId: randomUUID(), causationId: randomUUID(), data, ...o }) as EventEnvelope;
  events.push({ topic, env: e });
  return e;
};

const member = (orgId: string, id: string, locationId: string, at: string, firstName: string, phone: string, actorId = owner) =>
  env(
    'members',
    MemberEvents.MemberRegistered,
    orgId,
    id,
    at,
    {
      memberId: id,
      locationId,
      firstName,
      lastName: 'Sharma',
      email: `${firstName.toLowerCase()}.${id.slice(0, 6)}@example.in`,
      phone,
      membershipType: 'basic',
      paymentFrequency: 'monthly',
      feePaise: 150000,
      startDate: at.slice(0, 10),
      endDate: '2099-12-31',
    },
    { actorId, locationId },
  );
const trainer = (id: string, locationId: string, at: string, status: 'active' | 'pending', firstName: string) =>
  env(
    'trainers',
    TrainerEvents.TrainerCreated,
    orgA,
    id,
    at,
    {
      trainerId: id,
      locationId,
      firstName,
      lastName: 'Verma',
      email: `${firstName.toLowerCase()}@example.in`,
      phone: '+91 91234 56789',
      specialization: [],
      maxClients: 10,
      isAvailable: true,
      hourlyRatePaise: 50000,
      status,
      source: status === 'active' ? 'staff' : 'join_code',
    },
    { actorId: owner, locationId },
  );
const checkIn = (orgId: string, memberId: string, locationId: string, at: string) =>
  env(
    'attendance',
    AttendanceEvents.CheckedIn,
    orgId,
    memberId,
    at,
    {
      attendanceId: randomUUID(),
      memberId,
      type: 'member',
      locationId,
      firstName: 'Someone',
      lastName: 'Here',
      trainerId: null,
      workoutType: 'strength',
      checkInMethod: 'manual',
      checkInTime: at,
    },
    { actorId: owner, locationId },
  );

const facts = (orgId: string, paymentId: string, locationId: string, at: string, o: Partial<PaymentFacts>): PaymentFacts => ({
  paymentId,
  organizationId: orgId,
  locationId,
  category: 'member',
  type: 'membership_fee',
  status: 'completed',
  memberId: null,
  memberName: 'Asha Sharma',
  trainerId: null,
  trainerName: '',
  amountPaise: 150000,
  gstPaise: 27000,
  totalPaise: 177000,
  refundedPaise: 0,
  method: 'upi',
  description: 'Membership',
  membershipType: null,
  membershipPeriod: null,
  paymentFrequency: null,
  salaryPeriod: null,
  dueDate: null,
  source: 'staff',
  sourceId: null,
  occurredAt: at,
  ...o,
});
const completed = (orgId: string, id: string, locationId: string, at: string, o: Partial<PaymentFacts> = {}) => {
  env('payments', PaymentEvents.PaymentRecorded, orgId, id, at, { ...facts(orgId, id, locationId, at, o), recordedBy: owner }, { actorId: owner, locationId });
  env(
    'payments',
    PaymentEvents.PaymentCompleted,
    orgId,
    id,
    at,
    { ...facts(orgId, id, locationId, at, o), paidAt: at, completedVia: 'recorded', razorpayPaymentId: null, razorpayOrderId: null },
    { actorId: owner, locationId },
  );
};
/** Noon in India on the 1st of last month: within "last month up to the same day" whatever today is. */
const lastMonthFirst = (() => {
  const d = new Date(now);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString();
})();

const [m1, m2, m3, m4, m5, m6, m7] = [id(), id(), id(), id(), id(), id(), id()];
const [t1, t2] = [id(), id()];

/** Today's classes (scheduling's events, keyed by class so a class's events stay in order). */
const [c1, c2, c3, c4, c5, c6, c7, c8, c9, c10] = [id(), id(), id(), id(), id(), id(), id(), id(), id(), id()];
const at = (time: string, dayOffset = 0) => new Date(new Date(`${today}T${time}:00.000Z`).getTime() + dayOffset * D).toISOString();
const redelivered = {} as { before: EventEnvelope; again: EventEnvelope };
const scheduleClasses = () => {
  const ev = <T extends Parameters<typeof makeEnvelope>[0]>(
    def: T,
    orgId: string,
    classId: string,
    locationId: string,
    data: Omit<Parameters<typeof makeEnvelope<T['type'], T['data']>>[1]['data'], 'classId'>,
  ) => env('scheduling', def, orgId, classId, ago(3 * H), { classId, ...data } as never, { actorId: owner, locationId });
  const scheduled = (
    orgId: string,
    classId: string,
    locationId: string,
    className: string,
    startsAt: string,
    capacity: number,
    trainerId: string | null = null,
  ) =>
    ev(SchedulingEvents.ClassScheduled, orgId, classId, locationId, {
      locationId,
      classTypeId: classId,
      className,
      seriesId: null,
      startsAt,
      endsAt: new Date(new Date(startsAt).getTime() + H).toISOString(),
      capacity,
      trainerId,
      room: 'Main hall',
    });
  const booked = (classId: string, loc: string, memberId: string, orgId = orgA) => ev(SchedulingEvents.ClassBooked, orgId, classId, loc, { memberId });
  const waitlisted = (classId: string, loc: string, memberId: string, position: number) =>
    ev(SchedulingEvents.MemberWaitlisted, orgA, classId, loc, { memberId, position });
  const gaveUp = (classId: string, loc: string, memberId: string, from: 'booked' | 'waitlist' | 'offer') =>
    ev(SchedulingEvents.BookingCancelled, orgA, classId, loc, { memberId, from, late: false });
  const promoted = (classId: string, loc: string, memberId: string) => ev(SchedulingEvents.WaitlistPromoted, orgA, classId, loc, { memberId });
  const offered = (classId: string, loc: string, memberId: string, expiresAt: string) =>
    ev(SchedulingEvents.PromotionOffered, orgA, classId, loc, { memberId, expiresAt });

  // c1, 08:00 in India: full at 3, one gives up and the first waiting is promoted, the other waiting leaves; then 4 places in Studio 2.
  scheduled(orgA, c1, L1, 'Morning Yoga', at('02:30'), 3, t1);
  booked(c1, L1, m1);
  redelivered.again = booked(c1, L1, m2);
  booked(c1, L1, m3);
  ev(SchedulingEvents.ClassFull, orgA, c1, L1, { capacity: 3 });
  waitlisted(c1, L1, m4, 1);
  waitlisted(c1, L1, m5, 2);
  gaveUp(c1, L1, m1, 'booked');
  promoted(c1, L1, m4);
  gaveUp(c1, L1, m5, 'waitlist');
  redelivered.before = ev(SchedulingEvents.ClassChanged, orgA, c1, L1, { capacity: 4, room: 'Studio 2' });
  // c2, 18:00: two places; inside the late-cancel window a freed place is offered, confirmed, then offered again (open).
  scheduled(orgA, c2, L1, 'Zumba', at('12:30'), 2);
  booked(c2, L1, m1);
  booked(c2, L1, m2);
  waitlisted(c2, L1, m3, 1);
  waitlisted(c2, L1, m4, 2);
  waitlisted(c2, L1, m6, 3);
  gaveUp(c2, L1, m1, 'booked');
  offered(c2, L1, m3, new Date(now.getTime() + H).toISOString());
  promoted(c2, L1, m3);
  gaveUp(c2, L1, m4, 'waitlist');
  gaveUp(c2, L1, m2, 'booked');
  offered(c2, L1, m6, new Date(now.getTime() + H).toISOString());
  // c3, 10:00 at branch 2, Jaya's: one booked, then cancelled.
  scheduled(orgA, c3, L2, 'HIIT', at('04:30'), 5, t2);
  booked(c3, L2, m6);
  ev(SchedulingEvents.ClassCancelled, orgA, c3, L2, { reason: 'Trainer unwell', bookedMemberIds: [m6], waitlistedMemberIds: [] });
  // c4 was yesterday evening, c5 starts at 00:30 tomorrow until it is moved to 20:30 today; c6 at 23:30 is today's last.
  scheduled(orgA, c4, L1, 'Yesterday Pilates', at('14:00', -1), 10);
  scheduled(orgA, c5, L1, 'Boxing', at('19:00'), 8);
  ev(SchedulingEvents.ClassChanged, orgA, c5, L1, { startsAt: at('15:00'), endsAt: at('16:00') });
  // c6: its one place freed and offered until an hour ago: the offer has lapsed (scheduling announces no expiry).
  scheduled(orgA, c6, L1, 'Late Spin', at('18:00'), 1);
  booked(c6, L1, m1);
  waitlisted(c6, L1, m2, 1);
  gaveUp(c6, L1, m1, 'booked');
  offered(c6, L1, m2, new Date(now.getTime() - H).toISOString());
  // Los Angeles: noon in India is the evening before there; 03:00 UTC is its today, 09:00 UTC its tomorrow.
  scheduled(orgA, c7, L4, 'Sunset Flow', at('03:00'), 12);
  scheduled(orgA, c8, L4, 'Dawn Run', at('09:00'), 12);
  // Gym B's class; gym B's events naming gym A's class change nothing of it.
  scheduled(orgB, c9, L3, 'Bhangra', at('07:00'), 20);
  booked(c9, L3, m7, orgB);
  booked(c1, L3, m7, orgB);
  ev(SchedulingEvents.ClassCancelled, orgB, c1, L3, { reason: 'Not yours', bookedMemberIds: [], waitlistedMemberIds: [] });
  ev(SchedulingEvents.ClassChanged, orgB, c2, L3, { capacity: 99 });
  // Gym C is on a plan without scheduling.
  scheduled(orgC, c10, L5, 'Old Class', at('08:00'), 5);
};

const get = async (url: string, token: string) => {
  const res = await live.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return res;
};
const overviewOf = async (app: typeof live.app, token: string, query = '') => {
  const res = await app.inject({ method: 'GET', url: `/dashboard/overview${query}`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return dashboardRoutes.overview.responses[200].parse(res.json()).data;
};

beforeAll(async () => {
  keys = await createTestKeys();
  sign = signer(keys);
  bus = await bootBus();
  live = await bootDashboard('dashboard_live', now, keys, { paymentsLive: true });
  await live.locations(orgA, [L1, L2]);
  await live.locations(orgB, [L3]);
  await live.locations(orgA, [L4], 'America/Los_Angeles');
  await live.seed({ orgs: [{ orgId: orgC, plan: 'starter' }], locations: [{ locationId: L5, orgId: orgC }] });
  // Just-created topics may not have their leaders known yet: try again until they do.
  consumers = await vi.waitFor(() => startConsumers({ bus, db: live.db, logger: live.logger, groupPrefix: `${live.schema}`, startAt: 'now' }), {
    timeout: 30_000,
    interval: 100,
  });

  env('auth', AuthEvents.UserRegistered, orgA, owner, ago(60 * D), {
    userId: owner,
    orgId: orgA,
    role: 'owner',
    firstName: 'Anand',
    lastName: 'Owner',
    email: 'anand@example.in',
    locationIds: [L1, L2],
    via: 'gym_owner',
  });
  env('auth', AuthEvents.UserRegistered, orgB, ownerB, ago(60 * D), {
    userId: ownerB,
    orgId: orgB,
    role: 'owner',
    firstName: 'Bela',
    lastName: 'Other',
    email: 'bela@example.in',
    locationIds: [L3],
    via: 'gym_owner',
  });
  member(orgA, m1, L1, ago(40 * D), 'Asha', '+91 98765 00001');
  member(orgA, m2, L1, ago(40 * D), 'Bimal', '+91 98765 00002');
  env(
    'members',
    MemberEvents.MembershipFrozen,
    orgA,
    m2,
    ago(10 * D),
    { memberId: m2, frozenFrom: ago(10 * D).slice(0, 10), reason: null },
    { actorId: owner, locationId: L1 },
  );
  member(orgA, m3, L1, ago(2 * D), 'Chitra', '+91 98765 00003');
  member(orgA, m4, L1, ago(40 * D), 'Dev', '+91 98765 00004');
  env('members', MemberEvents.MemberArchived, orgA, m4, ago(1 * D), { memberId: m4 }, { actorId: owner, locationId: L1 });
  env(
    'members',
    MemberEvents.MemberSignedUp,
    orgA,
    m5,
    ago(5 * D),
    { memberId: m5, locationId: L1, firstName: 'Esha', lastName: 'Pending', email: 'esha@example.in', phone: '+91 98765 00005' },
    { actorId: m5, locationId: L1 },
  );
  member(orgA, m6, L2, ago(40 * D), 'Farhan', '+91 98765 00006');
  member(orgB, m7, L3, ago(40 * D), 'Gauri', '+91 90000 11111', ownerB);
  trainer(t1, L1, ago(40 * D), 'active', 'Ishaan');
  trainer(t2, L2, ago(3 * D), 'pending', 'Jaya');
  env('trainers', TrainerEvents.TrainerApproved, orgA, t2, ago(2 * D), { trainerId: t2 }, { actorId: owner, locationId: L2 });
  checkIn(orgA, m1, L1, ago(1 * H));
  checkIn(orgA, m3, L1, ago(2 * H));
  checkIn(orgA, m6, L2, ago(0.5 * H));
  checkIn(orgA, m1, L1, ago(D + H)); // yesterday, before the same hour
  checkIn(orgA, m3, L1, ago(D - H)); // yesterday, after the same hour
  checkIn(orgB, m7, L3, ago(1 * H));
  const [p1, p2, p3, p4, p5, p6] = [id(), id(), id(), id(), id(), id()];
  completed(orgA, p1, L1, ago(1 * H), { memberId: m1 });
  env(
    'payments',
    PaymentEvents.InvoiceIssued,
    orgA,
    id(),
    ago(1 * H),
    {
      invoiceId: id(),
      kind: 'tax_invoice',
      organizationId: orgA,
      locationId: L1,
      paymentId: p1,
      memberId: m1,
      gstin: null,
      number: 'INV-2026-0042',
      issueDate: today,
      financialYear: '2026-27',
      taxablePaise: 150000,
      cgstPaise: 13500,
      sgstPaise: 13500,
      igstPaise: 0,
      totalPaise: 177000,
      occurredAt: ago(1 * H),
    },
    { actorId: owner, locationId: L1 },
  );
  completed(orgA, p2, L2, lastMonthFirst, { memberId: m6, memberName: 'Farhan Sharma', totalPaise: 100000, amountPaise: 100000, gstPaise: 0 });
  env(
    'payments',
    PaymentEvents.PaymentRecorded,
    orgA,
    p3,
    ago(40 * D),
    { ...facts(orgA, p3, L1, ago(40 * D), { status: 'pending', memberId: m3, memberName: 'Chitra Sharma', totalPaise: 50000 }), recordedBy: owner },
    { actorId: owner, locationId: L1 },
  );
  completed(orgA, p4, L1, ago(2 * H), { memberId: m1 });
  env(
    'payments',
    PaymentEvents.PaymentRefunded,
    orgA,
    p4,
    ago(1.5 * H),
    {
      ...facts(orgA, p4, L1, ago(1.5 * H), { status: 'refunded', refundedPaise: 177000, memberId: m1 }),
      refundId: 'rf_1',
      refundPaise: 177000,
      fully: true,
      reason: 'Moved away',
      refundedAt: ago(1.5 * H),
      refundedBy: owner,
    },
    { actorId: owner, locationId: L1 },
  );
  completed(orgA, p5, L1, ago(1 * H), { category: 'trainer', type: 'salary', trainerId: t1, trainerName: 'Ishaan Verma', memberName: '' });
  completed(orgB, p6, L3, ago(1 * H), { memberId: m7, memberName: 'Gauri Sharma' });
  // Inventory (gym B only; gym A has none): a whey that fell to low stock (a stale older state arrives after the newer
  // one and changes nothing), a working treadmill and a bike in maintenance.
  const item = (itemId: string, version: number, at: string, o: Partial<z.infer<typeof InventoryEvents.ItemStateChanged.data>>) =>
    env(
      'inventory',
      InventoryEvents.ItemStateChanged,
      orgB,
      itemId,
      at,
      {
        itemId,
        locationId: L3,
        name: 'Item',
        category: 'supplement',
        status: 'active',
        condition: 'good',
        quantity: 10,
        reorderLevel: 3,
        isLowStock: false,
        isForSale: true,
        archived: false,
        change: 'created',
        version,
        at,
        ...o,
      },
      { actorId: ownerB, locationId: L3 },
    );
  const [whey, treadmill, bike] = [id(), id(), id()];
  item(whey, 1, ago(3 * H), { name: 'Whey' });
  item(whey, 3, ago(1 * H), { name: 'Whey', quantity: 1, isLowStock: true, change: 'sold' });
  item(whey, 2, ago(2 * H), { name: 'Whey', quantity: 5, change: 'sold' });
  item(treadmill, 1, ago(3 * H), { name: 'Treadmill', category: 'equipment', quantity: 1, reorderLevel: 0, isForSale: false });
  item(bike, 2, ago(2 * H), {
    name: 'Bike',
    category: 'equipment',
    status: 'maintenance',
    quantity: 1,
    reorderLevel: 0,
    isForSale: false,
    change: 'maintenance_started',
  });

  scheduleClasses();

  for (const topic of ['auth', 'members', 'trainers', 'attendance', 'payments', 'inventory'] as const) {
    await publishTo(
      bus,
      topic,
      events.filter((e) => e.topic === topic).map((e) => e.env),
    );
  }
  // Scheduling's, with one event delivered twice (before a later event of its class, so it is applied by the time
  // that one is): the inbox applies it once.
  const scheduling = events.filter((e) => e.topic === 'scheduling').map((e) => e.env);
  scheduling.splice(scheduling.indexOf(redelivered.before), 0, redelivered.again);
  await publishTo(bus, 'scheduling', scheduling);
  const expected = events.length;
  await vi.waitFor(
    async () => {
      const { n } = await live.db
        .selectFrom('audit')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n), 'every event in the audit trail').toBe(expected);
    },
    { timeout: 30_000, interval: 100 },
  );
}, 180_000);

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await bus?.deleteGroups((g) => g.includes(live.schema)).catch(() => undefined);
  await bus?.disconnect();
  await live?.close();
});

describe('GET /dashboard/overview', () => {
  it("counts what the source services count: check-ins of today's local day, members and trainers active now, each against its previous period", async () => {
    const o = await overviewOf(live.app, await sign(orgA, 'owner', [L1, L2], owner));
    // attendance's /attendance/today counts 2 (L1) + 1 (L2); yesterday to the same hour: 1.
    expect(o.cards.todaysCheckIns).toEqual({ value: 3, previous: 1, changePercent: 200 });
    // members' stats byStatus.active: Asha, Chitra (L1), Farhan (L2); a month ago Asha, Bimal, Dev, Farhan were.
    expect(o.cards.activeMembers).toEqual({ value: 3, previous: 4, changePercent: -25 });
    // trainers: Ishaan and Jaya (approved) now; only Ishaan a month ago.
    expect(o.cards.totalTrainers).toEqual({ value: 2, previous: 1, changePercent: 100 });
    expect(o.counters.todaysCheckIns).toBe(3);
    // Revenue: what members paid this month less refunds (a salary goes out); last month to the same day.
    expect(o.cards.monthlyRevenue).toEqual({ value: 177000, previous: 100000, changePercent: 77 });
    expect(o.cards.pendingPayments).toEqual({ value: 1, previous: 1, changePercent: 0, amountPaise: 50000 });
    expect(o.quickActions.processPayment).toBe(1);
    // Inventory has not landed: no number rather than a made-up one.
    expect(o.cards.lowStockItems).toEqual({ value: null, previous: null, changePercent: null });
    expect(o.equipmentStatus).toBeNull();
    expect(o.locations?.map((l) => [l.locationId, l.name, l.cards.todaysCheckIns.value, l.cards.activeMembers.value])).toEqual([
      [L1, 'Branch 1', 2, 2],
      [L2, 'Branch 2', 1, 1],
    ]);
    // Up to 8 of: the 5 latest payments, 3 latest members, 3 latest check-ins.
    expect(o.recentActivity.length).toBe(8);
    expect(o.recentActivity.filter((a) => a.kind === 'payment').length).toBeGreaterThan(0);
    const times = o.recentActivity.map((a) => a.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(o.recentActivity.map((a) => a.personId)).not.toContain(m7);
  });

  it('filters by one of the caller’s locations; another location is refused', async () => {
    const token = await sign(orgA, 'owner', [L1, L2], owner);
    const o = await overviewOf(live.app, token, `?locationId=${L2}`);
    expect(o.cards.todaysCheckIns.value).toBe(1);
    expect(o.locationId).toBe(L2);
    expect((await get(`/dashboard/overview?locationId=${L3}`, token)).statusCode).toBe(403);
  });

  it('an admin of one location sees only it, without the breakdown', async () => {
    const o = await overviewOf(live.app, await sign(orgA, 'admin', [L1]));
    expect(o.cards.todaysCheckIns.value).toBe(2);
    expect(o.cards.activeMembers.value).toBe(2);
    expect(o.locations).toBeNull();
    expect(o.recentActivity.every((a) => a.locationId === L1)).toBe(true);
  });

  it('another organization sees only its own', async () => {
    const o = await overviewOf(live.app, await sign(orgB, 'owner', [L3], ownerB));
    expect(o.cards.todaysCheckIns.value).toBe(1);
    expect(o.cards.activeMembers.value).toBe(1);
    expect(o.cards.totalTrainers.value).toBe(0);
    expect(o.cards.monthlyRevenue.value).toBe(177000);
    // Inventory's item states: one low-stock item (the stale older state did not undo it), one of two machines working.
    expect(o.cards.lowStockItems).toEqual({ value: 1, previous: null, changePercent: null });
    expect(o.equipmentStatus).toBe(50);
    expect(o.quickActions.manageInventory).toBe(1);
    expect(o.locations?.map((l) => l.cards.lowStockItems.value)).toEqual([1]);
  });

  it('members and trainers get 403 on the staff dashboard and the audit trail; a member cannot search', async () => {
    for (const role of ['member', 'trainer'] as const) {
      const token = await sign(orgA, role, [L1]);
      expect((await get('/dashboard/overview', token)).statusCode).toBe(403);
      expect((await get('/dashboard/audit', token)).statusCode).toBe(403);
      expect((await get('/dashboard/audit/export', token)).statusCode).toBe(403);
    }
    expect((await get('/dashboard/audit', await sign(orgA, 'admin', [L1]))).statusCode).toBe(403);
    expect((await get('/dashboard/search?q=asha', await sign(orgA, 'member', [L1]))).statusCode).toBe(403);
    expect((await get('/dashboard/overview', '')).statusCode).toBe(401);
  });
});

describe('GET /dashboard/search', () => {
  const results = async (q: string, token: string) => {
    const res = await get(`/dashboard/search?q=${encodeURIComponent(q)}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return dashboardRoutes.search.responses[200].parse(res.json()).data.results;
  };

  it('finds members by name, phone digits or email and trainers by name, linking to their pages', async () => {
    const token = await sign(orgA, 'owner', [L1, L2], owner);
    const asha = await results('asha', token);
    expect(asha[0]).toMatchObject({ kind: 'member', id: m1, href: `/dashboard/members/${m1}` });
    expect(asha.slice(1).map((r) => r.kind)).toEqual(['payment', 'payment']); // her two payments
    expect((await results('98765 00006', token)).map((r) => r.id)).toEqual([m6]);
    expect((await results('9876500003', token)).map((r) => r.id)).toEqual([m3]);
    // Every word, in any order; a word that matches nobody leaves nothing.
    expect((await results('sharma asha', token))[0]).toMatchObject({ kind: 'member', id: m1 });
    expect(await results('asha zzzq', token)).toEqual([]);
    expect((await results('ishaan', token)).map((r) => [r.kind, r.href])).toEqual([
      ['trainer', `/dashboard/trainers/${t1}`],
      ['payment', expect.stringMatching(/^\/dashboard\/payments\//)],
    ]);
  });

  it('finds payments by invoice number or amount for staff, not for trainers', async () => {
    const token = await sign(orgA, 'owner', [L1, L2], owner);
    const byInvoice = await results('INV-2026-0042', token);
    expect(byInvoice.map((r) => [r.kind, r.title, r.subtitle])).toEqual([['payment', 'Asha Sharma', 'INV-2026-0042 · ₹1,770']]);
    expect((await results('500', token)).map((r) => r.kind)).toContain('payment');
    expect((await results('INV-2026-0042', await sign(orgA, 'trainer', [L1]))).length).toBe(0);
  });

  it("never returns another organization's or another location's rows, nor archived members", async () => {
    expect(await results('9000011111', await sign(orgA, 'owner', [L1, L2], owner))).toEqual([]);
    expect((await results('9000011111', await sign(orgB, 'owner', [L3], ownerB))).map((r) => r.id)).toEqual([m7]);
    expect(await results('farhan', await sign(orgA, 'admin', [L1]))).toEqual([]);
    expect(await results('dev', await sign(orgA, 'owner', [L1, L2], owner))).toEqual([]);
  });

  it('answers each search by its own words, amount and locations when the same prepared shape runs again', async () => {
    const ids = async (q: string, token: string) => (await results(q, token)).map((r) => r.id);
    const everywhere = await sign(orgA, 'owner', [L1, L2], owner);
    // One statement for any number of locations: each caller gets exactly their own.
    expect(await ids('sharma', everywhere)).toEqual(expect.arrayContaining([m1, m2, m3, m6]));
    const inL1 = await ids('sharma', await sign(orgA, 'admin', [L1]));
    expect(inL1).toEqual(expect.arrayContaining([m1, m2, m3]));
    expect(inL1).not.toContain(m6);
    const inL2 = await ids('sharma', await sign(orgA, 'admin', [L2]));
    expect(inL2).toContain(m6);
    expect(inL2).not.toContain(m1);
    // An amount finds that amount's payments; the next search by words is not held to the amount.
    expect((await results('₹1,000', everywhere)).map((r) => [r.kind, r.title])).toEqual([['payment', 'Farhan Sharma']]);
    expect((await results('farhan sharma', everywhere)).map((r) => r.kind)).toEqual(['member', 'payment']);
    // LIKE's wildcards typed in a search are plain characters.
    expect(await results('sharm_', everywhere)).toEqual([]);
    expect(await results('%', everywhere)).toEqual([]);
  });

  it('refuses an empty or overlong query with 400', async () => {
    const token = await sign(orgA, 'owner', [L1, L2], owner);
    expect((await get('/dashboard/search?q=', token)).statusCode).toBe(400);
    expect((await get(`/dashboard/search?q=${'x'.repeat(101)}`, token)).statusCode).toBe(400);
  });
});

describe('GET /dashboard/classes/today', () => {
  const classesOf = async (app: typeof live.app, token: string, query = '') => {
    const res = await app.inject({ method: 'GET', url: `/dashboard/classes/today${query}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return dashboardRoutes.todaysClasses.responses[200].parse(res.json()).data;
  };
  const brief = (d: Awaited<ReturnType<typeof classesOf>>) =>
    d.classes.map((c) => [c.name, c.locationId, `${c.booked}/${c.capacity}`, c.waitlist, c.cancelled, c.trainerName, c.room]);

  it("lists each of the caller's locations' classes of today in its own zone, by start, with places taken and the waitlist", async () => {
    const d = await classesOf(live.app, await sign(orgA, 'owner', [L1, L2], owner));
    expect(d.included).toBe(true);
    expect(d.date).toBe(today);
    expect(brief(d)).toEqual([
      // 3 booked, one promoted in place of the one who left; the redelivered booking counted once; then 4 places.
      ['Morning Yoga', L1, '3/4', 0, false, 'Ishaan Verma', 'Studio 2'],
      ['HIIT', L2, '1/5', 0, true, 'Jaya Verma', 'Main hall'],
      // One booked and one place offered, open for another hour: both taken.
      ['Zumba', L1, '2/2', 0, false, null, 'Main hall'],
      ['Boxing', L1, '0/8', 0, false, null, 'Main hall'],
      // The offer lapsed an hour ago: the place is free again.
      ['Late Spin', L1, '0/1', 0, false, null, 'Main hall'],
    ]);
    expect(d.classes[0]).toMatchObject({
      classId: c1,
      locationName: 'Branch 1',
      timeZone: 'Asia/Kolkata',
      startsAt: at('02:30'),
      endsAt: at('03:30'),
      trainerId: t1,
    });
    expect(d.classes.find((c) => c.classId === c5)?.startsAt).toBe(at('15:00'));
  });

  it('another zone’s today is its own; a location filter of the caller’s, never another one', async () => {
    const la = await classesOf(live.app, await sign(orgA, 'owner', [L4], owner));
    expect(la.classes.map((c) => [c.classId, c.timeZone])).toEqual([[c7, 'America/Los_Angeles']]);
    expect(la.date).toBe(at('00:00', -1).slice(0, 10));
    const token = await sign(orgA, 'owner', [L1, L2], owner);
    expect((await classesOf(live.app, token, `?locationId=${L2}`)).classes.map((c) => c.classId)).toEqual([c3]);
    expect((await get(`/dashboard/classes/today?locationId=${L3}`, token)).statusCode).toBe(403);
    expect((await get(`/dashboard/classes/today?locationId=not-a-uuid`, token)).statusCode).toBe(400);
  });

  it('an admin sees only their locations; another organization only its own, untouched by events naming ours', async () => {
    expect((await classesOf(live.app, await sign(orgA, 'admin', [L2]))).classes.map((c) => c.classId)).toEqual([c3]);
    const b = await classesOf(live.app, await sign(orgB, 'owner', [L3], ownerB));
    expect(brief(b)).toEqual([['Bhangra', L3, '1/20', 0, false, null, 'Main hall']]);
    // Gym A's token naming gym B's location is refused; gym B's events about c1 and c2 changed neither (checked above).
    expect((await get(`/dashboard/classes/today?locationId=${L3}`, await sign(orgA, 'admin', [L1]))).statusCode).toBe(403);
  });

  it('says when the plan lacks scheduling, with no classes; members and trainers are refused', async () => {
    expect(await classesOf(live.app, await sign(orgC, 'owner', [L5]))).toEqual({ included: false, date: today, classes: [] });
    for (const role of ['member', 'trainer'] as const) expect((await get('/dashboard/classes/today', await sign(orgA, role, [L1]))).statusCode).toBe(403);
    expect((await get('/dashboard/classes/today', '')).statusCode).toBe(401);
  });
});

describe('GET /dashboard/audit', () => {
  const orgAEvents = () => events.filter((e) => e.env.orgId === orgA);

  it("one line per event of the owner's organization, newest first, with who acted", async () => {
    const res = await get('/dashboard/audit?limit=100', await sign(orgA, 'owner', [L1, L2], owner));
    expect(res.statusCode, res.body).toBe(200);
    const page = dashboardRoutes.audit.responses[200].parse(res.json()).data;
    expect(page.pagination.total).toBe(orgAEvents().length);
    expect(new Set(page.items.map((i) => i.eventId))).toEqual(new Set(orgAEvents().map((e) => e.env.eventId)));
    const archived = page.items.find((i) => i.type === 'members.member_archived')!;
    expect(archived).toMatchObject({ actorId: owner, actorName: 'Anand Owner', subjectId: m4, subjectName: 'Dev Sharma', area: 'members' });
    const times = page.items.map((i) => i.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by area, person and date, and pages', async () => {
    const token = await sign(orgA, 'owner', [L1, L2], owner);
    const byArea = dashboardRoutes.audit.responses[200].parse((await get('/dashboard/audit?area=trainers', token)).json()).data;
    expect(byArea.items.map((i) => i.type).sort()).toEqual(['trainers.trainer_approved', 'trainers.trainer_created', 'trainers.trainer_created']);
    const byActor = dashboardRoutes.audit.responses[200].parse((await get(`/dashboard/audit?actorId=${m5}`, token)).json()).data;
    expect(byActor.items.map((i) => i.type)).toEqual(['members.member_signed_up']);
    const from = ago(1.5 * D).slice(0, 10);
    const byDate = dashboardRoutes.audit.responses[200].parse((await get(`/dashboard/audit?from=${from}&limit=100`, token)).json()).data;
    expect(byDate.items.every((i) => i.occurredAt.slice(0, 10) >= from)).toBe(true);
    expect(byDate.items.length).toBeGreaterThan(0);
    const page2 = dashboardRoutes.audit.responses[200].parse((await get('/dashboard/audit?limit=5&page=2', token)).json()).data;
    expect(page2.items.length).toBe(5);
    expect(page2.pagination).toEqual({ page: 2, limit: 5, total: orgAEvents().length, totalPages: Math.ceil(orgAEvents().length / 5) });
    expect((await get(`/dashboard/audit?from=${today}&to=2020-01-01`, token)).statusCode).toBe(400);
  });

  it("finds people by name for the person filter (staff who acted, members), only in the owner's organization", async () => {
    const people = async (q: string, token: string) => {
      const res = await get(`/dashboard/audit/people?q=${encodeURIComponent(q)}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return dashboardRoutes.auditPeople.responses[200].parse(res.json()).data.people;
    };
    const tokenA = await sign(orgA, 'owner', [L1, L2], owner);
    const tokenB = await sign(orgB, 'owner', [L3], ownerB);
    expect(await people('anand', tokenA)).toContainEqual({ id: owner, name: 'Anand Owner', kind: 'staff' });
    expect(await people('PEND esha', tokenA)).toEqual([{ id: m5, name: 'Esha Pending', kind: 'member' }]);
    // Another organization's people are never offered, either way.
    expect(await people('anand', tokenB)).toEqual([]);
    expect(await people('esha', tokenB)).toEqual([]);
    expect((await people('bela', tokenA)).map((p) => p.id)).not.toContain(ownerB);
    // Owners only, as the trail; a name is required.
    expect((await get('/dashboard/audit/people?q=esha', await sign(orgA, 'admin', [L1]))).statusCode).toBe(403);
    expect((await get('/dashboard/audit/people?q=esha', await sign(orgA, 'member', [L1]))).statusCode).toBe(403);
    expect((await get('/dashboard/audit/people?q=%20', tokenA)).statusCode).toBe(400);
    expect((await get('/dashboard/audit/people', tokenA)).statusCode).toBe(400);
  });

  it("never shows another organization's lines; the CSV export has the same lines", async () => {
    const resB = await get('/dashboard/audit?limit=100', await sign(orgB, 'owner', [L3], ownerB));
    const pageB = dashboardRoutes.audit.responses[200].parse(resB.json()).data;
    expect(pageB.items.map((i) => i.eventId).sort()).toEqual(
      events
        .filter((e) => e.env.orgId === orgB)
        .map((e) => e.env.eventId)
        .sort(),
    );
    const csv = await get('/dashboard/audit/export', await sign(orgA, 'owner', [L1, L2], owner));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('When,Area,What,Who');
    expect(lines.length).toBe(1 + orgAEvents().length);
    expect(csv.body).not.toContain(m7);
  });
});

describe('npm run rebuild', () => {
  it('replays the topics from their beginning into fresh tables and gives the same answers as live', async () => {
    const fresh = await bootDashboard('dashboard_rebuilt', now, keys, { paymentsLive: true });
    try {
      await fresh.locations(orgA, [L1, L2]);
      await fresh.locations(orgB, [L3]);
      await fresh.locations(orgA, [L4], 'America/Los_Angeles');
      const { databaseUrl } = await testInfra();
      const rebuild = (groupPrefix: string) => rebuildReadModel({ db: fresh.db, databaseUrl, schema: fresh.schema, bus, logger: fresh.logger, groupPrefix });
      const { events: applied } = await rebuild(`${fresh.schema}.rebuild`);
      expect(applied).toBe(events.length);
      for (const [orgId, role, locs, user] of [
        [orgA, 'owner', [L1, L2], owner],
        [orgA, 'admin', [L2], undefined],
        [orgB, 'owner', [L3], ownerB],
      ] as const) {
        const token = await sign(orgId, role, [...locs], user);
        expect(await overviewOf(fresh.app, token)).toEqual(await overviewOf(live.app, token));
        const classes = async (app: typeof live.app) =>
          (await app.inject({ method: 'GET', url: '/dashboard/classes/today', headers: { authorization: `Bearer ${token}` } })).json();
        expect(await classes(fresh.app)).toEqual(await classes(live.app));
      }
      const token = await sign(orgA, 'owner', [L1, L2], owner);
      const audit = async (app: typeof live.app) =>
        (await app.inject({ method: 'GET', url: '/dashboard/audit?limit=100', headers: { authorization: `Bearer ${token}` } })).json();
      expect(await audit(fresh.app)).toEqual(await audit(live.app));
      // Run twice: the same again (a rebuild replaces what it fills). While it runs, the screens read the old tables
      // in full and then the new ones in full: every answer asked meanwhile is the whole overview, never a partial one.
      const whole = await overviewOf(fresh.app, token);
      let rebuilding = true;
      const seen: unknown[] = [];
      const reading = (async () => {
        while (rebuilding) seen.push(await overviewOf(fresh.app, token));
      })();
      try {
        await rebuild(`${fresh.schema}.rebuild2`);
      } finally {
        rebuilding = false;
        await reading;
      }
      expect(seen.length).toBeGreaterThan(3);
      for (const answer of seen) expect(answer).toEqual(whole);
      expect(await overviewOf(fresh.app, token)).toEqual(await overviewOf(live.app, token));
      // The shadow schema is gone.
      const { rows } = await sql<{ n: string }>`select count(*) as n from pg_namespace where nspname = ${`${fresh.schema}_rebuild`}`.execute(fresh.db);
      expect(Number(rows[0]?.n)).toBe(0);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
