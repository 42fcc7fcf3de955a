// A member-shop order that expired (inventory.sale_cancelled) before its Razorpay payment was captured: the capture is
// recorded, the whole amount is refunded through the REAL SDK against the local stand-in, once, whether the capture
// arrives by the webhook, by verify, or both; the payment ends refunded with its reason and the member is told (the
// payments.payment_refunded event with afterCancel, which notifications turns into its own words).
import { paymentsRoutes, SaleCancelled, SalePaymentRequested, saleTotalsOf, type Role } from '@akhada/contracts';
import { startRazorpayStandin, type RazorpayStandin } from '@akhada/infra/standins';
import { makeEnvelope } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { razorpayPort } from '../src/adapters/razorpay-port.ts';
import { createSecretBox } from '../src/adapters/secret-box.ts';
import { refundLateCaptures } from '../src/app/online.ts';
import { onSaleCancelled, onSalePaymentRequested, salePaymentId } from '../src/consumers/sales.ts';
import { bootPayments } from './setup.ts';

const orgA = randomUUID();
const L1 = randomUUID();
const ownerId = randomUUID();
const memberAsha = randomUUID();
const START = Date.parse('2026-11-20T04:30:00Z');
let ticks = 0;
const clock = () => new Date(START + ticks++ * 1000);

let standin: RazorpayStandin;
let svc: Awaited<ReturnType<typeof bootPayments>>;
let app: typeof svc.app;
let token: Record<'ownerA' | 'memberAsha', string>;

beforeAll(async () => {
  standin = await startRazorpayStandin({ port: 0 });
  svc = await bootPayments('payments_late', { clock, razorpay: razorpayPort(standin.url), checkoutScriptUrl: standin.checkoutUrl });
  app = svc.app;
  const sign = (role: Role, userId: string) => svc.keys.sign({ orgId: orgA, role, locationIds: [L1], userId });
  token = { ownerA: await sign('owner', ownerId), memberAsha: await sign('member', memberAsha) };
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
      updated_at: new Date(START),
    })
    .execute();
  const put = await call('ownerA', 'PUT', '/payments/integrations/razorpay', {
    keyId: standin.keyId,
    keySecret: standin.keySecret,
    webhookSecret: standin.webhookSecret,
  });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await standin?.stop();
});

const call = (who: 'ownerA' | 'memberAsha', method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token[who]}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });

type OutboxEvent = { type: string; data: Record<string, unknown> };
const outbox = async (paymentId: string): Promise<OutboxEvent[]> =>
  (await svc.db.selectFrom('outbox').select('payload').where('key', '=', paymentId).orderBy('id').execute()).map((r) => r.payload as OutboxEvent);

const refundCalls = () => standin.calls().filter((c) => c.method === 'POST' && /^\/v1\/payments\/[^/]+\/refund$/.test(c.path) && c.status === 200);

/** A stand-in webhook delivered to the service exactly as Razorpay posts it (raw body, signature, delivery id). */
const deliver = (event: string, razorpayPaymentId: string) => {
  const d = standin.webhooks().find((w) => w.event === event && w.body.includes(`"${razorpayPaymentId}"`));
  if (!d) throw new Error(`no ${event} webhook for ${razorpayPaymentId}`);
  return app.inject({
    method: 'POST',
    url: '/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': d.signature, 'x-razorpay-event-id': d.eventId },
    payload: d.body,
  });
};

