import { AuthEvents, PaymentEvents, paymentOverdueOf, topicOf, topicSpecs, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeQrCode } from '../src/adapters/qr-codes.ts';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { qrKeyOf } from '../src/db/qr-repo.ts';
import { bootAttendance } from './setup.ts';

/**
 * Dues-aware entry (issue 28): the location's rule from auth.location_updated, the member's dues from payments'
 * events (this service's copy), the refusal on every check-in path, and the desk's audited "Let in once".
 */
const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
const ownerId = randomUUID();
let t: Awaited<ReturnType<typeof bootAttendance>>;
let consumers: RunningConsumer[] = [];
let tok: Record<'ownerA' | 'adminL2' | 'trainerA' | 'adminB', string>;
const trainerId = randomUUID();

// 10:00 in Kolkata on 29 Nov 2026 (04:30 UTC).
const NOW = Date.parse('2026-11-29T04:30:00Z');

beforeAll(async () => {
  t = await bootAttendance('attendance_dues');
  t.time.now = NOW;
  await t.org(orgA, [L1, L2]);
  await t.org(orgB, [LB]);
  await t.trainer(trainerId, orgA, L1);
  const { bus } = t.runtime;
  await bus.ensureTopics(topicSpecs().filter((s) => [topicOf('auth'), topicOf('payments'), topicOf('attendance')].includes(s.topic)));
  const groups = ['members', 'trainers', 'enquiries', 'auth', 'payments'] as const;
  consumers = await startConsumers({
    bus,
    db: t.db,
    logger: t.runtime.logger,
    groups: Object.fromEntries(groups.map((g) => [g, `${t.schema}.${g}`])),
    startAt: 'now',
  });
  tok = {
    ownerA: await t.sign(orgA, 'owner', [L1, L2], ownerId, 'Owner Asha'),
    adminL2: await t.sign(orgA, 'admin', [L2]),
    trainerA: await t.sign(orgA, 'trainer', [L1], trainerId),
    adminB: await t.sign(orgB, 'admin', [LB]),
  };
  // L1 refuses after 7 days overdue; L2 never set it (off).
  await publish('auth', locationUpdated(L1, orgA, 7, 1));
  await vi.waitFor(async () => expect(await ruleOf(L1)).toBe(7), { timeout: 30_000, interval: 100 });
}, 120_000);

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await t?.runtime.bus.deleteGroups((g) => g.includes(t.schema)).catch(() => undefined);
  await t?.close();
});

const publish = (topic: 'auth' | 'payments', ...envs: EventEnvelope[]) =>
  t.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const ruleOf = async (locationId: string) =>
  (await t.db.selectFrom('location_entry_rules').select('refuse_overdue_days').where('location_id', '=', locationId).executeTakeFirst())?.refuse_overdue_days;
const statusOf = (paymentId: string) => async () =>
  (await t.db.selectFrom('member_dues').select('status').where('payment_id', '=', paymentId).executeTakeFirst())?.status;

const locationUpdated = (locationId: string, orgId: string, days: number | null, second: number) =>
  makeEnvelope(AuthEvents.LocationUpdated, {
    orgId,
    aggregateId: locationId,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: new Date(NOW - 86_400_000 + second * 1000).toISOString(),
    data: { locationId, orgId, name: 'Baner', city: 'Pune', timezone: 'Asia/Kolkata', openingHours: '', capacity: null, refuseCheckInOverdueDays: days },
  });

let tick = 0;
const facts = (p: { paymentId: string; memberId: string; orgId?: string; status: string; dueDate: string | null; totalPaise?: number; type?: string }) => {
  const at = new Date(NOW - 3_600_000 + tick++ * 1000).toISOString();
  return {
    paymentId: p.paymentId,
    organizationId: p.orgId ?? orgA,
    locationId: L1,
    category: 'member' as const,
    type: p.type ?? 'membership_renewal',
    status: p.status as 'pending',
    memberId: p.memberId,
    memberName: 'Asha Rao',
    trainerId: null,
    trainerName: '',
    amountPaise: p.totalPaise ?? 200000,
    gstPaise: 0,
    totalPaise: p.totalPaise ?? 200000,
    refundedPaise: 0,
    method: 'cash' as const,
    description: 'Monthly renewal',
    membershipType: 'basic' as const,
    membershipPeriod: null,
    paymentFrequency: null,
    salaryPeriod: null,
    dueDate: p.dueDate,
    source: 'staff' as const,
    sourceId: null,
    occurredAt: at,
  };
};
const env = (orgId: string, aggregateId: string) => ({
  orgId,
  aggregateId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date(NOW).toISOString(),
});
const recorded = (p: Parameters<typeof facts>[0]) =>
  makeEnvelope(PaymentEvents.PaymentRecorded, { ...env(p.orgId ?? orgA, p.paymentId), data: { ...facts(p), recordedBy: null } });
