// Plan and billing against the real PostgreSQL: a trial-expired (read-only) gym sees its plan, usage and the plans it
// may move to; a downgrade its usage exceeds is refused; an upgrade is an order on AKHADA's Razorpay account (the
// platform keys, never the gym's), verified with Akhada's secret on the order WE stored (another gym's order is 404),
// captured once whether verify or the platform-signed webhook comes first, with Akhada's GST invoice in its own series
// and one payments.subscription_paid in the outbox.
import { ErrorBody, type Role } from '@akhada/contracts';
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { razorpayErrorToAppError, verifyPaymentSignature, verifyWebhookSignature } from '../src/adapters/razorpay.ts';
import type { RazorpayApi, RazorpayPort } from '../src/adapters/razorpay-port.ts';
import { bootPayments, unusedAutopayApi } from './setup.ts';

const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID();
const LB = randomUUID();
const START = Date.parse('2026-11-20T04:30:00Z');
const clock = () => new Date(START);

const PLATFORM = {
  keyId: 'rzp_test_AkhadaPlatform01',
  keySecret: 'platform_key_secret_123',
  webhookSecret: 'platform_webhook_secret_456',
  gstin: '27AAACA1234A1ZK',
  legalName: 'Akhada Technologies Private Limited',
};
let seq = 0;
/** Which keys each order was opened with: the platform's, never a gym's. */
const orderKeys = new Map<string, string>();
const razorpay: RazorpayPort = {
  client: (keys) =>
    ({
      orders: {
        create: async (p) => {
          const id = `order_plan${++seq}`;
          orderKeys.set(id, keys.keyId);
          return { id, amount: p.amount, currency: p.currency };
        },
        fetchPayments: async () => ({ items: [] }),
      },
      paymentLink: { create: async () => ({ id: 'x', short_url: 'x' }) },
      payments: { refund: async () => ({ id: 'x', amount: 0 }) },
      ...unusedAutopayApi,
    }) satisfies RazorpayApi,
  verifyPaymentSignature,
  verifyWebhookSignature,
  toAppError: razorpayErrorToAppError,
};

let svc: Awaited<ReturnType<typeof bootPayments>>;
let app: typeof svc.app;
type Who = 'ownerA' | 'adminA' | 'trainerA' | 'ownerB';
let token: Record<Who, string>;

beforeAll(async () => {
  svc = await bootPayments('billing', { clock, razorpay, platform: PLATFORM });
  app = svc.app;
  const sign = (orgId: string, role: Role, locationIds: string[]) => svc.keys.sign({ orgId, role, locationIds, userId: randomUUID() });
  token = {
    ownerA: await sign(orgA, 'owner', [L1]),
    adminA: await sign(orgA, 'admin', [L1]),
    trainerA: await sign(orgA, 'trainer', [L1]),
    ownerB: await sign(orgB, 'owner', [LB]),
  };
  const db = svc.db;
  // Both gyms' trials ended yesterday: read-only.
  const ended = new Date(START - 86_400_000);
  await svc.seed({
    orgs: [
      { orgId: orgA, plan: 'free', trialEndsAt: ended },
      { orgId: orgB, plan: 'free', trialEndsAt: ended },
    ],
    locations: [
      { locationId: L1, orgId: orgA, name: 'Main' },
      { locationId: LB, orgId: orgB, name: 'B' },
    ],
  });
  // Gym A: 30 counted members (plus an archived and a pending one, not counted) and one trainer (plus an archived one).
  const member = (org: string, loc: string, status: string) => ({
    id: randomUUID(),
    org_id: org,
    location_id: loc,
    first_name: 'M',
    last_name: 'T',
    email: 'm@example.in',
    phone: '+91 90000 00000',
    membership_type: 'premium' as const,
    payment_frequency: 'monthly' as const,
    fee_paise: 100_000,
    start_date: '2026-10-25',
    end_date: '2026-11-25',
    status,
    trainer_id: null,
    locale: null,
    updated_at: new Date(START),
  });
  await db
    .insertInto('pay_members')
    .values([
      ...Array.from({ length: 30 }, () => member(orgA, L1, 'active')),
      member(orgA, L1, 'archived'),
      member(orgA, L1, 'pending'),
      member(orgB, LB, 'active'),
    ])
    .execute();
  const trainer = (status: string) => ({
    id: randomUUID(),
    org_id: orgA,
    location_id: L1,
    first_name: 'T',
    last_name: 'C',
    email: 't@example.in',
    phone: '+91 90000 00001',
    hourly_rate_paise: 0,
    status,
    updated_at: new Date(START),
  });
  await db
    .insertInto('pay_trainers')
    .values([trainer('active'), trainer('archived')])
    .execute();
}, 120_000);

afterAll(async () => {
  await svc?.close();
});

const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token[who]}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const expectError = (res: { statusCode: number; body: string; json: () => unknown }, status: number, code?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorBody.parse(res.json());
  if (code) expect(body.code).toBe(code);
  return body;
};
const signPayment = (orderId: string, paymentId: string, secret = PLATFORM.keySecret) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
const webhook = (orderId: string, paymentId: string, eventId: string, secret = PLATFORM.webhookSecret) => {
  const raw = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: orderId } } } });
  return app.inject({
    method: 'POST',
    url: '/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
    payload: raw,
  });
};
const paidEvents = async (orgId: string) =>
  (await svc.db.selectFrom('outbox').select('payload').orderBy('id').execute())
    .map((r) => r.payload as { type: string; orgId: string; data: { plan: string; invoiceNumber: string } })
    .filter((e) => e.type === 'payments.subscription_paid' && e.orgId === orgId);

