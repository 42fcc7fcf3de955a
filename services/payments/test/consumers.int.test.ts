import { MemberEvents, topicOf, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootPayments } from './setup.ts';

const orgA = randomUUID();
const L1 = randomUUID();
let svc: Awaited<ReturnType<typeof bootPayments>>;

beforeAll(async () => {
  svc = await bootPayments('payments_cons', { consumers: 'offline' });
}, 120_000);

afterAll(async () => {
  await svc?.close();
});

const meta = (aggregateId: string, occurredAt = new Date().toISOString()) => ({
  orgId: orgA,
  locationId: L1,
  aggregateId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt,
});
const publish = (topic: 'members' | 'trainers', ...envs: EventEnvelope[]) =>
  svc.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const paymentsOf = (memberId: string) => svc.db.selectFrom('payments').selectAll().where('member_id', '=', memberId).orderBy('created_at').execute();

describe("members' events", () => {
  it('a registration with a fee is owed (pending), a renewal with its method is paid; each once; a renewal made from our payment is not counted again', async () => {
    const memberId = randomUUID();
    const registered = makeEnvelope(MemberEvents.MemberRegistered, {
      ...meta(memberId, '2026-11-01T05:00:00.000Z'),
      data: {
        memberId,
        locationId: L1,
        firstName: 'Meera',
        lastName: 'Iyer',
        email: 'meera@example.in',
        phone: '+91 98000 22222',
        membershipType: 'basic',
        paymentFrequency: 'monthly',
        feePaise: 150_000,
        startDate: '2026-11-01',
        endDate: '2026-12-01',
      },
    });
    const term = (termNo: number, paymentMethod: 'upi' | null) => ({
      termNo,
      membershipType: 'premium' as const,
      paymentFrequency: 'monthly' as const,
      feePaise: 250_000,
      paymentMethod,
      startDate: '2026-12-01',
      endDate: '2027-01-01',
    });
    const renewed = makeEnvelope(MemberEvents.MembershipRenewed, {
      ...meta(memberId, '2026-11-20T05:00:00.000Z'),
      data: { memberId, locationId: L1, term: term(2, 'upi'), renewedAt: '2026-11-20T05:00:00.000Z' },
    });
    const fromPayment = makeEnvelope(MemberEvents.MembershipRenewed, {
      ...meta(memberId, '2026-11-21T05:00:00.000Z'),
      data: {
        memberId,
        locationId: L1,
        term: { ...term(3, 'upi'), startDate: '2027-01-01', endDate: '2027-02-01' },
        renewedAt: '2026-11-21T05:00:00.000Z',
        paymentId: randomUUID(),
      },
    });
    const sentinelId = randomUUID();
    const sentinel = makeEnvelope(MemberEvents.MemberRegistered, {
      ...meta(sentinelId),
      data: { ...registered.data, memberId: sentinelId, email: 's@example.in' },
    });
    // The renewal twice (a replay under a new event id, as after a members rebuild), the paid-by-payment renewal, then a sentinel.
    const replay = { ...renewed, eventId: randomUUID() };
    await publish('members', registered, renewed, replay, fromPayment, sentinel);
    await vi.waitUntil(async () => (await paymentsOf(sentinelId))[0], { message: 'the sentinel', timeout: 30_000, interval: 100 });
    // The sentinel's key may fall on another partition, which can finish first: the member's events (one partition,
    // applied together) are settled once their rows show.
    await vi.waitUntil(async () => ((await paymentsOf(memberId)).length >= 2 ? true : undefined), {
      message: "the member's payments",
      timeout: 30_000,
      interval: 100,
    });
    const rows = await paymentsOf(memberId);
    expect(rows.map((r) => [r.type, r.status, Number(r.total_paise), r.method, r.source, r.period_start, r.due_date])).toEqual([
      ['membership_fee', 'pending', 150_000, 'cash', 'members', '2026-11-01', '2026-11-01'],
      ['membership_renewal', 'completed', 250_000, 'upi', 'members', '2026-12-01', null],
    ]);
    const member = await svc.db.selectFrom('pay_members').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
    expect(member).toMatchObject({ first_name: 'Meera', membership_type: 'premium', end_date: '2027-02-01', status: 'active' });
    const types = (await svc.db.selectFrom('outbox').select('payload').where('key', '=', rows[1]!.id).orderBy('id').execute()).map(
      (r) => (r.payload as { type: string }).type,
    );
    expect(types).toEqual(['payments.payment_recorded', 'payments.payment_completed']);
  });

  it("keeps the trainers it pays from trainers' events (newer wins)", async () => {
    const trainerId = randomUUID();
    const snap = {
      trainerId,
      locationId: L1,
      firstName: 'Tara',
      lastName: 'Coach',
      email: 'tara@example.in',
      phone: '+91 98000 33333',
      specialization: ['yoga' as const],
      maxClients: 10,
      isAvailable: true,
      hourlyRatePaise: 80_000,
      status: 'active' as const,
    };
    await publish(
      'trainers',
      makeEnvelope(TrainerEvents.TrainerCreated, { ...meta(trainerId, '2026-11-01T05:00:00.000Z'), data: { ...snap, source: 'staff' } }),
      makeEnvelope(TrainerEvents.TrainerArchived, { ...meta(trainerId, '2026-11-03T05:00:00.000Z'), data: { trainerId } }),
      makeEnvelope(TrainerEvents.TrainerUpdated, { ...meta(trainerId, '2026-11-02T05:00:00.000Z'), data: { ...snap, firstName: 'Old' } }),
    );
    const row = await vi.waitUntil(
      async () =>
        (await svc.db.selectFrom('pay_trainers').selectAll().where('id', '=', trainerId).where('status', '=', 'archived').executeTakeFirst()) ?? undefined,
      { message: 'the archived trainer', timeout: 30_000, interval: 100 },
    );
    expect(row.first_name).toBe('Tara');
  });
});
