import { PaymentEvents, schedulingEventRoutes as routes, SchedulingEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_UPGRADE_MESSAGE } from '../src/app/access.ts';
import { commandOnEvent } from '../src/app/event-command.ts';
import { runEventClock } from '../src/app/event-clock.ts';
import { runPurchaseClock } from '../src/app/purchase-clock.ts';
import { packPaymentHandlers } from '../src/consumers/packs.ts';
import { bootScheduling, ok, refused, seedGyms } from './setup.ts';

// Every events route through app.inject against the real PostgreSQL: plan, roles, organizations, bad input, tickets.
let t: Awaited<ReturnType<typeof bootScheduling>>;
const orgA = randomUUID();
const orgB = randomUUID();
const orgStarter = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const LB = randomUUID();
const [m1, m2, m3, mL2, mB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const tok = {} as Record<'owner' | 'adminL2' | 'trainer' | 'trainerL2' | 'm1' | 'm2' | 'm3' | 'mL2' | 'ownerB' | 'memberB' | 'starter', string>;
const START = '2030-03-11T00:00:00.000Z'; // the harness's clock: Monday 05:30 in Kolkata

const workshop = (o: Record<string, unknown> = {}) => ({
  locationId: L1,
  title: 'Mobility workshop',
  description: 'Hips and shoulders',
  kind: 'workshop',
  date: '2030-03-20',
  startTime: '10:00',
  endTime: '13:00',
  capacity: 2,
  ...o,
});
type Ev = { id: string; taken: number; status: string; myTicket: { status: string } | null };
const create = async (o: Record<string, unknown> = {}) => ok<Ev>(await t.call(tok.owner, 'POST', '/scheduling/events', workshop(o)), 201);

beforeAll(async () => {
  t = await bootScheduling('scheduling_events');
  Object.assign(tok, await seedGyms(t, { orgA, orgB, orgStarter, L1, L2, LB }));
  for (const m of [m1, m2, m3]) await t.member(m, orgA, L1);
  await t.member(mL2, orgA, L2);
  await t.member(mB, orgB, LB);
  tok.m1 = await t.sign(orgA, 'member', [L1], m1);
  tok.m2 = await t.sign(orgA, 'member', [L1], m2);
  tok.m3 = await t.sign(orgA, 'member', [L1], m3);
  tok.mL2 = await t.sign(orgA, 'member', [L2], mL2);
  tok.memberB = await t.sign(orgB, 'member', [LB], mB);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('events: plan, roles, input', () => {
  it('a Starter organization gets 402 with the reason', async () => {
    refused(await t.call(tok.starter, 'GET', '/scheduling/events'), 402, 'PLAN_UPGRADE_REQUIRED', PLAN_UPGRADE_MESSAGE);
    refused(await t.call(tok.starter, 'POST', '/scheduling/events', workshop()), 402, 'PLAN_UPGRADE_REQUIRED');
  });
  it('owners create (times in the location’s clock); the answer is the contract’s shape', async () => {
    const r = await t.call(tok.owner, 'POST', '/scheduling/events', workshop({ pricePaise: 0 }));
    const e = routes.createEvent.responses[201].parse(r.body).data;
    expect(e).toMatchObject({
      startsAt: '2030-03-20T04:30:00.000Z',
      endsAt: '2030-03-20T07:30:00.000Z',
      localDate: '2030-03-20',
      localTime: '10:00',
      localEndTime: '13:00',
      timeZone: 'Asia/Kolkata',
      taken: 0,
      status: 'published',
      myTicket: null,
    });
  });
  it('trainers and members may not create (403); staff of another location are refused (403); another organization’s location is not found', async () => {
    refused(await t.call(tok.trainer, 'POST', '/scheduling/events', workshop()), 403, 'FORBIDDEN');
    refused(await t.call(tok.m1, 'POST', '/scheduling/events', workshop()), 403, 'FORBIDDEN');
    refused(await t.call(tok.adminL2, 'POST', '/scheduling/events', workshop()), 403, 'FORBIDDEN');
    refused(await t.call(tok.ownerB, 'POST', '/scheduling/events', workshop()), 404, 'NOT_FOUND');
  });
  it('bad input is a 400 that says what is wrong, never a 500', async () => {
    refused(await t.call(tok.owner, 'POST', '/scheduling/events', workshop({ capacity: 0 })), 400, 'VALIDATION_FAILED');
    refused(await t.call(tok.owner, 'POST', '/scheduling/events', workshop({ title: '' })), 400, 'VALIDATION_FAILED');
    refused(await t.call(tok.owner, 'POST', '/scheduling/events', workshop({ kind: 'party' })), 400, 'VALIDATION_FAILED');
    refused(await t.call(tok.owner, 'POST', '/scheduling/events', workshop({ onlineUrl: 'javascript:alert(1)' })), 400, 'VALIDATION_FAILED');
    refused(await t.call(tok.owner, 'POST', '/scheduling/events', workshop({ pricePaise: 99.5 })), 400, 'VALIDATION_FAILED');
    refused(
      await t.call(tok.owner, 'POST', '/scheduling/events', workshop({ endTime: '09:00' })),
      400,
      'VALIDATION_FAILED',
      'An event must end after it starts',
    );
    refused(await t.call(tok.owner, 'POST', '/scheduling/events', workshop({ date: '2030-03-10', endTime: '11:00' })), 400, 'VALIDATION_FAILED');
    refused(await t.call(tok.owner, 'PATCH', `/scheduling/events/${randomUUID()}`, {}), 400, 'VALIDATION_FAILED');
    refused(await t.call(tok.owner, 'GET', '/scheduling/events/not-an-id'), 400, 'VALIDATION_FAILED');
  });
});

describe('events: who sees what', () => {
  it('members see upcoming events of their locations and online ones; staff theirs; another organization nothing', async () => {
    const atL1 = await create({ title: 'L1 run', kind: 'run' });
    const atL2 = await create({ title: 'L2 open day', kind: 'open_day', locationId: L2 });
    const online = await create({ title: 'Online talk', kind: 'other', locationId: L2, onlineUrl: 'https://meet.example.in/talk' });
    const ids = (r: { body: unknown }) => routes.listEvents.responses[200].parse(r.body).data.events.map((e) => e.id);
    const forM1 = ids(await t.call(tok.m1, 'GET', '/scheduling/events'));
    expect(forM1).toEqual(expect.arrayContaining([atL1.id, online.id]));
    expect(forM1).not.toContain(atL2.id);
    expect(ids(await t.call(tok.adminL2, 'GET', '/scheduling/events'))).toEqual(expect.arrayContaining([atL2.id, online.id]));
    expect(ids(await t.call(tok.adminL2, 'GET', '/scheduling/events'))).not.toContain(atL1.id);
    expect(ids(await t.call(tok.ownerB, 'GET', '/scheduling/events'))).toEqual([]);
    expect(ids(await t.call(tok.memberB, 'GET', '/scheduling/events'))).toEqual([]);
    // one event: gym B's staff and members get 404; a member of another location of the same gym too
    expect(ok<Ev>(await t.call(tok.m1, 'GET', `/scheduling/events/${atL1.id}`)).id).toBe(atL1.id);
    refused(await t.call(tok.ownerB, 'GET', `/scheduling/events/${atL1.id}`), 404, 'NOT_FOUND');
    refused(await t.call(tok.memberB, 'GET', `/scheduling/events/${atL1.id}`), 404, 'NOT_FOUND');
    refused(await t.call(tok.m1, 'GET', `/scheduling/events/${atL2.id}`), 404, 'NOT_FOUND');
    refused(await t.call(tok.adminL2, 'GET', `/scheduling/events/${atL1.id}`), 403, 'FORBIDDEN');
    refused(await t.call(tok.ownerB, 'GET', '/scheduling/events?locationId=' + L1), 404, 'NOT_FOUND');
  });
});

describe('events: editing and cancelling', () => {
  it('owners change an event; gym B gets 404, trainers and members 403; capacity cannot drop below the places taken', async () => {
    const e = await create();
    const changed = ok<{ title: string; capacity: number; localTime: string; localEndTime: string }>(
      await t.call(tok.owner, 'PATCH', `/scheduling/events/${e.id}`, { title: 'Hip workshop', capacity: 3, startTime: '11:00' }),
    );
    expect(changed).toMatchObject({ title: 'Hip workshop', capacity: 3, localTime: '11:00', localEndTime: '13:00' });
    refused(await t.call(tok.ownerB, 'PATCH', `/scheduling/events/${e.id}`, { title: 'X' }), 404, 'NOT_FOUND');
    refused(await t.call(tok.trainer, 'PATCH', `/scheduling/events/${e.id}`, { title: 'X' }), 403, 'FORBIDDEN');
    refused(await t.call(tok.m1, 'PATCH', `/scheduling/events/${e.id}`, { title: 'X' }), 403, 'FORBIDDEN');
    ok(await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
    ok(await t.call(tok.m2, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
    refused(await t.call(tok.owner, 'PATCH', `/scheduling/events/${e.id}`, { capacity: 1 }), 409, 'CONFLICT');
    refused(await t.call(tok.owner, 'PATCH', `/scheduling/events/${e.id}`, { endDate: '2030-03-19' }), 400, 'VALIDATION_FAILED');
  });
  it('cancelling tells every holder and refunds the paid tickets; gym B 404, trainers 403, a reason is required', async () => {
    const e = await create({ pricePaise: 50_000, capacity: 5 });
    ok(await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
    ok(await t.call(tok.m2, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
    // m1 pays (the purchase pipeline's capture, as payments will report it)
    await t.db
      .transaction()
      .execute((trx) =>
        commandOnEvent(
          trx,
          e.id,
          { type: 'CapturePayment', data: { memberId: m1, paymentId: randomUUID(), amountPaise: 50_000, at: START } },
          { orgId: orgA, correlationId: randomUUID(), causationId: randomUUID() },
        ),
      );
    refused(await t.call(tok.ownerB, 'POST', `/scheduling/events/${e.id}/cancel`, { reason: 'Rain' }), 404, 'NOT_FOUND');
    refused(await t.call(tok.trainer, 'POST', `/scheduling/events/${e.id}/cancel`, { reason: 'Rain' }), 403, 'FORBIDDEN');
    refused(await t.call(tok.owner, 'POST', `/scheduling/events/${e.id}/cancel`, { reason: ' ' }), 400, 'VALIDATION_FAILED');
    const cancelled = ok<{ status: string; cancelReason: string }>(
      await t.call(tok.owner, 'POST', `/scheduling/events/${e.id}/cancel`, { reason: 'Coach unwell' }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Coach unwell' });
    const tickets = await t.db
      .selectFrom('event_tickets')
      .select(['member_id', 'status', 'refund'])
      .where('event_id', '=', e.id)
      .orderBy('member_id')
      .execute();
    expect(tickets).toEqual(
      [
        { member_id: m1, status: 'cancelled', refund: 'due' },
        { member_id: m2, status: 'cancelled', refund: 'none' },
      ].sort((a, b) => a.member_id.localeCompare(b.member_id)),
    );
    const outbox = (await t.db.selectFrom('outbox').select('payload').where('key', '=', e.id).execute())
      .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { type: string; data: Record<string, unknown> })
      .filter((p) => p.type === 'scheduling.event_cancelled');
    expect(outbox).toHaveLength(1);
    const data = outbox[0] as unknown as { data: { ticketHolderIds: string[]; refundMemberIds: string[]; reason: string } };
    // m2's ticket still awaited its payment: a holder, never confirmed (no booked webhook went out for it).
    expect(data.data).toMatchObject({ reason: 'Coach unwell', refundMemberIds: [m1], pendingHolderIds: [m2] });
    expect([...data.data.ticketHolderIds].sort()).toEqual([m1, m2].sort());
    refused(await t.call(tok.m3, 'POST', `/scheduling/events/${e.id}/tickets`), 409, 'CONFLICT');
    refused(await t.call(tok.owner, 'POST', `/scheduling/events/${e.id}/cancel`, { reason: 'Again' }), 409, 'CONFLICT');
  });
});

describe('tickets', () => {
  it('a free ticket is confirmed at once, once per member; a full event says so; staff and gym B cannot take one', async () => {
    const e = await create({ capacity: 2 });
    const first = routes.takeTicket.responses[201].parse((await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`)).body).data;
    expect(first.ticket).toMatchObject({ status: 'confirmed', pricePaise: 0, holdUntil: null, refund: 'none' });
    expect(first.event).toMatchObject({ taken: 1, myTicket: { status: 'confirmed' } });
    refused(await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`), 409, 'ALREADY_HAS_TICKET');
    ok(await t.call(tok.m2, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
    refused(await t.call(tok.m3, 'POST', `/scheduling/events/${e.id}/tickets`), 409, 'EVENT_FULL', 'This event is full.');
    refused(await t.call(tok.owner, 'POST', `/scheduling/events/${e.id}/tickets`), 403, 'FORBIDDEN');
    refused(await t.call(tok.memberB, 'POST', `/scheduling/events/${e.id}/tickets`), 404, 'NOT_FOUND');
    refused(await t.call(tok.mL2, 'POST', `/scheduling/events/${e.id}/tickets`), 404, 'NOT_FOUND');
    // m2 gives theirs up: m3 gets the place
    const given = routes.cancelTicket.responses[200].parse((await t.call(tok.m2, 'DELETE', `/scheduling/events/${e.id}/ticket`)).body).data;
    expect(given).toMatchObject({ refunded: false, ticket: { status: 'cancelled' } });
    refused(await t.call(tok.m2, 'DELETE', `/scheduling/events/${e.id}/ticket`), 404, 'NOT_FOUND');
    refused(await t.call(tok.memberB, 'DELETE', `/scheduling/events/${e.id}/ticket`), 404, 'NOT_FOUND');
    refused(await t.call(tok.owner, 'DELETE', `/scheduling/events/${e.id}/ticket`), 403, 'FORBIDDEN');
    ok(await t.call(tok.m3, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
    // my tickets: upcoming with their events, in the contract's shape
    const mine = routes.myTickets.responses[200].parse((await t.call(tok.m3, 'GET', '/scheduling/my-tickets')).body).data.tickets;
    expect(mine.map((x) => [x.event.id, x.ticket.status])).toContainEqual([e.id, 'confirmed']);
    refused(await t.call(tok.owner, 'GET', '/scheduling/my-tickets'), 403, 'FORBIDDEN');
    expect(routes.myTickets.responses[200].parse((await t.call(tok.memberB, 'GET', '/scheduling/my-tickets')).body).data.tickets).toEqual([]);
  });
  it('a paid ticket is pending and holds its place for 15 minutes, then lapses and the place is free again', async () => {
    const e = await create({ capacity: 1, pricePaise: 25_000 });
    const taken = ok<{ ticket: { status: string; holdUntil: string; pricePaise: number } }>(
      await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`),
      201,
    );
    expect(taken.ticket).toMatchObject({ status: 'pending', pricePaise: 25_000, holdUntil: '2030-03-11T00:15:00.000Z' });
    refused(await t.call(tok.m2, 'POST', `/scheduling/events/${e.id}/tickets`), 409, 'EVENT_FULL');
    t.time.now = new Date('2030-03-11T00:16:00.000Z').getTime();
    try {
      expect(await runEventClock({ db: t.db, clock: t.clock })).toMatchObject({ lapsed: 1 });
      expect(
        (await t.db.selectFrom('event_tickets').select('status').where('event_id', '=', e.id).where('member_id', '=', m1).executeTakeFirst())?.status,
      ).toBe('lapsed');
      expect(ok<{ ticket: { status: string } }>(await t.call(tok.m2, 'POST', `/scheduling/events/${e.id}/tickets`), 201).ticket.status).toBe('pending');
    } finally {
      t.time.now = new Date(START).getTime();
    }
  });
  it('a paid ticket cancelled more than 24 hours before is refunded; within 24 hours it is not', async () => {
    const e = await create({ capacity: 5, pricePaise: 30_000 });
    for (const [tk, m] of [
      [tok.m1, m1],
      [tok.m2, m2],
    ] as const) {
      ok(await t.call(tk, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
      await t.db
        .transaction()
        .execute((trx) =>
          commandOnEvent(
            trx,
            e.id,
            { type: 'CapturePayment', data: { memberId: m, paymentId: randomUUID(), amountPaise: 30_000, at: START } },
            { orgId: orgA, correlationId: randomUUID(), causationId: randomUUID() },
          ),
        );
    }
    const given = ok<{ refunded: boolean; ticket: { refund: string; purchaseId: string } }>(
      await t.call(tok.m1, 'DELETE', `/scheduling/events/${e.id}/ticket`),
    );
    expect(given).toMatchObject({ refunded: true, ticket: { refund: 'due' } });
    // payments is asked to refund it (the purchase pipeline), in the same transaction as the cancellation
    const asked = (await t.db.selectFrom('outbox').select('payload').where('key', '=', given.ticket.purchaseId).execute())
      .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { type: string; data: { reason: string } })
      .filter((p) => p.type === 'scheduling.purchase_refund_requested');
    expect(asked.map((p) => p.data.reason)).toEqual(['Ticket given up by the member']);
    t.time.now = new Date('2030-03-19T10:00:00.000Z').getTime(); // under 24 hours before 10:00 on the 20th
    try {
      expect(ok<{ refunded: boolean; ticket: { refund: string } }>(await t.call(tok.m2, 'DELETE', `/scheduling/events/${e.id}/ticket`))).toMatchObject({
        refunded: false,
        ticket: { refund: 'none' },
      });
    } finally {
      t.time.now = new Date(START).getTime();
    }
  });
});

describe('the event clock', () => {
  it('ends an event past its end: members no longer see it, staff see it ended with the past ones', async () => {
    const e = await create({ date: '2030-03-12', startTime: '06:00', endTime: '07:00' });
    ok(await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
    t.time.now = new Date('2030-03-12T02:00:00.000Z').getTime(); // 07:30 in Kolkata
    try {
      expect((await runEventClock({ db: t.db, clock: t.clock })).ended).toBeGreaterThanOrEqual(1);
      expect(ok<Ev>(await t.call(tok.owner, 'GET', `/scheduling/events/${e.id}`)).status).toBe('ended');
      const listed = (r: { body: unknown }) => routes.listEvents.responses[200].parse(r.body).data.events.map((x) => x.id);
      expect(listed(await t.call(tok.m1, 'GET', '/scheduling/events'))).not.toContain(e.id);
      expect(listed(await t.call(tok.owner, 'GET', '/scheduling/events?includePast=true'))).toContain(e.id);
      refused(await t.call(tok.m2, 'POST', `/scheduling/events/${e.id}/tickets`), 409, 'CONFLICT');
    } finally {
      t.time.now = new Date(START).getTime();
    }
  });
});

describe('attendees and check-in ticks', () => {
  it('staff and trainers of the location see the attendee list; gym B 404, another location 403, members 403', async () => {
    const e = await create({ capacity: 5 });
    ok(await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
    // m2 a minute later: the list is in the order tickets were taken
    t.time.now = new Date(START).getTime() + 60_000;
    try {
      ok(await t.call(tok.m2, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
    } finally {
      t.time.now = new Date(START).getTime();
    }
    const list = routes.attendees.responses[200].parse((await t.call(tok.trainer, 'GET', `/scheduling/events/${e.id}/attendees`)).body).data;
    expect(list.attendees.map((a) => [a.memberId, a.status, a.name])).toEqual([
      [m1, 'confirmed', `Asha Rao ${m1.slice(0, 4)}`],
      [m2, 'confirmed', `Asha Rao ${m2.slice(0, 4)}`],
    ]);
    refused(await t.call(tok.ownerB, 'GET', `/scheduling/events/${e.id}/attendees`), 404, 'NOT_FOUND');
    refused(await t.call(tok.trainerL2, 'GET', `/scheduling/events/${e.id}/attendees`), 403, 'FORBIDDEN');
    refused(await t.call(tok.m1, 'GET', `/scheduling/events/${e.id}/attendees`), 403, 'FORBIDDEN');
  });
  it('a trainer ticks an attendee during the event; not days before; not someone without a ticket; not gym B', async () => {
    const e = await create({ capacity: 5 });
    ok(await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`), 201);
    refused(await t.call(tok.trainer, 'POST', `/scheduling/events/${e.id}/attendance`, { memberId: m1 }), 409, 'CONFLICT');
    t.time.now = new Date('2030-03-20T05:00:00.000Z').getTime();
    try {
      const ticket = ok<{ status: string; attendedAt: string }>(await t.call(tok.trainer, 'POST', `/scheduling/events/${e.id}/attendance`, { memberId: m1 }));
      expect(ticket).toMatchObject({ status: 'attended', attendedAt: '2030-03-20T05:00:00.000Z' });
      refused(await t.call(tok.trainer, 'POST', `/scheduling/events/${e.id}/attendance`, { memberId: m2 }), 404, 'NOT_FOUND');
      refused(await t.call(tok.ownerB, 'POST', `/scheduling/events/${e.id}/attendance`, { memberId: m1 }), 404, 'NOT_FOUND');
      refused(await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/attendance`, { memberId: m1 }), 403, 'FORBIDDEN');
      refused(await t.call(tok.trainer, 'POST', `/scheduling/events/${e.id}/attendance`, { memberId: 'x' }), 400, 'VALIDATION_FAILED');
    } finally {
      t.time.now = new Date(START).getTime();
    }
  });
});

// Paid tickets through the purchase pipeline. Payments' answers are handed to the consumer's handlers as the
// akhada.payments.events consumer would (each in its own transaction; a redelivery is the same envelope again, here
// without the inbox, so the decider itself must make it count once).
describe('paid tickets: the purchase pipeline', () => {
  type Out = { type: string; aggregateId: string; data: Record<string, unknown> };
  const outboxOf = async (type: string, purchaseId: string): Promise<Out[]> =>
    (await t.db.selectFrom('outbox').select('payload').where('key', '=', purchaseId).execute())
      .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Out)
      .filter((p) => p.type === type);
  const deliver = (env: EventEnvelope<unknown>) => t.db.transaction().execute((trx) => packPaymentHandlers.find((h) => h.type === env.type)!.handle(trx, env));
  const envMeta = (aggregateId: string) => ({ orgId: orgA, locationId: L1, aggregateId, correlationId: randomUUID(), causationId: randomUUID() });
  const paymentCreated = (purchaseId: string, paymentId: string) =>
    makeEnvelope(PaymentEvents.PurchasePaymentCreated, {
      ...envMeta(paymentId),
      occurredAt: START,
      data: { purchaseId, organizationId: orgA, locationId: L1, paymentId, status: 'pending', totalPaise: 29_500 },
    });
  const facts = (purchaseId: string, paymentId: string, status: 'completed' | 'cancelled' | 'refunded') => ({
    paymentId,
    organizationId: orgA,
    locationId: L1,
    category: 'member' as const,
    type: 'other' as const,
    status,
    memberId: m1,
    memberName: 'Asha',
    trainerId: null,
    trainerName: '',
    amountPaise: 25_000,
    gstPaise: 4_500,
    totalPaise: 29_500,
    refundedPaise: status === 'refunded' ? 29_500 : 0,
    method: 'razorpay' as const,
    description: 'Ticket',
    membershipType: null,
    membershipPeriod: null,
    paymentFrequency: null,
    salaryPeriod: null,
    dueDate: null,
    source: 'scheduling' as const,
    sourceId: purchaseId,
    occurredAt: START,
  });
  const completed = (purchaseId: string, paymentId: string, orgId = orgA) =>
    makeEnvelope(PaymentEvents.PaymentCompleted, {
      ...envMeta(paymentId),
      orgId,
      occurredAt: START,
      data: { ...facts(purchaseId, paymentId, 'completed'), paidAt: START, completedVia: 'online', razorpayPaymentId: 'pay_x', razorpayOrderId: 'order_x' },
    });
  const cancelledPayment = (purchaseId: string, paymentId: string) =>
    makeEnvelope(PaymentEvents.PaymentCancelled, {
      ...envMeta(paymentId),
      occurredAt: START,
      data: { ...facts(purchaseId, paymentId, 'cancelled'), reason: 'Hold lapsed', cancelledBy: null },
    });
  const refunded = (purchaseId: string, paymentId: string) =>
    makeEnvelope(PaymentEvents.PaymentRefunded, {
      ...envMeta(paymentId),
      occurredAt: START,
      data: {
        ...facts(purchaseId, paymentId, 'refunded'),
        refundId: `rfnd_${paymentId.slice(0, 8)}`,
        refundPaise: 29_500,
        fully: true,
        reason: 'Event cancelled',
        refundedAt: START,
        refundedBy: null,
      },
    });
  type Taken = { ticket: { status: string; purchaseId: string; paymentId: string | null; refund: string } };
  const ticketOf = async (eventId: string, tk: string) =>
    ok<{ myTicket: { status: string; paymentId: string | null; refund: string } | null }>(await t.call(tk, 'GET', `/scheduling/events/${eventId}`)).myTicket;

  it('buying asks payments (SAC 999651); the payment shows on the ticket; its capture confirms it exactly once, also when redelivered', async () => {
    const e = await create({ capacity: 2, pricePaise: 25_000 });
    const taken = routes.takeTicket.responses[201].parse((await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`)).body).data as Taken;
    expect(taken.ticket).toMatchObject({ status: 'pending', paymentId: null });
    const purchaseId = taken.ticket.purchaseId;
    const [asked] = await outboxOf('scheduling.purchase_requested', purchaseId);
    expect(asked?.data).toMatchObject({ purchaseId, memberId: m1, kind: 'event_ticket', method: 'online', organizationId: orgA, locationId: L1 });
    expect((asked?.data.lines as { hsn: string; unitPricePaise: number; gstRatePercent: number }[])[0]).toMatchObject({
      hsn: SchedulingEvents.EVENT_TICKET_SAC,
      unitPricePaise: 25_000,
      gstRatePercent: 18,
    });

    const paymentId = randomUUID();
    await deliver(paymentCreated(purchaseId, paymentId));
    expect(await ticketOf(e.id, tok.m1)).toMatchObject({ status: 'pending', paymentId });
    // another organization's envelope for the same purchase changes nothing
    await deliver(completed(purchaseId, paymentId, orgB));
    expect(await ticketOf(e.id, tok.m1)).toMatchObject({ status: 'pending' });

    const paid = completed(purchaseId, paymentId);
    await deliver(paid);
    await deliver(paid);
    expect(await ticketOf(e.id, tok.m1)).toMatchObject({ status: 'confirmed', paymentId });
    const stream = await t.db.selectFrom('events').select('type').where('stream_id', '=', `event-${e.id}`).execute();
    expect(stream.filter((x) => x.type === 'TicketConfirmed')).toHaveLength(1);
    expect(await t.db.selectFrom('ticket_purchases').select(['status', 'payment_id']).where('id', '=', purchaseId).executeTakeFirst()).toEqual({
      status: 'paid',
      payment_id: paymentId,
    });
  });

  it('an unpaid ticket releases its place when its hold runs out (purchase cancelled) or payments cancels it', async () => {
    const e = await create({ capacity: 1, pricePaise: 25_000 });
    const first = ok<Taken>(await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`), 201).ticket.purchaseId;
    t.time.now = new Date('2030-03-11T00:16:00.000Z').getTime();
    try {
      await runEventClock({ db: t.db, clock: t.clock });
      expect(await ticketOf(e.id, tok.m1)).toBeNull();
      expect((await outboxOf('scheduling.purchase_cancelled', first))[0]?.data).toMatchObject({ purchaseId: first, organizationId: orgA });
      // the place is free: m2 takes it, and payments cancelling m2's payment gives it back too
      const second = ok<Taken>(await t.call(tok.m2, 'POST', `/scheduling/events/${e.id}/tickets`), 201).ticket.purchaseId;
      refused(await t.call(tok.m3, 'POST', `/scheduling/events/${e.id}/tickets`), 409, 'EVENT_FULL');
      await deliver(cancelledPayment(second, randomUUID()));
      expect(ok<{ taken: number }>(await t.call(tok.owner, 'GET', `/scheduling/events/${e.id}`)).taken).toBe(0);
      expect(await t.db.selectFrom('ticket_purchases').select('status').where('id', 'in', [first, second]).execute()).toEqual([
        { status: 'cancelled' },
        { status: 'cancelled' },
      ]);
    } finally {
      t.time.now = new Date(START).getTime();
    }
  });

  it('cancelling the event asks payments to refund a paid ticket; payment_refunded marks it refunded', async () => {
    const e = await create({ capacity: 3, pricePaise: 25_000 });
    const purchaseId = ok<Taken>(await t.call(tok.m1, 'POST', `/scheduling/events/${e.id}/tickets`), 201).ticket.purchaseId;
    const paymentId = randomUUID();
    await deliver(paymentCreated(purchaseId, paymentId));
    await deliver(completed(purchaseId, paymentId));
    const pending = ok<Taken>(await t.call(tok.m2, 'POST', `/scheduling/events/${e.id}/tickets`), 201).ticket.purchaseId;
    ok(await t.call(tok.owner, 'POST', `/scheduling/events/${e.id}/cancel`, { reason: 'Coach unwell' }));
    expect((await outboxOf('scheduling.purchase_refund_requested', purchaseId))[0]?.data).toMatchObject({
      purchaseId,
      organizationId: orgA,
      reason: 'Event cancelled: Coach unwell',
    });
    expect(await outboxOf('scheduling.purchase_cancelled', pending)).toHaveLength(1);
    const mine = async () =>
      routes.myTickets.responses[200].parse((await t.call(tok.m1, 'GET', '/scheduling/my-tickets')).body).data.tickets.find((x) => x.event.id === e.id)?.ticket;
    expect(await mine()).toMatchObject({ status: 'cancelled', refund: 'due' });
    await deliver(refunded(purchaseId, paymentId));
    expect(await mine()).toMatchObject({ status: 'cancelled', refund: 'refunded' });
  });

  it('an online pack unpaid after the hold is cancelled once by the purchase clock (purchase_cancelled)', async () => {
    const id = randomUUID();
    await t.db
      .insertInto('pack_purchases')
      .values({
        id,
        org_id: orgA,
        location_id: L1,
        member_id: m1,
        pack_type_id: randomUUID(),
        name: '10 PT',
        sessions: 10,
        validity_days: 60,
        price_paise: 600_000,
        method: 'online',
        status: 'pending',
        payment_id: randomUUID(),
        requested_by: m1,
        created_at: new Date('2030-03-10T23:00:00.000Z'),
        paid_at: null,
      })
      .execute();
    await runPurchaseClock({ db: t.db, clock: t.clock });
    await runPurchaseClock({ db: t.db, clock: t.clock });
    expect(await t.db.selectFrom('pack_purchases').select('status').where('id', '=', id).executeTakeFirst()).toEqual({ status: 'cancelled' });
    expect(await outboxOf('scheduling.purchase_cancelled', id)).toHaveLength(1);
  });
});