describe('plan and billing', () => {
  it('shows the read-only gym its plan, usage from its own data, and which plans fit; owner and admin only', async () => {
    const res = await call('ownerA', 'GET', '/payments/billing');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      plan: 'free',
      readOnly: true,
      usage: { members: 30, trainers: 1, locations: 1 },
      limits: { members: 14, trainers: 2, locations: 1 },
      invoices: [],
    });
    const mini = data.options.find((o: { plan: string }) => o.plan === 'mini');
    expect(mini).toMatchObject({
      fits: false,
      price: 999,
      reason: 'Your gym has 30 members; the Mini plan allows 25. Remove members or choose a bigger plan.',
    });
    expect(data.options.find((o: { plan: string }) => o.plan === 'starter')).toMatchObject({ fits: true, price: 1999, gst: 359.82, total: 2358.82 });
    expect((await call('adminA', 'GET', '/payments/billing')).statusCode).toBe(200);
    expectError(await call('trainerA', 'GET', '/payments/billing'), 403);
  });

  it('refuses a plan the usage exceeds (409, a clear message), non-owners (403) and bad plans (400), changing nothing', async () => {
    const refused = expectError(await call('ownerA', 'POST', '/payments/billing/order', { plan: 'mini' }), 409, 'PLAN_TOO_SMALL');
    expect(refused.message).toBe('Your gym has 30 members; the Mini plan allows 25. Remove members or choose a bigger plan.');
    expectError(await call('adminA', 'POST', '/payments/billing/order', { plan: 'starter' }), 403);
    for (const plan of ['free', 'gold', 3]) expectError(await call('ownerA', 'POST', '/payments/billing/order', { plan }), 400, 'VALIDATION_FAILED');
    expect(await svc.db.selectFrom('subscription_orders').select('order_id').where('org_id', '=', orgA).execute()).toEqual([]);
  });

  it('upgrades through Akhada’s account: verify checks the platform signature on our order, captures once, invoices once', async () => {
    const created = await call('ownerA', 'POST', '/payments/billing/order', { plan: 'starter' });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().data;
    expect(order).toMatchObject({ keyId: PLATFORM.keyId, plan: 'starter', amount: 235_882, currency: 'INR', name: PLATFORM.legalName });
    expect(orderKeys.get(order.orderId)).toBe(PLATFORM.keyId);

    // A bad signature, a signature made with another secret, and another gym's owner: refused, nothing captured.
    expectError(
      await call('ownerA', 'POST', '/payments/billing/verify', {
        razorpay_order_id: order.orderId,
        razorpay_payment_id: 'pay_P1',
        razorpay_signature: 'f'.repeat(64),
      }),
      400,
      'RAZORPAY_SIGNATURE_INVALID',
    );
    expectError(
      await call('ownerA', 'POST', '/payments/billing/verify', {
        razorpay_order_id: order.orderId,
        razorpay_payment_id: 'pay_P1',
        razorpay_signature: signPayment(order.orderId, 'pay_P1', 'gym_secret'),
      }),
      400,
    );
    expectError(
      await call('ownerB', 'POST', '/payments/billing/verify', {
        razorpay_order_id: order.orderId,
        razorpay_payment_id: 'pay_P1',
        razorpay_signature: signPayment(order.orderId, 'pay_P1'),
      }),
      404,
    );
    expect(await paidEvents(orgA)).toEqual([]);

    const good = { razorpay_order_id: order.orderId, razorpay_payment_id: 'pay_P1', razorpay_signature: signPayment(order.orderId, 'pay_P1') };
    const verified = await call('ownerA', 'POST', '/payments/billing/verify', good);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({
      plan: 'starter',
      invoice: {
        number: 'AKH/2026-27/000001',
        taxable: 1999,
        cgst: 179.91,
        sgst: 179.91,
        igst: 0,
        total: 2358.82,
        supplierGstin: PLATFORM.gstin,
        recipientGstin: null,
      },
    });
    // Again, and the platform webhook after it (twice): the same invoice, one event.
    expect((await call('ownerA', 'POST', '/payments/billing/verify', good)).json().data.invoice.number).toBe('AKH/2026-27/000001');
    expect((await webhook(order.orderId, 'pay_P1', 'evt_p1')).json().message).toBe('captured');
    expect((await webhook(order.orderId, 'pay_P1', 'evt_p1')).statusCode).toBe(200);
    const events = await paidEvents(orgA);
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ plan: 'starter', invoiceNumber: 'AKH/2026-27/000001', totalPaise: 235_882 })]);
    const overview = (await call('ownerA', 'GET', '/payments/billing')).json().data;
    expect(overview.invoices.map((i: { number: string }) => i.number)).toEqual(['AKH/2026-27/000001']);
    // Gym B sees none of it.
    expect((await call('ownerB', 'GET', '/payments/billing')).json().data.invoices).toEqual([]);
  });

  it('captures through the platform webhook first, and refuses a webhook signed with another secret', async () => {
    const order = (await call('ownerB', 'POST', '/payments/billing/order', { plan: 'pro' })).json().data;
    expectError(await webhook(order.orderId, 'pay_B1', 'evt_b0', 'some_gym_webhook_secret'), 400, 'INVALID_WEBHOOK_SIGNATURE');
    expect(await paidEvents(orgB)).toEqual([]);
    expect((await webhook(order.orderId, 'pay_B1', 'evt_b1')).json().message).toBe('captured');
    const v = await call('ownerB', 'POST', '/payments/billing/verify', {
      razorpay_order_id: order.orderId,
      razorpay_payment_id: 'pay_B1',
      razorpay_signature: signPayment(order.orderId, 'pay_B1'),
    });
    expect(v.json().data.invoice.number).toBe('AKH/2026-27/000002');
    expect((await paidEvents(orgB)).map((e) => e.data.plan)).toEqual(['pro']);
  });
});
