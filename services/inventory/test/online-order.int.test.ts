import { InventoryEvents, inventoryRoutes as r, PaymentEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidSales, UNPAID_ORDER_MINUTES } from '../src/app/online-sales.ts';
import { paymentHandlers } from '../src/consumers/payments.ts';
import { bootInventory } from './setup.ts';

// A member's own order (paid online): sale_payment_requested → the payment's id → its capture completes the sale;
// an order left unpaid for 30 minutes is cancelled and its stock returned. Payments' answers are delivered to the
// handlers directly (each twice, and re-sent with new ids), as the consumer would.
const orgA = randomUUID();
const L1 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
const ids = { admin: randomUUID(), member: randomUUID(), adminB: randomUUID() };
let t: Awaited<ReturnType<typeof bootInventory>>;
let tok: Record<keyof typeof ids, string>;

beforeAll(async () => {
  t = await bootInventory('inventory_online');
  await t.org(orgA, [L1]);
  await t.org(orgB, [LB]);
  await t.person(ids.member, orgA, 'member', L1, 'Asha Rao');
  tok = {
    admin: await t.sign(orgA, 'admin', [L1], ids.admin, 'Priya Shah'),
    member: await t.sign(orgA, 'member', [L1], ids.member, 'Asha Rao'),
    adminB: await t.sign(orgB, 'admin', [LB], ids.adminB),
  };
}, 120_000);
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const outbox = async (type: string) =>
  (
    await t.db
      .selectFrom('outbox')
      .select('payload')
      .where('payload', '@>', JSON.stringify({ type }) as never)
      .execute()
  ).map((o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as EventEnvelope<Record<string, unknown>>);
const deliver = (env: EventEnvelope) =>
  t.db.transaction().execute(async (trx) => {
    for (const h of paymentHandlers()) if (h.type === env.type) await h.handle(trx, env);
  });
const meta = () => ({ orgId: orgA, locationId: L1, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: '2026-05-10T06:35:00.000Z' });
const itemOf = async (id: string) =>
  (await call('GET', `/inventory/${id}`, tok.admin)).json().data as {
    quantity: number;
    batches: { batchNo: string; quantity: number; expiryDate: string | null }[];
  };
const saleOf = async (id: string, token = tok.member) => r.posGetSale.responses[200].parse((await call('GET', `/pos/sales/${id}`, token)).json()).data;

const towel = async (quantity = 3) => {
  const res = await call('POST', '/inventory', tok.admin, {
    name: `Gym towel ${randomUUID().slice(0, 6)}`,
    category: 'accessory',
    locationId: L1,
    isForSale: true,
    sellingPrice: 300,
    hsn: '6302',
    gstRate: 5,
    reorderLevel: 0,
    initialStock: { quantity, unitCost: 150, expiryDate: '2027-03-31', batchNo: 'T-1' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
};
const order = async (itemId: string, quantity: number) => {
  const saleId = randomUUID();
  const res = await call('POST', '/pos/orders', tok.member, { saleId, lines: [{ itemId, quantity }] });
  expect(res.statusCode, res.body).toBe(201);
  return saleId;
};
const completed = (saleId: string, paymentId: string, o: { source?: 'staff' } = {}) =>
  makeEnvelope(PaymentEvents.PaymentCompleted, {
    ...meta(),
    aggregateId: paymentId,
    occurredAt: '2026-05-10T06:40:00.000Z',
    data: {
      paymentId,
      organizationId: orgA,
      locationId: L1,
      category: 'other',
      type: 'product_sale',
      status: 'completed',
      memberId: ids.member,
      memberName: 'Asha Rao',
      trainerId: null,
      trainerName: '',
      amountPaise: 60_000,
      gstPaise: 3_000,
      totalPaise: 63_000,
      refundedPaise: 0,
      method: 'razorpay',
      description: 'Order',
      membershipType: null,
      membershipPeriod: null,
      paymentFrequency: null,
      salaryPeriod: null,
      dueDate: '2026-05-10',
      source: 'pos',
      sourceId: saleId,
      occurredAt: '2026-05-10T06:40:00.000Z',
      ...o,
      paidAt: '2026-05-10T06:40:00.000Z',
      completedVia: 'online',
      razorpayPaymentId: 'pay_1',
      razorpayOrderId: 'order_1',
    },
  });

describe('a member’s order paid online', () => {
  it('asks for its payment, shows it once created, completes on the capture once, and gets its invoice', async () => {
    const itemId = await towel();
    const saleId = await order(itemId, 2);
    expect((await itemOf(itemId)).quantity).toBe(1);

    // the payment request, in the sale's own transaction, with the sale's lines and totals (and no sale_completed)
    const requested = (await outbox('inventory.sale_payment_requested')).filter((e) => e.aggregateId === saleId);
    expect(requested).toHaveLength(1);
    const data = InventoryEvents.SalePaymentRequested.data.parse(requested[0]!.data);
    expect(data).toMatchObject({
      saleId,
      organizationId: orgA,
      locationId: L1,
      buyer: { kind: 'member', memberId: ids.member, name: 'Asha Rao' },
      paymentMethod: 'razorpay',
      totals: { taxablePaise: 60_000, discountPaise: 0, gstPaise: 3_000, totalPaise: 63_000 },
      soldBy: ids.member,
    });
    expect(data.lines).toEqual([expect.objectContaining({ itemId, hsn: '6302', quantity: 2, unitPricePaise: 30_000, gstRatePercent: 5, kind: 'goods' })]);
    expect((await outbox('inventory.sale_completed')).filter((e) => e.aggregateId === saleId)).toHaveLength(0);
    expect((await saleOf(saleId)).onlinePayment).toBeNull();

    // payments made the pending payment: the sale shows it (Pay now); redelivery or another id changes nothing
    const paymentId = randomUUID();
    const created = makeEnvelope(PaymentEvents.SalePaymentCreated, { ...meta(), aggregateId: paymentId, data: { saleId, organizationId: orgA, paymentId } });
    await deliver(created);
    await deliver(created);
    await deliver(
      makeEnvelope(PaymentEvents.SalePaymentCreated, { ...meta(), aggregateId: paymentId, data: { saleId, organizationId: orgA, paymentId: randomUUID() } }),
    );
    expect(await saleOf(saleId)).toMatchObject({ status: 'awaiting_payment', onlinePayment: { paymentId }, completedAt: null });
    // another organization's event for this sale changes nothing
    await deliver(
      makeEnvelope(PaymentEvents.SalePaymentCreated, {
        ...meta(),
        orgId: orgB,
        aggregateId: paymentId,
        data: { saleId, organizationId: orgB, paymentId: randomUUID() },
      }),
    );
    expect((await saleOf(saleId)).onlinePayment).toEqual({ paymentId });
    expect((await call('GET', `/pos/sales/${saleId}`, tok.adminB)).statusCode).toBe(404);

    // another payment, or a payment not from the point of sale, completes nothing
    await deliver(completed(saleId, randomUUID()));
    await deliver(completed(saleId, paymentId, { source: 'staff' }));
    expect((await saleOf(saleId)).status).toBe('awaiting_payment');

    // the capture: completed once, stock untouched, sale_completed as for a desk sale
    const paid = completed(saleId, paymentId);
    await deliver(paid);
    await deliver(paid);
    await deliver(completed(saleId, paymentId));
    const sale = await saleOf(saleId);
    expect(sale).toMatchObject({ status: 'completed', completedAt: '2026-05-10T06:40:00.000Z', onlinePayment: { paymentId }, invoice: null });
    expect((await itemOf(itemId)).quantity).toBe(1);
    const done = (await outbox('inventory.sale_completed')).filter((e) => e.aggregateId === saleId);
    expect(done).toHaveLength(1);
    expect(InventoryEvents.SaleCompleted.data.parse(done[0]!.data)).toEqual({ ...data, occurredAt: '2026-05-10T06:40:00.000Z' });

    // the invoice from payments
    const invoiceId = randomUUID();
    await deliver(
      makeEnvelope(PaymentEvents.SaleInvoiced, {
        ...meta(),
        aggregateId: paymentId,
        data: {
          saleId,
          organizationId: orgA,
          locationId: L1,
          paymentId,
          invoiceId,
          invoiceNumber: 'POS/2026-27/0001',
          totalPaise: 63_000,
          occurredAt: '2026-05-10T06:40:01.000Z',
        },
      }),
    );
    expect((await saleOf(saleId)).invoice).toEqual({ invoiceId, number: 'POS/2026-27/0001', paymentId });
  });

  it(`an order unpaid for ${UNPAID_ORDER_MINUTES} minutes is cancelled once (two jobs at once) and its stock returned to its batch`, async () => {
    const itemId = await towel(2);
    const saleId = await order(itemId, 2);
    const paymentId = randomUUID();
    await deliver(makeEnvelope(PaymentEvents.SalePaymentCreated, { ...meta(), aggregateId: paymentId, data: { saleId, organizationId: orgA, paymentId } }));
    expect((await itemOf(itemId)).batches).toEqual([]);
    const start = t.time.now;
    try {
      t.time.now = start + (UNPAID_ORDER_MINUTES - 1) * 60_000;
      expect(await expireUnpaidSales(t.deps)).toBe(0);
      expect((await saleOf(saleId)).status).toBe('awaiting_payment');

      t.time.now = start + (UNPAID_ORDER_MINUTES + 1) * 60_000;
      const runs = await Promise.all([expireUnpaidSales(t.deps), expireUnpaidSales(t.deps)]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await expireUnpaidSales(t.deps)).toBe(0);
    } finally {
      t.time.now = start;
    }
    expect((await saleOf(saleId)).status).toBe('cancelled');
    const item = await itemOf(itemId);
    expect(item.quantity).toBe(2);
    expect(item.batches.map((b) => [b.batchNo, b.quantity, b.expiryDate])).toEqual([['T-1', 2, '2027-03-31']]);
    const cancelled = (await outbox('inventory.sale_cancelled')).filter((e) => e.aggregateId === saleId);
    expect(cancelled).toHaveLength(1);
    expect(InventoryEvents.SaleCancelled.data.parse(cancelled[0]!.data)).toMatchObject({ saleId, organizationId: orgA, locationId: L1 });
    const moves = (await call('GET', `/inventory/${itemId}/movements`, tok.admin)).json().data as { kind: string; quantityChange: number }[];
    expect(moves.filter((m) => m.kind === 'sale_cancelled').map((m) => m.quantityChange)).toEqual([2]);

    // a capture arriving after the cancellation completes nothing
    await deliver(completed(saleId, paymentId));
    expect((await saleOf(saleId)).status).toBe('cancelled');
    expect((await outbox('inventory.sale_completed')).filter((e) => e.aggregateId === saleId)).toHaveLength(0);
  });
});