const completed = (p: Parameters<typeof facts>[0]) =>
  makeEnvelope(PaymentEvents.PaymentCompleted, {
    ...env(p.orgId ?? orgA, p.paymentId),
    data: {
      ...facts({ ...p, status: 'completed' }),
      paidAt: new Date(NOW).toISOString(),
      completedVia: 'mark_paid',
      razorpayPaymentId: null,
      razorpayOrderId: null,
    },
  });
const cancelled = (p: Parameters<typeof facts>[0]) =>
  makeEnvelope(PaymentEvents.PaymentCancelled, {
    ...env(p.orgId ?? orgA, p.paymentId),
    data: { ...facts({ ...p, status: 'cancelled' }), reason: null, cancelledBy: null },
  });

/** A member of org A with one membership payment pending since `dueDate`, known to this service. */
const owing = async (dueDate: string, o: { totalPaise?: number } = {}) => {
  const memberId = randomUUID();
  const paymentId = randomUUID();
  await t.member(memberId, orgA, L1);
  await publish('payments', recorded({ paymentId, memberId, status: 'pending', dueDate, ...o }));
  await vi.waitFor(async () => expect(await statusOf(paymentId)()).toBe('pending'), { timeout: 30_000, interval: 100 });
  return { memberId, paymentId };
};

const call = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
const checkIn = (token: string, body: object) => call('/attendance/check-in', token, body);

