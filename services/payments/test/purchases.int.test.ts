// The purchase pipeline (scheduling → payments): a session pack or event ticket bought from scheduling becomes exactly
// one payment per purchaseId — completed at once for a desk method, pending for online (paid with Checkout through the
// REAL SDK against the local Razorpay stand-in) — cancelled while unpaid, refunded when asked (through Razorpay for an
// online one, recorded for a desk one), every answer on the payments topic with source `scheduling`.
import { paymentsRoutes, saleTotalsOf, SchedulingEvents, topicOf, type EventEnvelope, type Role } from '@akhada/contracts';
import { startRazorpayStandin, type RazorpayStandin } from '@akhada/infra/standins';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { razorpayPort } from '../src/adapters/razorpay-port.ts';
import { purchasePaymentId, purchaseRefundKey, refundPurchases } from '../src/consumers/purchases.ts';
import { upsertLocationTaxSettings } from '../src/db/tax-settings-repo.ts';
import { bootPayments } from './setup.ts';

const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID();
const ownerId = randomUUID();
const staffId = randomUUID();
const memberAsha = randomUUID();
const clock = () => new Date();

let standin: RazorpayStandin;
let svc: Awaited<ReturnType<typeof bootPayments>>;
let app: typeof svc.app;
let online: Parameters<typeof refundPurchases>[0];
let token: Record<'ownerA' | 'memberAsha', string>;

beforeAll(async () => {
  standin = await startRazorpayStandin({ port: 0 });
  svc = await bootPayments('payments_purch', { clock, razorpay: razorpayPort(standin.url), checkoutScriptUrl: standin.checkoutUrl, consumers: 'online' });
  app = svc.app;
  const sign = (role: Role, userId: string) => svc.keys.sign({ orgId: orgA, role, locationIds: [L1], userId });
  token = { ownerA: await sign('owner', ownerId), memberAsha: await sign('member', memberAsha) };
  await upsertLocationTaxSettings(svc.db, {
    location_id: L1,
    org_id: orgA,
    gst_registered: true,
    gstin: '27AAPFU0939F1ZV',
    state_code: '27',
    legal_name: 'Akhada Fitness',
    address: 'Baner, Pune',
    invoice_prefix: 'PT',
  });
  await svc.db
    .insertInto('pay_members')
    .values({
      id: memberAsha,
      org_id: orgA,
      location_id: L1,
      first_name: 'Asha',
      last_name: 'Patil',
      email: 'asha@example.in',
      phone: '+91 90000 00000',
      membership_type: 'premium',
      payment_frequency: 'monthly',
      fee_paise: 250_000,
      start_date: '2026-10-25',
      end_date: '2026-12-25',
      status: 'active',
      trainer_id: null,
      locale: null,
      updated_at: new Date(),
    })
    .execute();
  const put = await call('ownerA', 'PUT', '/payments/integrations/razorpay', {
    keyId: standin.keyId,
    keySecret: standin.keySecret,
    webhookSecret: standin.webhookSecret,
  });
  expect(put.statusCode, put.body).toBe(200);
  online = svc.deps;
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await standin?.stop();
});

const call = (who: 'ownerA' | 'memberAsha', method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token[who]}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });

