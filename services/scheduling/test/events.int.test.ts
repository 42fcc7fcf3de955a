import { schedulingEventRoutes as routes } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_UPGRADE_MESSAGE } from '../src/app/access.ts';
import { commandOnEvent } from '../src/app/event-command.ts';
import { runEventClock } from '../src/app/event-clock.ts';
import { bootScheduling } from './setup.ts';

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

const ok = <T>(r: { status: number; body: { data?: unknown } }, status = 200): T => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body.data as T;
};
const refused = (r: { status: number; body: { code?: string; message?: string } }, status: number, code: string, message?: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  if (message) expect(r.body.message).toBe(message);
};
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
  await t.org(orgA, [L1, L2]);
  await t.org(orgB, [LB]);
  await t.org(orgStarter, [randomUUID()], { plan: 'starter', trialEndsAt: null });
  for (const m of [m1, m2, m3]) await t.member(m, orgA, L1);
  await t.member(mL2, orgA, L2);
  await t.member(mB, orgB, LB);
  tok.owner = await t.sign(orgA, 'owner', [L1, L2]);
  tok.adminL2 = await t.sign(orgA, 'admin', [L2]);
  tok.trainer = await t.sign(orgA, 'trainer', [L1]);
  tok.trainerL2 = await t.sign(orgA, 'trainer', [L2]);
  tok.m1 = await t.sign(orgA, 'member', [L1], m1);
  tok.m2 = await t.sign(orgA, 'member', [L1], m2);
  tok.m3 = await t.sign(orgA, 'member', [L1], m3);
  tok.mL2 = await t.sign(orgA, 'member', [L2], mL2);
  tok.ownerB = await t.sign(orgB, 'owner', [LB]);
  tok.memberB = await t.sign(orgB, 'member', [LB], mB);
  tok.starter = await t.sign(orgStarter, 'owner', []);
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
    expect(data.data).toMatchObject({ reason: 'Coach unwell', refundMemberIds: [m1] });
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
    expect(ok<{ refunded: boolean; ticket: { refund: string } }>(await t.call(tok.m1, 'DELETE', `/scheduling/events/${e.id}/ticket`))).toMatchObject({
      refunded: true,
      ticket: { refund: 'due' },
    });
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