describe('dues-aware entry', () => {
  it('refuses a member whose payment is overdue by more than the location’s days, saying why and how to pay; the details carry the figures', async () => {
    const { memberId, paymentId } = await owing('2026-11-03');
    const res = await checkIn(tok.ownerA, { memberId, locationId: L1 });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body.code).toBe('PAYMENT_OVERDUE');
    expect(body.message).toBe('Payment of ₹2,000 overdue since 3 Nov — pay at the desk or with the link we sent');
    expect(paymentOverdueOf(body.details)).toEqual({
      memberId,
      memberName: 'Asha Rao',
      paymentId,
      amountPaise: 200000,
      dueDate: '2026-11-03',
      daysOverdue: 26,
    });
    // The same member at a location that never turned it on: in.
    expect((await checkIn(tok.ownerA, { memberId, locationId: L2 })).statusCode).toBe(201);
  });

  it('admits on exactly N days overdue (the location’s calendar) and names the oldest of several', async () => {
    const { memberId } = await owing('2026-11-22');
    expect((await checkIn(tok.ownerA, { memberId, locationId: L1 })).statusCode).toBe(201);

    const several = await owing('2026-11-10', { totalPaise: 150050 });
    const older = randomUUID();
    await publish('payments', recorded({ paymentId: older, memberId: several.memberId, status: 'pending', dueDate: '2026-10-01', totalPaise: 99900 }));
    // A personal-training fee is not the membership's: it never refuses entry.
    const pt = randomUUID();
    await publish('payments', recorded({ paymentId: pt, memberId: several.memberId, status: 'pending', dueDate: '2026-01-01', type: 'personal_training' }));
    await vi.waitFor(async () => expect(await statusOf(pt)()).toBe('pending'), { timeout: 30_000, interval: 100 });
    const res = await checkIn(tok.ownerA, { memberId: several.memberId, locationId: L1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Payment of ₹999 overdue since 1 Oct — pay at the desk or with the link we sent');
    expect(paymentOverdueOf(res.json().details)).toMatchObject({ paymentId: older, dueDate: '2026-10-01', daysOverdue: 59 });
  });

  it('follows the payment: completed or cancelled, the member is in; a late older "pending" does not make them owe again', async () => {
    const paid = await owing('2026-11-01');
    expect((await checkIn(tok.ownerA, { memberId: paid.memberId, locationId: L1 })).statusCode).toBe(409);
    await publish('payments', completed({ paymentId: paid.paymentId, memberId: paid.memberId, status: 'completed', dueDate: '2026-11-01' }));
    await vi.waitFor(async () => expect(await statusOf(paid.paymentId)()).toBe('completed'), { timeout: 30_000, interval: 100 });
    // An older event of the same payment arriving late (a replay, another producer's retry).
    const stale = recorded({ paymentId: paid.paymentId, memberId: paid.memberId, status: 'pending', dueDate: '2026-11-01' });
    await publish('payments', stale, completed({ paymentId: randomUUID(), memberId: paid.memberId, status: 'completed', dueDate: null }));
    await vi.waitFor(async () => expect((await t.db.selectFrom('inbox').select('event_id').where('event_id', '=', stale.eventId).execute()).length).toBe(1), {
      timeout: 30_000,
      interval: 100,
    });
    expect(await statusOf(paid.paymentId)()).toBe('completed');
    expect((await checkIn(tok.ownerA, { memberId: paid.memberId, locationId: L1 })).statusCode).toBe(201);

    const dropped = await owing('2026-11-01');
    await publish('payments', cancelled({ paymentId: dropped.paymentId, memberId: dropped.memberId, status: 'cancelled', dueDate: '2026-11-01' }));
    await vi.waitFor(async () => expect(await statusOf(dropped.paymentId)()).toBe('cancelled'), { timeout: 30_000, interval: 100 });
    expect((await checkIn(tok.ownerA, { memberId: dropped.memberId, locationId: L1 })).statusCode).toBe(201);
  });

  it('refuses a QR scan too', async () => {
    const { memberId } = await owing('2026-11-01');
    const qrCode = makeQrCode(await qrKeyOf(t.db, orgA), memberId, new Date(NOW - 60_000));
    const res = await call('/attendance/scan-qr', tok.ownerA, { qrCode, locationId: L1 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('PAYMENT_OVERDUE');
  });

  it('lets the member in once with a reason, recorded on the check-in and as its own audited event with who allowed it', async () => {
    const { memberId, paymentId } = await owing('2026-11-03');
    const res = await checkIn(tok.ownerA, { memberId, locationId: L1, overrideReason: '  Paid ₹2,000 by UPI at the desk just now ' });
    expect(res.statusCode, res.body).toBe(201);
    const sessionId = res.json().data._id as string;
    const outbox = (await t.db.selectFrom('outbox').select('payload').where('key', '=', memberId).execute()).map(
      (r) => r.payload as EventEnvelope<Record<string, unknown>>,
    );
    const override = {
      reason: 'Paid ₹2,000 by UPI at the desk just now',
      grantedBy: ownerId,
      paymentId,
      amountPaise: 200000,
      dueDate: '2026-11-03',
      daysOverdue: 26,
    };
    expect(outbox.find((e) => e.type === 'attendance.checked_in')?.data).toMatchObject({ attendanceId: sessionId, override });
    const audited = outbox.find((e) => e.type === 'attendance.entry_overridden')!;
    expect(audited).toMatchObject({ actorId: ownerId, aggregateId: memberId, locationId: L1, data: { ...override, attendanceId: sessionId, memberId } });
    // Once: the next visit is refused again.
    expect((await call('/attendance/check-out', tok.ownerA, { memberId })).statusCode).toBe(200);
    expect((await checkIn(tok.ownerA, { memberId, locationId: L1 })).json().code).toBe('PAYMENT_OVERDUE');
  });

  it('records no override when nothing was overdue', async () => {
    const memberId = randomUUID();
    await t.member(memberId, orgA, L1);
    expect((await checkIn(tok.ownerA, { memberId, locationId: L1, overrideReason: 'Just in case' })).statusCode).toBe(201);
    const types = (await t.db.selectFrom('outbox').select('payload').where('key', '=', memberId).execute()).map((r) => (r.payload as EventEnvelope).type);
    expect(types).toEqual(['attendance.checked_in']);
  });

  it('refuses a bad reason (400), a member or trainer (403), staff of another location (403) and another gym’s member (404)', async () => {
    const { memberId } = await owing('2026-11-01');
    for (const overrideReason of ['ab', '   ', 'x'.repeat(201), 42]) {
      const res = await checkIn(tok.ownerA, { memberId, locationId: L1, overrideReason });
      expect(res.statusCode, String(overrideReason)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const member = await t.sign(orgA, 'member', [L1], memberId);
    expect((await checkIn(member, { memberId, locationId: L1, overrideReason: 'Let me in' })).statusCode).toBe(403);
    expect((await checkIn(tok.trainerA, { memberId, locationId: L1, overrideReason: 'Let them in' })).statusCode).toBe(403);
    expect((await checkIn(tok.adminL2, { memberId, locationId: L1, overrideReason: 'Let them in' })).statusCode).toBe(403);
    const foreign = await checkIn(tok.adminB, { memberId, locationId: LB, overrideReason: 'Let them in' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    // Nothing was recorded by any of them.
    expect(await t.db.selectFrom('outbox').select('id').where('key', '=', memberId).execute()).toEqual([]);
  });

  it('turns off with the location’s setting', async () => {
    const { memberId } = await owing('2026-11-01');
    await publish('auth', locationUpdated(L1, orgA, null, 2));
    await vi.waitFor(async () => expect(await ruleOf(L1)).toBeNull(), { timeout: 30_000, interval: 100 });
    expect((await checkIn(tok.ownerA, { memberId, locationId: L1 })).statusCode).toBe(201);
    await publish('auth', locationUpdated(L1, orgA, 7, 3));
    await vi.waitFor(async () => expect(await ruleOf(L1)).toBe(7), { timeout: 30_000, interval: 100 });
  });
});