type Out = { type: string; data: Record<string, unknown> };
const outbox = async (): Promise<Out[]> =>
  (await svc.db.selectFrom('outbox').select('payload').orderBy('id').execute()).map(
    (o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as Out,
  );
const ofPurchase = async (type: string, purchaseId: string) =>
  (await outbox()).filter((e) => e.type === type && (e.data.purchaseId === purchaseId || e.data.sourceId === purchaseId));
const paymentsOf = (purchaseId: string) => svc.db.selectFrom('payments').selectAll().where('source_id', '=', purchaseId).execute();
const publish = (key: string, ...envs: EventEnvelope[]) =>
  svc.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf('scheduling'), key, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const razorpay = () => razorpayPort(standin.url).client({ keyId: standin.keyId, keySecret: standin.keySecret });
const refundCalls = () => standin.calls().filter((c) => c.method === 'POST' && /^\/v1\/payments\/[^/]+\/refund$/.test(c.path) && c.status === 200);

// 10 PT sessions, ₹6,000 before GST; the location is registered: 5 % on a day after 22 Sep 2025.
const line = {
  itemId: randomUUID(),
  name: '10 PT sessions',
  hsn: SchedulingEvents.PURCHASE_SAC,
  quantity: 1,
  unitPricePaise: 600_000,
  discountPaise: 0,
  gstRatePercent: 5,
  kind: 'service' as const,
};
const meta = (purchaseId: string, orgId = orgA) => ({
  orgId,
  locationId: L1,
  aggregateId: purchaseId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date().toISOString(),
});
const requested = (purchaseId: string, method: SchedulingEvents.PurchaseMethod, orgId = orgA) =>
  makeEnvelope(SchedulingEvents.PurchaseRequested, {
    ...meta(purchaseId, orgId),
    data: {
      purchaseId,
      organizationId: orgA,
      locationId: L1,
      memberId: memberAsha,
      memberName: 'Asha P',
      kind: 'session_pack',
      description: 'Session pack: 10 PT sessions',
      lines: [line],
      totals: saleTotalsOf([line]),
      method,
      requestedBy: method === 'online' ? memberAsha : staffId,
      occurredAt: new Date().toISOString(),
    },
  });
const refundAsked = (purchaseId: string) =>
  makeEnvelope(SchedulingEvents.PurchaseRefundRequested, {
    ...meta(purchaseId),
    data: { purchaseId, organizationId: orgA, locationId: L1, reason: 'Event cancelled', requestedBy: ownerId, occurredAt: new Date().toISOString() },
  });
const cancelled = (purchaseId: string) =>
  makeEnvelope(SchedulingEvents.PurchaseCancelled, {
    ...meta(purchaseId),
    data: { purchaseId, organizationId: orgA, locationId: L1, reason: 'Hold lapsed', occurredAt: new Date().toISOString() },
  });
/** How long the consumers get to handle what a test published (polled with expect.poll). */
const handled = (message: string) => ({ timeout: 30_000, interval: 100, message });

describe('scheduling.purchase_requested', () => {
  it('a desk purchase delivered twice and re-sent is one completed payment (GST by the rule, source scheduling) and one purchase_payment_created', async () => {
    const purchaseId = randomUUID();
    const first = requested(purchaseId, 'upi');
    await publish(purchaseId, first, first, requested(purchaseId, 'upi'));
    // a sentinel after them on the same key: once it is recorded, everything before it was handled
    const sentinel = randomUUID();
    await publish(purchaseId, requested(sentinel, 'cash'));
    await expect.poll(async () => (await paymentsOf(sentinel)).length > 0, handled('the sentinel')).toBe(true);

    const rows = await paymentsOf(purchaseId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: purchasePaymentId(orgA, purchaseId),
      status: 'completed',
      source: 'scheduling',
      category: 'member',
      type: 'personal_training',
      member_id: memberAsha,
      member_name: 'Asha Patil',
      method: 'upi',
    });
    expect(Number(rows[0]!.amount_paise)).toBe(600_000);
    expect(Number(rows[0]!.gst_paise)).toBe(30_000);
    expect(Number(rows[0]!.total_paise)).toBe(630_000);
    const created = await ofPurchase('payments.purchase_payment_created', purchaseId);
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({ status: 'completed', totalPaise: 630_000, paymentId: purchasePaymentId(orgA, purchaseId) });
    expect(await ofPurchase('payments.payment_completed', purchaseId)).toHaveLength(1);
  });

  it('an event ticket is charged the event-admission rate (18 %), not the gym-service one', async () => {
    const purchaseId = randomUUID();
    const ticketLine = { ...line, name: 'Ticket: Sunday run', hsn: SchedulingEvents.EVENT_TICKET_SAC, unitPricePaise: 50_000, gstRatePercent: 18 };
    const env = requested(purchaseId, 'online');
    await publish(purchaseId, {
      ...env,
      data: { ...env.data, kind: 'event_ticket', description: 'Ticket: Sunday run', lines: [ticketLine], totals: saleTotalsOf([ticketLine]) },
    });
    await expect.poll(async () => (await paymentsOf(purchaseId))[0], handled('the ticket payment')).toBeDefined();
    const [row] = await paymentsOf(purchaseId);
    expect(row).toMatchObject({ status: 'pending', type: 'other', method: 'razorpay' });
    expect([Number(row!.amount_paise), Number(row!.gst_paise), Number(row!.total_paise)]).toEqual([50_000, 9_000, 59_000]);
  });

  it("an envelope of another organization than the purchase's records nothing", async () => {
    const purchaseId = randomUUID();
    await publish(purchaseId, requested(purchaseId, 'cash', orgB));
    const sentinel = randomUUID();
    await publish(purchaseId, requested(sentinel, 'cash'));
    await expect.poll(async () => (await paymentsOf(sentinel)).length > 0, handled('the sentinel')).toBe(true);
    expect(await paymentsOf(purchaseId)).toEqual([]);
  });

  it('online: a pending payment the member pays with Checkout; a refund request refunds it once through Razorpay', async () => {
    const purchaseId = randomUUID();
    const paymentId = purchasePaymentId(orgA, purchaseId);
    await publish(purchaseId, requested(purchaseId, 'online'));
    await expect.poll(async () => (await ofPurchase('payments.purchase_payment_created', purchaseId)).length > 0, handled('the pending payment')).toBe(true);
    expect((await ofPurchase('payments.purchase_payment_created', purchaseId))[0]!.data).toMatchObject({ status: 'pending', totalPaise: 630_000 });
    expect(await ofPurchase('payments.payment_completed', purchaseId)).toEqual([]);

    const o = await call('memberAsha', 'POST', '/payments/razorpay/create-order', { paymentId });
    expect(o.statusCode, o.body).toBe(201);
    const orderId = (o.json().data as { orderId: string }).orderId;
    const res = await fetch(`${standin.url}/v1/checkout/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: standin.keyId, order_id: orderId, method: 'upi', outcome: 'success', email: 'asha@example.in', contact: '+919876543210' }),
    });
    expect(res.status).toBe(200);
    const paid = (await res.json()) as { razorpay_payment_id: string };
    const v = await call('memberAsha', 'POST', '/payments/razorpay/verify', paid);
    expect(v.statusCode, v.body).toBe(200);
    const completed = await ofPurchase('payments.payment_completed', purchaseId);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toMatchObject({ source: 'scheduling', sourceId: purchaseId, completedVia: 'online' });

    const ask = refundAsked(purchaseId);
    await publish(purchaseId, ask, ask);
    // The consumer only records the request: Razorpay is not called inside its transaction.
    await expect
      .poll(
        () => svc.db.selectFrom('purchase_refunds').selectAll().where('purchase_id', '=', purchaseId).where('status', '=', 'requested').executeTakeFirst(),
        handled('the refund request'),
      )
      .toBeDefined();
    expect(refundCalls().filter((c) => c.path === `/v1/payments/${paid.razorpay_payment_id}/refund`)).toHaveLength(0);
    // A run that asked Razorpay and died before it recorded the refund: the next runs (two at once) get the same
    // refund back for the same idempotency key, and record it once — never a second refund, never stuck refused.
    const early = await razorpay().payments.refund(
      paid.razorpay_payment_id,
      { amount: 630_000, notes: { paymentId, purchaseId, reason: 'Event cancelled' } },
      { idempotencyKey: purchaseRefundKey(paymentId) },
    );
    await Promise.all([refundPurchases(online), refundPurchases(online)]);
    await refundPurchases(online);
    const sentinel = randomUUID();
    await publish(purchaseId, requested(sentinel, 'cash'));
    await expect.poll(async () => (await paymentsOf(sentinel)).length > 0, handled('the sentinel')).toBe(true);
    const atRazorpay = (await (
      await fetch(`${standin.url}/v1/payments/${paid.razorpay_payment_id}`, {
        headers: { authorization: `Basic ${Buffer.from(`${standin.keyId}:${standin.keySecret}`).toString('base64')}` },
      })
    ).json()) as { amount_refunded: number };
    expect(atRazorpay.amount_refunded).toBe(630_000);
    const refunded = await ofPurchase('payments.payment_refunded', purchaseId);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data).toMatchObject({ refundId: early.id });
    expect(await svc.db.selectFrom('purchase_refunds').select('status').where('payment_id', '=', paymentId).executeTakeFirst()).toEqual({
      status: 'done',
    });
    expect(refunded[0]!.data).toMatchObject({ fully: true, refundPaise: 630_000, reason: 'Event cancelled', source: 'scheduling', sourceId: purchaseId });
    const p = paymentsRoutes.get.responses[200].parse((await call('ownerA', 'GET', `/payments/${paymentId}`)).json()).data;
    expect(p).toMatchObject({ status: 'refunded', refundedAmount: 6300 });
  });

  it('a desk purchase refunded is recorded refunded without Razorpay; an unpaid online one is cancelled, and a refund of it refunds nothing', async () => {
    const desk = randomUUID();
    await publish(desk, requested(desk, 'cash'), refundAsked(desk));
    await expect.poll(async () => (await ofPurchase('payments.payment_refunded', desk)).length > 0, handled('the desk refund')).toBe(true);
    expect((await ofPurchase('payments.payment_refunded', desk))[0]!.data).toMatchObject({ fully: true, refundPaise: 630_000, method: 'cash' });
    const before = refundCalls().length;

    const online = randomUUID();
    await publish(online, requested(online, 'online'), cancelled(online), refundAsked(online));
    await expect.poll(async () => (await ofPurchase('payments.payment_cancelled', online)).length > 0, handled('the cancellation')).toBe(true);
    const sentinel = randomUUID();
    await publish(online, requested(sentinel, 'cash'));
    await expect.poll(async () => (await paymentsOf(sentinel)).length > 0, handled('the sentinel')).toBe(true);
    expect((await paymentsOf(online))[0]).toMatchObject({ status: 'cancelled' });
    expect(await ofPurchase('payments.payment_refunded', online)).toEqual([]);
    expect(refundCalls().length).toBe(before);
  });
});
