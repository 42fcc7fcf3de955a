import { schedulingPackRoutes as routes, SchedulingEvents } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPaid, packRefunded } from '../src/app/pack-sales.ts';
import { packAppointmentHandlers } from '../src/consumers/packs.ts';
import { bootScheduling, ok, refused } from './setup.ts';

// Session pack types through app.inject against the real PostgreSQL: plan, roles, organizations, bad input.
let t: Awaited<ReturnType<typeof bootScheduling>>;
const orgA = randomUUID();
const orgB = randomUUID();
const orgStarter = randomUUID();
const L1 = randomUUID();
const LB = randomUUID();
const m1 = randomUUID();
const m2 = randomUUID();
const mB = randomUUID();
const tok = {} as Record<'owner' | 'admin' | 'trainer' | 'm1' | 'm2' | 'ownerB' | 'starter', string>;

const ten = (o: Record<string, unknown> = {}) => ({
  name: `10 PT sessions ${randomUUID().slice(0, 6)}`,
  sessions: 10,
  validityDays: 60,
  pricePaise: 600_000,
  ...o,
});
type Pack = { id: string; name: string; archived: boolean; sessions: number };

beforeAll(async () => {
  t = await bootScheduling('scheduling_packs');
  await t.org(orgA, [L1]);
  await t.org(orgB, [LB]);
  await t.org(orgStarter, [randomUUID()], { plan: 'starter', trialEndsAt: null });
  await t.member(m1, orgA, L1);
  await t.member(m2, orgA, L1);
  await t.member(mB, orgB, LB);
  tok.owner = await t.sign(orgA, 'owner', [L1]);
  tok.admin = await t.sign(orgA, 'admin', [L1]);
  tok.trainer = await t.sign(orgA, 'trainer', [L1]);
  tok.m1 = await t.sign(orgA, 'member', [L1], m1);
  tok.m2 = await t.sign(orgA, 'member', [L1], m2);
  tok.ownerB = await t.sign(orgB, 'owner', [LB]);
  tok.starter = await t.sign(orgStarter, 'owner', []);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('pack types', () => {
  it('owners and admins create them (the contract’s shape); everyone of the organization sees the active ones', async () => {
    const r = await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten({ name: '10 PT sessions' }));
    const p = routes.createPackType.responses[201].parse(r.body).data;
    expect(p).toMatchObject({ name: '10 PT sessions', sessions: 10, validityDays: 60, pricePaise: 600_000, archived: false });
    ok(await t.call(tok.admin, 'POST', '/scheduling/packs/types', ten()), 201);
    for (const who of [tok.owner, tok.trainer, tok.m1]) {
      const list = routes.listPackTypes.responses[200].parse((await t.call(who, 'GET', '/scheduling/packs/types')).body).data;
      expect(list.map((x) => x.id)).toContain(p.id);
    }
  });

  it('trainers and members may not create or change them (403)', async () => {
    const p = ok<Pack>(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten()), 201);
    refused(await t.call(tok.trainer, 'POST', '/scheduling/packs/types', ten()), 403);
    refused(await t.call(tok.m1, 'POST', '/scheduling/packs/types', ten()), 403);
    refused(await t.call(tok.m1, 'PATCH', `/scheduling/packs/types/${p.id}`, { sessions: 99 }), 403);
  });

  it("another organization's pack type is not found (404) and not listed", async () => {
    const p = ok<Pack>(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten()), 201);
    refused(await t.call(tok.ownerB, 'PATCH', `/scheduling/packs/types/${p.id}`, { sessions: 1 }), 404, 'NOT_FOUND');
    const listB = ok<Pack[]>(await t.call(tok.ownerB, 'GET', '/scheduling/packs/types'));
    expect(listB.map((x) => x.id)).not.toContain(p.id);
    expect(ok<Pack>(await t.call(tok.owner, 'PATCH', `/scheduling/packs/types/${p.id}`, { sessions: 12 })).sessions).toBe(12);
  });

  it('archived ones are hidden, shown to managers who ask, and can be sold again', async () => {
    const p = ok<Pack>(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten()), 201);
    expect(ok<Pack>(await t.call(tok.owner, 'PATCH', `/scheduling/packs/types/${p.id}`, { archived: true })).archived).toBe(true);
    expect(ok<Pack[]>(await t.call(tok.m1, 'GET', '/scheduling/packs/types?includeArchived=true')).map((x) => x.id)).not.toContain(p.id);
    expect(ok<Pack[]>(await t.call(tok.owner, 'GET', '/scheduling/packs/types')).map((x) => x.id)).not.toContain(p.id);
    expect(ok<Pack[]>(await t.call(tok.owner, 'GET', '/scheduling/packs/types?includeArchived=true')).map((x) => x.id)).toContain(p.id);
    expect(ok<Pack>(await t.call(tok.owner, 'PATCH', `/scheduling/packs/types/${p.id}`, { archived: false })).archived).toBe(false);
  });

  it('bad input is a 400 naming the field; a name in use a 409; an empty change a 400', async () => {
    refused(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten({ sessions: 0 })), 400, undefined, /Sessions must be at least 1/);
    refused(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten({ validityDays: 2000 })), 400, undefined, /Validity/);
    refused(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten({ pricePaise: 12.5 })), 400, undefined, /Price must be whole paise/);
    refused(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten({ name: '' })), 400, undefined, /Name is required/);
    const p = ok<Pack>(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten()), 201);
    refused(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten({ name: p.name.toUpperCase() })), 409, 'CONFLICT');
    refused(await t.call(tok.owner, 'PATCH', `/scheduling/packs/types/${p.id}`, {}), 400, undefined, /Nothing to change/);
    refused(await t.call(tok.owner, 'PATCH', '/scheduling/packs/types/not-an-id', { sessions: 2 }), 400);
  });

  it('a Starter organization gets 402', async () => {
    refused(await t.call(tok.starter, 'GET', '/scheduling/packs/types'), 402, 'PLAN_UPGRADE_REQUIRED');
  });
});

