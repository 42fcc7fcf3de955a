import { MemberEvents, PaymentEvents, saleTotalsOf, topicOf, topicSpecs, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { bootInventory } from './setup.ts';

// The counter charges GST only where the location is GST-registered, as payments announces it through Kafka
// (payments.location_tax_settings_changed, consumed by inventory's real consumers); a buyer must be known from
// members' events (members.member_registered through Kafka) — an unknown one is a clear 404.
const orgA = randomUUID();
const REG = randomUUID();
const UNREG = randomUUID();
const UNKNOWN = randomUUID();
const ids = { admin: randomUUID() };
let t: Awaited<ReturnType<typeof bootInventory>>;
let consumers: RunningConsumer[] = [];
let admin: string;

beforeAll(async () => {
  t = await bootInventory('inventory_tax');
  await t.org(orgA, [REG, UNREG, UNKNOWN]);
  admin = await t.sign(orgA, 'admin', [REG, UNREG, UNKNOWN], ids.admin, 'Priya Shah');
  await t.runtime.bus.ensureTopics(topicSpecs().filter((s) => [topicOf('payments'), topicOf('members'), topicOf('trainers')].includes(s.topic)));
  consumers = await startConsumers({
    bus: t.runtime.bus,
    db: t.db,
    logger: t.runtime.logger,
    groups: { members: `${t.schema}.members`, trainers: `${t.schema}.trainers`, payments: `${t.schema}.payments` },
    startAt: 'now',
  });
}, 120_000);
afterAll(async () => {
  for (const c of consumers) await c.stop();
  await t?.runtime.bus.deleteGroups((g) => g.includes(t.schema)).catch(() => undefined);
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, ...(payload ? { payload } : {}) });
const publish = (topic: string, env: EventEnvelope) =>
  t.runtime.bus.publish([{ topic, key: env.aggregateId, value: JSON.stringify(env), headers: { 'event-id': env.eventId, 'event-type': env.type } }]);
const meta = (locationId: string) => ({
  orgId: orgA,
  locationId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date().toISOString(),
});
const taxSettings = (locationId: string, gstRegistered: boolean, occurredAt = new Date().toISOString()) =>
  makeEnvelope(PaymentEvents.LocationTaxSettingsChanged, {
    ...meta(locationId),
    aggregateId: locationId,
    occurredAt,
    data: { organizationId: orgA, locationId, gstRegistered, gstin: gstRegistered ? '27AAPFU0939F1ZV' : null, stateCode: '27', occurredAt },
  });
const announced = (locationId: string, registered: boolean) =>
  vi.waitUntil(
    async () => {
      const row = await t.db.selectFrom('location_tax').select('gst_registered').where('location_id', '=', locationId).executeTakeFirst();
      return row?.gst_registered === registered ? true : undefined;
    },
    { message: `tax settings of ${locationId}`, timeout: 30_000, interval: 100 },
  );

const whey = async (locationId: string) => {
  const res = await call('POST', '/inventory', {
    name: `Whey ${randomUUID().slice(0, 6)}`,
    category: 'supplement',
    locationId,
    isForSale: true,
    sellingPrice: 1250,
    hsn: '2106',
    gstRate: 18,
    reorderLevel: 0,
    initialStock: { quantity: 10, unitCost: 900 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
};
const sell = (locationId: string, itemId: string, buyer: object = { kind: 'walk_in' }) =>
  call('POST', '/pos/sales', { saleId: randomUUID(), locationId, buyer, lines: [{ itemId, quantity: 2 }], discount: 0, paymentMethod: 'cash' });

describe('GST at the counter follows the location’s registration', () => {
  it('an unregistered location sells at the taxable value (what its bill of supply says); a registered one adds GST', async () => {
    await publish(topicOf('payments'), taxSettings(UNREG, false));
    await publish(topicOf('payments'), taxSettings(REG, true));
    await announced(UNREG, false);
    await announced(REG, true);

    const unregItem = await whey(UNREG);
    const res = await sell(UNREG, unregItem);
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    // 2 × ₹1,250 = ₹2,500 taxable; no GST: the total is what payments' bill of supply invoices
    expect(sale.totals).toEqual({ taxable: 2500, discount: 0, gst: 0, total: 2500 });
    expect(sale.lines[0]).toMatchObject({ gstRate: 0, gst: 0, total: 2500 });
    const event = await t.db
      .selectFrom('outbox')
      .select('payload')
      .where('payload', '@>', JSON.stringify({ type: 'inventory.sale_completed', aggregateId: sale._id }) as never)
      .executeTakeFirstOrThrow();
    const data = (typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload).data;
    expect(data.totals).toEqual({ taxablePaise: 250_000, discountPaise: 0, gstPaise: 0, totalPaise: 250_000 });
    expect(saleTotalsOf(data.lines)).toEqual(data.totals);
    // the counter screen and the member shop show the same rate and price
    expect((await call('GET', `/inventory/${unregItem}`)).json().data).toMatchObject({ gstRate: 18, chargedGstRate: 0 });

    const regItem = await whey(REG);
    const reg = await sell(REG, regItem);
    expect(reg.statusCode, reg.body).toBe(201);
    expect(reg.json().data.totals).toEqual({ taxable: 2500, discount: 0, gst: 450, total: 2950 });
    expect((await call('GET', `/inventory/${regItem}`)).json().data).toMatchObject({ gstRate: 18, chargedGstRate: 18 });

    // a location payments never announced charges the item's rate (payments records such a sale with its own figures)
    const unknownItem = await whey(UNKNOWN);
    const unknown = await call('POST', `/inventory/${unknownItem}/sell`, { saleId: randomUUID(), quantity: 2, discount: 0, paymentMethod: 'cash' });
    expect(unknown.statusCode, unknown.body).toBe(201);
    expect(unknown.json().data.totals.total).toBe(2950);
  });

  it('a later registration turns GST on; an older change delivered late does not undo a newer one', async () => {
    await publish(topicOf('payments'), taxSettings(UNREG, true, '2099-01-01T00:00:00.000Z'));
    await announced(UNREG, true);
    await publish(topicOf('payments'), taxSettings(UNREG, false, '2098-01-01T00:00:00.000Z'));
    // the late, older change is consumed (the marker after it arrives) and changes nothing
    await publish(topicOf('payments'), taxSettings(REG, true, '2099-01-02T00:00:00.000Z'));
    await vi.waitUntil(
      async () => {
        const row = await t.db.selectFrom('location_tax').select('updated_at').where('location_id', '=', REG).executeTakeFirst();
        return row && row.updated_at.toISOString().startsWith('2099') ? true : undefined;
      },
      { message: 'the marker', timeout: 30_000, interval: 100 },
    );
    const row = await t.db.selectFrom('location_tax').selectAll().where('location_id', '=', UNREG).executeTakeFirstOrThrow();
    expect(row.gst_registered).toBe(true);
    const res = await sell(UNREG, await whey(UNREG));
    expect(res.json().data.totals.total).toBe(2950);
  });
});

describe('a member buyer comes from members’ events', () => {
  it('an unknown member is a clear 404 with nothing sold; once members announces them the same sale works', async () => {
    const itemId = await whey(REG);
    const memberId = randomUUID();
    const before = await sell(REG, itemId, { kind: 'member', memberId });
    expect(before.statusCode, before.body).toBe(404);
    expect(before.json().message).toMatch(/Member not found/);
    expect((await call('GET', `/inventory/${itemId}`)).json().data.quantity).toBe(10);

    await publish(
      topicOf('members'),
      makeEnvelope(MemberEvents.MemberRegistered, {
        ...meta(REG),
        aggregateId: memberId,
        data: {
          memberId,
          locationId: REG,
          firstName: 'Ravi',
          lastName: 'Kumar',
          email: 'ravi@example.com',
          phone: '+919800000001',
          membershipType: 'basic',
          paymentFrequency: 'monthly',
          feePaise: 150_000,
          startDate: '2026-05-01',
          endDate: '2026-05-31',
        },
      }),
    );
    await vi.waitUntil(async () => (await t.db.selectFrom('people').select('id').where('id', '=', memberId).executeTakeFirst()) ?? undefined, {
      message: 'the member',
      timeout: 30_000,
      interval: 100,
    });
    const after = await sell(REG, itemId, { kind: 'member', memberId });
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().data.buyer).toMatchObject({ kind: 'member', memberId, name: 'Ravi Kumar' });

    await publish(topicOf('members'), makeEnvelope(MemberEvents.MemberArchived, { ...meta(REG), aggregateId: memberId, data: { memberId } }));
    await vi.waitUntil(
      async () => {
        const p = await t.db.selectFrom('people').select(['archived', 'status']).where('id', '=', memberId).executeTakeFirst();
        return p?.archived && p.status === 'archived' ? true : undefined;
      },
      { message: 'the archive', timeout: 30_000, interval: 100 },
    );
    const archived = await sell(REG, itemId, { kind: 'member', memberId });
    expect(archived.statusCode, archived.body).toBe(409);
  });

  it('a member of another organization is the same 404 (no leak)', async () => {
    const other = randomUUID();
    await t.person(other, randomUUID(), 'member', REG, 'Other Gym Member');
    const res = await sell(REG, await whey(REG), { kind: 'member', memberId: other });
    expect(res.statusCode, res.body).toBe(404);
  });
});