/** What Checkout does when the member presses Pay: the stand-in captures and answers the signed ids. */
const payAsCheckout = async (orderId: string) => {
  const res = await fetch(`${standin.url}/v1/checkout/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key_id: standin.keyId, order_id: orderId, method: 'upi', outcome: 'success', email: 'asha@example.in', contact: '+919876543210' }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
};

/** A member's shop order (₹630: two towels at 5%) that Checkout was opened for, then expired and was cancelled. */
const expiredOrder = async () => {
  const saleId = randomUUID();
  const paymentId = salePaymentId(orgA, saleId);
  const line = {
    itemId: randomUUID(),
    name: 'Gym towel',
    hsn: '6302',
    quantity: 2,
    unitPricePaise: 30_000,
    discountPaise: 0,
    gstRatePercent: 5,
    kind: 'goods' as const,
  };
  const meta = { orgId: orgA, locationId: L1, aggregateId: saleId, correlationId: randomUUID(), causationId: randomUUID() };
  const requested = makeEnvelope(SalePaymentRequested, {
    ...meta,
    occurredAt: '2026-11-20T05:00:00.000Z',
    data: {
      saleId,
      organizationId: orgA,
      locationId: L1,
      buyer: { kind: 'member', memberId: memberAsha, name: 'Asha' },
      lines: [line],
      paymentMethod: 'razorpay',
      totals: saleTotalsOf([line]),
      soldBy: memberAsha,
      occurredAt: '2026-11-20T05:00:00.000Z',
    },
  });
  await svc.db.transaction().execute((trx) => onSalePaymentRequested().handle(trx, requested));
  const o = await call('memberAsha', 'POST', '/payments/razorpay/create-order', { paymentId });
  expect(o.statusCode, o.body).toBe(201);
  const orderId = (o.json().data as { orderId: string }).orderId;
  const cancelled = makeEnvelope(SaleCancelled, {
    ...meta,
    occurredAt: '2026-11-20T05:30:00.000Z',
    data: { saleId, organizationId: orgA, locationId: L1, reason: 'expired', occurredAt: '2026-11-20T05:30:00.000Z' },
  });
  await svc.db.transaction().execute((trx) => onSaleCancelled().handle(trx, cancelled));
  expect((await call('ownerA', 'GET', `/payments/${paymentId}`)).json().data.status).toBe('cancelled');
  return { saleId, paymentId, orderId };
};

const expectRefundedOnce = async (paymentId: string, razorpayPaymentId: string) => {
  const refunds = refundCalls().filter((c) => c.path === `/v1/payments/${razorpayPaymentId}/refund`);
  expect(refunds).toHaveLength(1);
  expect(refunds[0]!.body).toMatchObject({ amount: 63_000 });
  const rows = await svc.db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ reason: 'Order expired before payment', status: 'processed' });
  expect(Number(rows[0]!.amount_paise)).toBe(63_000);
  expect(rows[0]!.razorpay_refund_id).toMatch(/^rfnd_/);
  const events = await outbox(paymentId);
  expect(events.filter((e) => e.type === 'payments.payment_completed')).toEqual([]);
  const refunded = events.filter((e) => e.type === 'payments.payment_refunded');
  expect(refunded).toHaveLength(1);
  expect(refunded[0]!.data).toMatchObject({
    afterCancel: true,
    fully: true,
    refundPaise: 63_000,
    reason: 'Order expired before payment',
    status: 'refunded',
    memberId: memberAsha,
    source: 'pos',
  });
  const p = paymentsRoutes.get.responses[200].parse((await call('ownerA', 'GET', `/payments/${paymentId}`)).json()).data;
  expect(p).toMatchObject({ status: 'refunded', totalAmount: 630, refundedAmount: 630, notes: 'Order expired before payment', refundedAfterExpiry: true });
  expect(p.history.map((h) => h.action)).toEqual(['recorded', 'cancelled', 'captured_online', 'refunded']);
  // Received and given back: counted in the figures as paid when it arrived and refunded (net 0), never as only a refund.
  expect(p.paidAt).not.toBeNull();
  expect(p.history.at(-1)).toMatchObject({ note: 'Order expired before payment', amount: 630 });
};

describe('money captured after the shop order expired', () => {
  it('by the webhook: refunded once through Razorpay, shown refunded with the reason; verify, a redelivery and refund.processed change nothing', async () => {
    const { paymentId, orderId } = await expiredOrder();
    const paid = await payAsCheckout(orderId);
    const rzpPay = paid.razorpay_payment_id;

    const w = await deliver('payment.captured', rzpPay);
    expect(w.statusCode, w.body).toBe(200);
    await expectRefundedOnce(paymentId, rzpPay);

    // The same capture again: verify (signed by the stand-in), a redelivery of the webhook, and the refund's own webhook.
    const v = await call('memberAsha', 'POST', '/payments/razorpay/verify', paid);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().data).toMatchObject({ status: 'refunded' });
    expect((await deliver('payment.captured', rzpPay)).json().message).toBe('duplicate');
    await standin.idle();
    const r = await deliver('refund.processed', rzpPay);
    expect(r.statusCode, r.body).toBe(200);
    expect(await refundLateCaptures({ db: svc.db, clock, secrets: createSecretBox('integration-test-secret-key'), razorpay: razorpayPort(standin.url) })).toBe(
      0,
    );
    await expectRefundedOnce(paymentId, rzpPay);

    // Staff see it in the list as refunded, with the reason.
    const list = await call('ownerA', 'GET', '/payments?status=refunded&limit=100');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.find((x: { _id: string }) => x._id === paymentId)).toMatchObject({
      status: 'refunded',
      notes: 'Order expired before payment',
      refundedAfterExpiry: true,
    });
  });

  it('by verify first, then the webhook: the member’s answer is the refunded payment; refunded once', async () => {
    const { paymentId, orderId } = await expiredOrder();
    const paid = await payAsCheckout(orderId);
    const v = await call('memberAsha', 'POST', '/payments/razorpay/verify', paid);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().data).toMatchObject({ status: 'refunded', refundedAmount: 630 });
    const w = await deliver('payment.captured', paid.razorpay_payment_id);
    expect(w.statusCode, w.body).toBe(200);
    await expectRefundedOnce(paymentId, paid.razorpay_payment_id);
  });

  it('verify and the webhook at the same time: still one refund', async () => {
    const { paymentId, orderId } = await expiredOrder();
    const paid = await payAsCheckout(orderId);
    const [v, w] = await Promise.all([call('memberAsha', 'POST', '/payments/razorpay/verify', paid), deliver('payment.captured', paid.razorpay_payment_id)]);
    expect(v.statusCode, v.body).toBe(200);
    expect(w.statusCode, w.body).toBe(200);
    await expectRefundedOnce(paymentId, paid.razorpay_payment_id);
  });
});