// The harness's clock (scheduling's setup): the balance is read at this instant.
const NOW = '2030-03-11T00:00:00.000Z';
type Purchase = { id: string; status: string; memberId: string };
type Balance = { remaining: number; packs: { purchaseId: string; remaining: number; used: number; refunded: boolean; expired: boolean }[]; history: unknown[] };
const outboxOf = async (type: string) =>
  (await t.db.selectFrom('outbox').select('payload').execute())
    .map((o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as { type: string; data: Record<string, unknown> })
    .filter((e) => e.type === type);
const attended = (appointmentId: string, memberId: string) =>
  makeEnvelope(SchedulingEvents.AppointmentAttended, {
    orgId: orgA,
    locationId: L1,
    aggregateId: appointmentId,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: new Date().toISOString(),
    data: {
      appointmentId,
      locationId: L1,
      memberId,
      trainerId: randomUUID(),
      startsAt: '2030-03-12T04:30:00.000Z',
      endsAt: '2030-03-12T05:30:00.000Z',
      bookedBy: memberId,
    },
  });
const onAttended = (env: ReturnType<typeof attended>) => t.db.transaction().execute((trx) => packAppointmentHandlers[0]!.handle(trx, env));

describe('selling and buying packs, the balance', () => {
  it('a desk sale asks payments once (purchase_requested, SAC 999723); paid → credits; an attended session uses one, once; a refund removes the rest', async () => {
    const type = ok<Pack>(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten({ sessions: 3 })), 201);
    const sold = routes.sellPack.responses[201].parse(
      (await t.call(tok.owner, 'POST', '/scheduling/packs/sell', { packTypeId: type.id, memberId: m1, method: 'upi' })).body,
    ).data;
    expect(sold).toMatchObject({ memberId: m1, status: 'requested', sessions: 3, method: 'upi' });
    const asked = (await outboxOf('scheduling.purchase_requested')).filter((e) => e.data.purchaseId === sold.id);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.data).toMatchObject({
      kind: 'session_pack',
      method: 'upi',
      memberId: m1,
      lines: [{ hsn: '999723', kind: 'service', unitPricePaise: 600_000 }],
    });

    await t.db.transaction().execute((trx) => packPaid(trx, orgA, sold.id, randomUUID(), NOW));
    await t.db.transaction().execute((trx) => packPaid(trx, orgA, sold.id, randomUUID(), NOW));
    let b = ok<Balance>(await t.call(tok.m1, 'GET', '/scheduling/packs/balance'));
    expect(b.remaining).toBe(3);

    const appt = attended(randomUUID(), m1);
    await onAttended(appt);
    await onAttended(appt);
    b = ok<Balance>(await t.call(tok.trainer, 'GET', `/scheduling/packs/balance?memberId=${m1}`));
    expect(b.remaining).toBe(2);
    expect(b.history).toHaveLength(1);

    await t.db.transaction().execute((trx) => packRefunded(trx, orgA, sold.id, NOW));
    b = ok<Balance>(await t.call(tok.owner, 'GET', `/scheduling/packs/balance?memberId=${m1}`));
    expect(b.remaining).toBe(0);
    expect(b.packs.find((p) => p.purchaseId === sold.id)).toMatchObject({ used: 1, remaining: 0, refunded: true });
  });

  it('no credit: the session still counts, uncovered, and the balance shows 0', async () => {
    await onAttended(attended(randomUUID(), m2));
    const b = ok<Balance>(await t.call(tok.m2, 'GET', '/scheduling/packs/balance'));
    expect(b).toMatchObject({ remaining: 0 });
    expect(b.history).toHaveLength(1);
  });

  it('a member buys online for themself (method online); staff may not buy, members may not sell', async () => {
    const type = ok<Pack>(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten()), 201);
    const bought = ok<Purchase>(await t.call(tok.m1, 'POST', '/scheduling/packs/buy', { packTypeId: type.id }), 201);
    expect(bought).toMatchObject({ memberId: m1, status: 'requested' });
    expect((await outboxOf('scheduling.purchase_requested')).find((e) => e.data.purchaseId === bought.id)!.data).toMatchObject({ method: 'online' });
    refused(await t.call(tok.owner, 'POST', '/scheduling/packs/buy', { packTypeId: type.id }), 403);
    refused(await t.call(tok.m1, 'POST', '/scheduling/packs/sell', { packTypeId: type.id, memberId: m1, method: 'cash' }), 403);
  });

  it("across organizations and roles: another's member or pack type is not found; a member sees only their own balance; bad input 400", async () => {
    const type = ok<Pack>(await t.call(tok.owner, 'POST', '/scheduling/packs/types', ten()), 201);
    refused(await t.call(tok.owner, 'POST', '/scheduling/packs/sell', { packTypeId: type.id, memberId: mB, method: 'cash' }), 404);
    refused(await t.call(tok.ownerB, 'POST', '/scheduling/packs/sell', { packTypeId: type.id, memberId: mB, method: 'cash' }), 404);
    refused(await t.call(tok.ownerB, 'GET', `/scheduling/packs/balance?memberId=${m1}`), 404);
    refused(await t.call(tok.m2, 'GET', `/scheduling/packs/balance?memberId=${m1}`), 404);
    refused(await t.call(tok.owner, 'GET', '/scheduling/packs/balance'), 400);
    refused(
      await t.call(tok.owner, 'POST', '/scheduling/packs/sell', { packTypeId: type.id, memberId: m1, method: 'razorpay' }),
      400,
      undefined,
      /Method must be cash, upi or card/,
    );
    refused(
      await t.call(tok.owner, 'POST', '/scheduling/packs/sell', { packTypeId: 'x', memberId: m1, method: 'cash' }),
      400,
      undefined,
      /Pack type is not a valid id/,
    );
  });
});
