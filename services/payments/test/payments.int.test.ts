import { ErrorBody, paymentsRoutes, SalePaymentRequested, saleTotalsOf, type Role } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPaymentSignature, verifyWebhookSignature, razorpayErrorToAppError } from '../src/adapters/razorpay.ts';
import type { RazorpayApi, RazorpayPort } from '../src/adapters/razorpay-port.ts';
import { reconcileOpenOrders } from '../src/app/online.ts';
import { buildApp } from '../src/build-app.ts';
import { onSalePaymentRequested, salePaymentId } from '../src/consumers/sales.ts';
import { gstinCheckCharacter } from '../src/domain/tax/gstin.ts';
import { migrations } from '../src/db/migrations.ts';
import { bootPayments, unusedAutopayApi } from './setup.ts';

// Organization A with locations L1, L2; organization B with LB. Today is 20 Nov 2026 in India.
const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
const ownerId = randomUUID();
const memberAsha = randomUUID();
const memberRavi = randomUUID();
const memberL2 = randomUUID();
const memberB = randomUUID();
const trainerT1 = randomUUID();
const trainerT2 = randomUUID();
const START = Date.parse('2026-11-20T04:30:00Z');
let ticks = 0;
const clock = () => new Date(START + ticks++ * 1000);

// A fake Razorpay: orders, links and refunds answered locally, captured payments per order for the reconciliation.
const KEY_SECRET = 'test_key_secret_12345';
const WEBHOOK_SECRET = 'test_webhook_secret_987';
let seq = 0;
const capturedAt = new Map<string, string>();
const fakeApi: RazorpayApi = {
  orders: {
    create: async (p) => ({ id: `order_${++seq}`, amount: p.amount, currency: p.currency }),
    fetchPayments: async (orderId) => ({ items: capturedAt.has(orderId) ? [{ id: capturedAt.get(orderId)!, status: 'captured', order_id: orderId }] : [] }),
  },
  paymentLink: { create: async () => ({ id: `plink_${++seq}`, short_url: `https://rzp.test/l/${seq}`, expire_by: null, order_id: null }) },
  payments: { refund: async (_id, p) => ({ id: `rfnd_${++seq}`, amount: p.amount }) },
  ...unusedAutopayApi,
};
const razorpay: RazorpayPort = { client: () => fakeApi, verifyPaymentSignature, verifyWebhookSignature, toAppError: razorpayErrorToAppError };

let svc: Awaited<ReturnType<typeof bootPayments>>;
let app: typeof svc.app;
type Who = 'ownerA' | 'adminL1' | 'trainerT1' | 'trainerT2' | 'memberAsha' | 'memberRavi' | 'adminB';
let token: Record<Who, string>;
let deps: typeof svc.deps;

beforeAll(async () => {
  svc = await bootPayments('payments', { clock, razorpay });
  ({ app, deps } = svc);
  const sign = (orgId: string, role: Role, locationIds: string[], userId?: string) =>
    svc.keys.sign({ orgId, role, locationIds, ...(userId ? { userId } : {}) });
  token = {
    ownerA: await sign(orgA, 'owner', [L1, L2], ownerId),
    adminL1: await sign(orgA, 'admin', [L1]),
    trainerT1: await sign(orgA, 'trainer', [L1], trainerT1),
    trainerT2: await sign(orgA, 'trainer', [L1], trainerT2),
    memberAsha: await sign(orgA, 'member', [L1], memberAsha),
    memberRavi: await sign(orgA, 'member', [L1], memberRavi),
    adminB: await sign(orgB, 'admin', [LB, L1]),
  };
  const db = svc.db;
  const member = (id: string, org: string, loc: string, first: string, end = '2026-11-25') => ({
    id,
    org_id: org,
    location_id: loc,
    first_name: first,
    last_name: 'Test',
    email: `${first.toLowerCase()}@example.in`,
    phone: '+91 90000 00000',
    membership_type: 'premium' as const,
    payment_frequency: 'monthly' as const,
    fee_paise: 250_000,
    start_date: '2026-10-25',
    end_date: end,
    status: 'active',
    trainer_id: first === 'Asha' ? trainerT1 : null,
    locale: null,
    updated_at: new Date(START),
  });
  await db
    .insertInto('pay_members')
    .values([
      member(memberAsha, orgA, L1, 'Asha'),
      member(memberRavi, orgA, L1, 'Ravi', '2026-12-15'),
      member(memberL2, orgA, L2, 'Lata'),
      member(memberB, orgB, LB, 'Bina'),
    ])
    .execute();
  const trainer = (id: string, first: string) => ({
    id,
    org_id: orgA,
    location_id: L1,
    first_name: first,
    last_name: 'Coach',
    email: `${first}@example.in`,
    phone: '+91 90000 00001',
    hourly_rate_paise: 50_000,
    status: 'active',
    updated_at: new Date(START),
  });
  await db
    .insertInto('pay_trainers')
    .values([trainer(trainerT1, 'Tara'), trainer(trainerT2, 'Vikram')])
    .execute();
});

afterAll(async () => {
  await svc?.close();
});

const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token[who]}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const expectError = (res: { statusCode: number; body: string; json: () => unknown }, status: number, code?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorBody.parse(res.json());
  if (code) expect(body.code).toBe(code);
  return body;
};
const outboxTypes = async (paymentId: string) =>
  (await svc.db.selectFrom('outbox').select('payload').where('key', '=', paymentId).orderBy('id').execute()).map((r) => (r.payload as { type: string }).type);

const membershipBody = (overrides: Record<string, unknown> = {}) => ({
  paymentCategory: 'member',
  paymentType: 'membership_renewal',
  amount: 2500,
  gstAmount: 125.5,
  totalAmount: 2625.5,
  paymentMethod: 'upi',
  description: 'December membership',
  member: memberAsha,
  membershipType: 'premium',
  membershipPeriod: { startDate: '2026-11-25', endDate: '2026-12-25' },
  ...overrides,
});

describe('POST /payments (Record New Payment)', () => {
  it('records a completed membership payment in rupees, stores paise, announces recorded and completed', async () => {
    // L1 has no GST settings yet: no GST, whatever GST was sent (the server decides it, issue 31)
    const res = await call('ownerA', 'POST', '/payments', membershipBody());
    expect(res.statusCode, res.body).toBe(201);
    const p = paymentsRoutes.create.responses[201].parse(res.json()).data;
    expect(p).toMatchObject({
      paymentCategory: 'member',
      paymentType: 'membership_renewal',
      amount: 2500,
      gstAmount: 0,
      totalAmount: 2500,
      gstSplit: { ratePercent: 0, supply: 'none', cgst: 0, sgst: 0, igst: 0 },
      status: 'completed',
      member: { _id: memberAsha, name: 'Asha Test' },
      locationId: L1,
      membershipType: 'premium',
      membershipPeriod: { startDate: '2026-11-25', endDate: '2026-12-25' },
      source: 'staff',
    });
    const row = await svc.db.selectFrom('payments').selectAll().where('id', '=', p._id).executeTakeFirstOrThrow();
    expect(Number(row.total_paise)).toBe(250_000);
    expect(await outboxTypes(p._id)).toEqual(['payments.payment_recorded', 'payments.payment_completed']);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await svc.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expectError(await call('ownerA', 'POST', '/payments', membershipBody({ amount: -1 })), 400);
    expectError(await call('ownerA', 'POST', '/payments', membershipBody({ amount: 10.005 })), 400);
    expectError(await call('ownerA', 'POST', '/payments', membershipBody({ paymentType: 'salary' })), 400);
    expectError(await call('ownerA', 'POST', '/payments', membershipBody({ member: undefined })), 400);
    expectError(await call('ownerA', 'POST', '/payments', membershipBody({ totalAmount: 1 })), 400);
    expectError(await call('ownerA', 'POST', '/payments', membershipBody({ paymentMethod: 'bitcoin' })), 400);
    expectError(
      await call('ownerA', 'POST', '/payments', { paymentCategory: 'trainer', paymentType: 'salary', amount: 1, description: 'x', trainer: trainerT1 }),
      400,
    );
    const after = await svc.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("is 404 for another organization's member, or a member of a location the admin does not run; 403 for trainers and members", async () => {
    expectError(await call('ownerA', 'POST', '/payments', membershipBody({ member: memberB })), 404);
    expectError(await call('adminL1', 'POST', '/payments', membershipBody({ member: memberL2 })), 404);
    expectError(await call('adminB', 'POST', '/payments', membershipBody()), 404);
    expectError(await call('trainerT1', 'POST', '/payments', membershipBody()), 403);
    expectError(await call('memberAsha', 'POST', '/payments', membershipBody()), 403);
  });
});

describe('a pending payment: update, mark paid, delete, refund', () => {
  let pendingId: string;
  it('records a pending payment with a due date and updates it while pending', async () => {
    const res = await call(
      'adminL1',
      'POST',
      '/payments',
      membershipBody({ status: 'pending', dueDate: '2026-11-10', gstAmount: 0, totalAmount: undefined, member: memberRavi }),
    );
    expect(res.statusCode, res.body).toBe(201);
    pendingId = res.json().data._id;
    const upd = await call('adminL1', 'PUT', `/payments/${pendingId}`, { amount: 2000, notes: 'discount' });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ amount: 2000, totalAmount: 2000, notes: 'discount', status: 'pending' });
  });

  it('lists it as pending with daysPastDue 10 (Critical) and in the member list only for staff', async () => {
    const res = await call('ownerA', 'GET', '/payments/pending');
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data.find((p: { _id: string }) => p._id === pendingId);
    expect(row).toMatchObject({ memberName: 'Ravi Test', daysPastDue: 10, urgency: 'critical', totalAmount: 2000 });
  });

  it('sends one reminder a day: the second is 429; the event goes out through the outbox', async () => {
    const first = await call('adminL1', 'POST', `/payments/${pendingId}/remind`, {});
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.paymentLinkUrl).toBe('http://app.test/dashboard/me');
    expectError(await call('adminL1', 'POST', `/payments/${pendingId}/remind`, {}), 429, 'REMINDER_ALREADY_SENT');
    expect((await outboxTypes(pendingId)).filter((t) => t === 'payments.payment_reminder_requested')).toHaveLength(1);
  });

  it('marks it paid once; a second time is 409; a completed payment cannot be changed or deleted', async () => {
    const ok = await call('adminL1', 'POST', `/payments/${pendingId}/mark-paid`, { paymentMethod: 'cash', reference: 'R-1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'completed', paymentMethod: 'cash' });
    expectError(await call('adminL1', 'POST', `/payments/${pendingId}/mark-paid`, {}), 409, 'PAYMENT_ALREADY_PAID');
    expectError(await call('adminL1', 'PUT', `/payments/${pendingId}`, { amount: 1 }), 409, 'PAYMENT_NOT_PENDING');
    expectError(await call('adminL1', 'DELETE', `/payments/${pendingId}`), 409, 'PAYMENT_COMPLETED');
  });

  it('refunds part (partially_refunded), refuses more than remains (400), then refunds the rest (refunded)', async () => {
    const part = await call('ownerA', 'POST', `/payments/${pendingId}/refund`, { amount: 500, reason: 'Discount agreed later' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ status: 'partially_refunded', refundedAmount: 500 });
    expectError(await call('ownerA', 'POST', `/payments/${pendingId}/refund`, { amount: 1500.01, reason: 'x' }), 400, 'REFUND_EXCEEDS_REMAINING');
    const rest = await call('ownerA', 'POST', `/payments/${pendingId}/refund`, { reason: 'Left the gym' });
    expect(rest.json().data).toMatchObject({ status: 'refunded', refundedAmount: 2000 });
    expectError(await call('ownerA', 'POST', `/payments/${pendingId}/refund`, { reason: 'again' }), 409, 'PAYMENT_NOT_REFUNDABLE');
    expect((await outboxTypes(pendingId)).filter((t) => t === 'payments.payment_refunded')).toHaveLength(2);
  });

  it('deletes (cancels) a pending payment', async () => {
    const res = await call('ownerA', 'POST', '/payments', membershipBody({ status: 'pending', gstAmount: 0, totalAmount: undefined }));
    const id = res.json().data._id;
    const del = await call('ownerA', 'DELETE', `/payments/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call('ownerA', 'GET', `/payments/${id}`)).json().data.status).toBe('cancelled');
    expectError(await call('ownerA', 'DELETE', `/payments/${id}`), 409, 'PAYMENT_NOT_PENDING');
  });
});

describe('who sees what', () => {
  let ashaPayment: string;
  let salaryT1: string;
  beforeAll(async () => {
    ashaPayment = (
      await call('ownerA', 'POST', '/payments', membershipBody({ description: 'Locker', paymentType: 'locker_fee', gstAmount: 0, totalAmount: undefined }))
    ).json().data._id;
    const s = await call('ownerA', 'POST', `/payments/trainer/${trainerT1}/salary`, { month: 11, year: 2026, amount: 30000 });
    expect(s.statusCode, s.body).toBe(201);
    salaryT1 = s.json().data._id;
  });

  it('another organization gets 404 for every route that takes an id', async () => {
    expectError(await call('adminB', 'GET', `/payments/${ashaPayment}`), 404);
    expectError(await call('adminB', 'PUT', `/payments/${ashaPayment}`, { notes: 'x' }), 404);
    expectError(await call('adminB', 'DELETE', `/payments/${ashaPayment}`), 404);
    expectError(await call('adminB', 'POST', `/payments/${ashaPayment}/mark-paid`, {}), 404);
    expectError(await call('adminB', 'POST', `/payments/${ashaPayment}/refund`, { reason: 'x' }), 404);
    expectError(await call('adminB', 'POST', `/payments/${ashaPayment}/remind`, {}), 404);
    expectError(await call('adminB', 'GET', `/payments/member/${memberAsha}`), 404);
    expectError(await call('adminB', 'GET', `/payments/trainer/${trainerT1}`), 404);
    expectError(await call('adminB', 'POST', `/payments/trainer/${trainerT1}/salary`, { month: 10, year: 2026, amount: 1 }), 404);
    expectError(
      await call('adminB', 'POST', `/payments/member/${memberAsha}/membership`, { membershipType: 'basic', paymentFrequency: 'monthly', amount: 1 }),
      404,
    );
    const list = await call('adminB', 'GET', '/payments');
    expect(list.json().totalCount).toBe(0);
  });

  it('a member sees only their own payments', async () => {
    const mine = await call('memberAsha', 'GET', '/payments?limit=100');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.length).toBeGreaterThan(0);
    expect(mine.json().data.every((p: { member: { _id: string } }) => p.member._id === memberAsha)).toBe(true);
    expect((await call('memberAsha', 'GET', `/payments/${ashaPayment}`)).statusCode).toBe(200);
    expectError(await call('memberRavi', 'GET', `/payments/${ashaPayment}`), 404);
    expectError(await call('memberRavi', 'GET', `/payments/member/${memberAsha}`), 404);
    expect((await call('memberAsha', 'GET', `/payments/member/${memberAsha}`)).statusCode).toBe(200);
    expectError(await call('memberAsha', 'GET', '/payments/dashboard/overview'), 403);
  });

  it("a trainer sees only their own salary and earnings, and their clients' payments", async () => {
    expect((await call('trainerT1', 'GET', `/payments/trainer/${trainerT1}`)).json().data[0]._id).toBe(salaryT1);
    expectError(await call('trainerT2', 'GET', `/payments/trainer/${trainerT1}`), 404);
    expectError(await call('trainerT2', 'GET', `/payments/${salaryT1}`), 404);
    const list = await call('trainerT2', 'GET', '/payments');
    expect(list.json().totalCount).toBe(0);
    expect((await call('trainerT1', 'GET', `/payments/member/${memberAsha}`)).statusCode).toBe(200);
    expectError(await call('trainerT2', 'GET', `/payments/member/${memberAsha}`), 404);
    expectError(await call('trainerT1', 'POST', `/payments/trainer/${trainerT1}/salary`, { month: 12, year: 2026, amount: 1 }), 403);
  });

  it('a salary once per trainer per month (409)', async () => {
    expectError(await call('ownerA', 'POST', `/payments/trainer/${trainerT1}/salary`, { month: 11, year: 2026, amount: 1 }), 409, 'SALARY_ALREADY_PAID');
    const bonus = await call('ownerA', 'POST', `/payments/trainer/${trainerT1}/salary`, { month: 11, year: 2026, amount: 1000, paymentType: 'bonus' });
    expect(bonus.statusCode).toBe(201);
    const rows = await call('ownerA', 'GET', '/payments/salaries?month=11&year=2026');
    expect(rows.json().data.find((r: { trainerId: string }) => r.trainerId === trainerT1)).toMatchObject({
      status: 'paid',
      salaryAmount: 30000,
      totalPaid: 31000,
    });
    expect(rows.json().data.find((r: { trainerId: string }) => r.trainerId === trainerT2)).toMatchObject({ status: 'unpaid' });
  });

  it('answers 400 for ids that are not ids', async () => {
    expectError(await call('ownerA', 'GET', '/payments/not-an-id'), 400);
    expectError(await call('ownerA', 'GET', '/payments?status=paid'), 400);
    expectError(await call('ownerA', 'GET', '/payments/analytics?period=custom'), 400);
  });
});

describe('figures', () => {
  it('lists with filters, sort and sums; exports CSV', async () => {
    const res = await call('ownerA', 'GET', `/payments?member=${memberAsha}&sortBy=totalAmount&sortOrder=asc&search=asha`);
    expect(res.statusCode, res.body).toBe(200);
    const totals = res.json().data.map((p: { totalAmount: number }) => p.totalAmount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const csv = await call('ownerA', 'GET', '/payments/export?category=member');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="payments-all-2026-11-20\.csv"/);
    expect(csv.body.split('\r\n')[0]).toContain('Date,Paid At,Category');
    expect(csv.body).toContain('2500.00');
    expect(csv.body.split('\r\n')[0]).toContain('Amount,GST,GST Rate %,CGST,SGST,IGST,Total');
    // issue 31: the JSON export (Settings → Data management asks for it) answered 400; the same rows as JSON now
    const json = await call('ownerA', 'GET', '/payments/export?category=member&format=json');
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.headers['content-disposition']).toMatch(/attachment; filename="payments-all-2026-11-20\.json"/);
    const rows = json.json() as Record<string, string | null>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.Category === 'member')).toBe(true);
    expect(rows.map((r) => r.Total)).toContain('2500.00');
    expectError(await call('ownerA', 'GET', '/payments/export?format=xml'), 400);
  });

  it('overview, analytics, renewals and reports answer their contract shapes with the money recorded', async () => {
    const ov = await call('ownerA', 'GET', '/payments/dashboard/overview');
    expect(ov.statusCode, ov.body).toBe(200);
    expect(ov.json().data.revenue.thisMonth).toBeGreaterThan(0);
    expect(ov.json().data.upcomingRenewals.members.map((m: { memberId: string }) => m.memberId)).toContain(memberAsha);
    const an = await call('ownerA', 'GET', '/payments/analytics?period=month');
    expect(an.statusCode, an.body).toBe(200);
    expect(an.json().data.dailyTrend).toHaveLength(30);
    expect(an.json().data.revenue.refunds).toBe(2000);
    const custom = await call('ownerA', 'GET', '/payments/analytics?period=custom&startDate=2026-11-01&endDate=2026-11-20');
    expect(custom.json().data.period).toEqual({ start: '2026-11-01', end: '2026-11-20', type: 'custom' });
    const rn = await call('ownerA', 'GET', '/payments/renewals?days=30');
    expect(
      rn
        .json()
        .data.map((r: { memberId: string }) => r.memberId)
        .sort(),
    ).toEqual([memberAsha, memberRavi, memberL2].sort());
    expect(rn.json().data.at(-1)).toMatchObject({ memberId: memberRavi, daysLeft: 25, amount: 2500 });
    const rp = await call('ownerA', 'GET', '/payments/reports');
    expect(rp.statusCode, rp.body).toBe(200);
    expect(rp.json().data.monthlyCollections.find((m: { month: string }) => m.month === '2026-11')).toBeTruthy();
  });
});

describe('Razorpay', () => {
  let pendingId: string;
  const order = async () => {
    const res = await call('memberAsha', 'POST', '/payments/razorpay/create-order', { paymentId: pendingId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { orderId: string; keyId: string; amount: number };
  };
  const signature = (orderId: string, paymentId: string) => createHmac('sha256', KEY_SECRET).update(`${orderId}|${paymentId}`).digest('hex');
  const webhook = (body: object, eventId: string, secret = WEBHOOK_SECRET) => {
    const raw = JSON.stringify(body);
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
  const captured = (orderId: string, payId: string) => ({
    event: 'payment.captured',
    payload: { payment: { entity: { id: payId, order_id: orderId, amount: 100, method: 'upi' } } },
  });

  beforeAll(async () => {
    pendingId = (await call('ownerA', 'POST', '/payments', membershipBody({ status: 'pending', gstAmount: 0, totalAmount: undefined, amount: 999 }))).json()
      .data._id;
  });

  it('without keys online payment is off: status says so and create-order is 409', async () => {
    expect((await call('memberAsha', 'GET', '/payments/razorpay/status')).json().data).toEqual({ enabled: false, keyId: null });
    expectError(await call('memberAsha', 'POST', '/payments/razorpay/create-order', { paymentId: pendingId }), 409, 'RAZORPAY_NOT_CONFIGURED');
  });

  it('keys are the owner’s to set, stored encrypted, never answered', async () => {
    expectError(await call('adminL1', 'PUT', '/payments/integrations/razorpay', { keyId: 'rzp_test_abcdef123', keySecret: KEY_SECRET }), 403);
    expectError(await call('ownerA', 'PUT', '/payments/integrations/razorpay', { keyId: 'not-a-key', keySecret: KEY_SECRET }), 400);
    // issue 31: without the webhook secret Razorpay's webhooks cannot be checked (a payment by link stays pending):
    // it is required before online payments are on; nothing is stored without it
    const noHook = expectError(await call('ownerA', 'PUT', '/payments/integrations/razorpay', { keyId: 'rzp_test_abcdef123', keySecret: KEY_SECRET }), 400);
    expect(noHook.details).toEqual([{ path: 'webhookSecret', message: 'Enter the webhook secret you set in Razorpay' }]);
    expect(await svc.db.selectFrom('razorpay_keys').select('org_id').where('org_id', '=', orgA).executeTakeFirst()).toBeUndefined();
    expect((await call('memberAsha', 'GET', '/payments/razorpay/status')).json().data.enabled).toBe(false);
    const put = await call('ownerA', 'PUT', '/payments/integrations/razorpay', {
      keyId: 'rzp_test_abcdef123',
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ configured: true, keyId: 'rzp_test_abcdef123', keySecretLast4: '2345', webhookSecretSet: true });
    expect(put.body).not.toContain(KEY_SECRET);
    const stored = await svc.db.selectFrom('razorpay_keys').selectAll().where('org_id', '=', orgA).executeTakeFirstOrThrow();
    expect(stored.key_secret_enc).not.toContain(KEY_SECRET);
    expect((await call('ownerA', 'GET', '/payments/integrations/razorpay')).body).not.toContain(KEY_SECRET);
  });

  it('a member pays their own pending payment: order, verify (signature on our order), captured once whatever the webhook does', async () => {
    expectError(await call('memberRavi', 'POST', '/payments/razorpay/create-order', { paymentId: pendingId }), 404);
    const o = await order();
    expect(o).toMatchObject({ keyId: 'rzp_test_abcdef123', amount: 99_900 });
    expectError(
      await call('memberAsha', 'POST', '/payments/razorpay/verify', {
        razorpay_order_id: o.orderId,
        razorpay_payment_id: 'pay_A',
        razorpay_signature: 'f'.repeat(64),
      }),
      400,
    );
    // The webhook first, twice (same delivery id), then verify: captured once.
    expect((await webhook(captured(o.orderId, 'pay_A'), 'evt_1')).json().message).toBe('captured');
    expect((await webhook(captured(o.orderId, 'pay_A'), 'evt_1')).json().message).toBe('duplicate');
    expect((await webhook(captured(o.orderId, 'pay_A'), 'evt_2')).statusCode).toBe(200);
    const v = await call('memberAsha', 'POST', '/payments/razorpay/verify', {
      razorpay_order_id: o.orderId,
      razorpay_payment_id: 'pay_A',
      razorpay_signature: signature(o.orderId, 'pay_A'),
    });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().data).toMatchObject({ status: 'completed', paymentMethod: 'razorpay', razorpay: { paymentId: 'pay_A' } });
    expect((await outboxTypes(pendingId)).filter((t) => t === 'payments.payment_completed')).toHaveLength(1);
  });

  it('a member pays their own shop order: its pending payment is listed for them only, paid with Pay now, completed as a pos payment', async () => {
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
    const env = makeEnvelope(SalePaymentRequested, {
      orgId: orgA,
      locationId: L1,
      aggregateId: saleId,
      correlationId: randomUUID(),
      causationId: randomUUID(),
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
    await svc.db.transaction().execute((trx) => onSalePaymentRequested().handle(trx, env));
    const mine = await call('memberAsha', 'GET', '/payments?status=pending&limit=100');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.find((p: { _id: string }) => p._id === paymentId)).toMatchObject({ status: 'pending', totalAmount: 630 });
    expect((await call('memberRavi', 'GET', '/payments?status=pending&limit=100')).json().data.map((p: { _id: string }) => p._id)).not.toContain(paymentId);
    expectError(await call('memberRavi', 'POST', '/payments/razorpay/create-order', { paymentId }), 404);
    expectError(await call('adminB', 'POST', `/payments/${paymentId}/mark-paid`, {}), 404);
    const res = await call('memberAsha', 'POST', '/payments/razorpay/create-order', { paymentId });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json().data as { orderId: string; amount: number };
    expect(o.amount).toBe(63_000);
    const v = await call('memberAsha', 'POST', '/payments/razorpay/verify', {
      razorpay_order_id: o.orderId,
      razorpay_payment_id: 'pay_SHOP',
      razorpay_signature: signature(o.orderId, 'pay_SHOP'),
    });
    expect(v.statusCode, v.body).toBe(200);
    const completed = (await svc.db.selectFrom('outbox').select('payload').where('key', '=', paymentId).orderBy('id').execute())
      .map((r) => r.payload as { type: string; data: { source: string; sourceId: string } })
      .filter((e) => e.type === 'payments.payment_completed');
    expect(completed.map((e) => [e.data.source, e.data.sourceId])).toEqual([['pos', saleId]]);
  });

  it('refuses a webhook whose HMAC does not match its raw body (400), and a refund through Razorpay is not counted twice by refund.processed', async () => {
    const o = (await call('ownerA', 'GET', `/payments/${pendingId}`)).json().data.razorpay.orderId as string;
    const signed = JSON.stringify(captured(o, 'pay_A'));
    const tampered = await app.inject({
      method: 'POST',
      url: '/payments/razorpay/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(signed).digest('hex'),
        'x-razorpay-event-id': 'evt_3',
      },
      payload: signed.replace('"amount":100', '"amount":1'),
    });
    expectError(tampered, 400, 'INVALID_WEBHOOK_SIGNATURE');
    expectError(await webhook({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_unknown', order_id: 'order_unknown' } } } }, 'evt_6'), 400);
    expectError(await webhook(captured(o, 'pay_A'), 'evt_4', 'wrong-secret-123'), 400, 'INVALID_WEBHOOK_SIGNATURE');
    const r = await call('ownerA', 'POST', `/payments/${pendingId}/refund`, { amount: 100, reason: 'Partial refund' });
    expect(r.statusCode, r.body).toBe(200);
    const rfnd = (await svc.db.selectFrom('refunds').select('razorpay_refund_id').where('payment_id', '=', pendingId).executeTakeFirstOrThrow())
      .razorpay_refund_id!;
    const w = await webhook({ event: 'refund.processed', payload: { refund: { entity: { id: rfnd, payment_id: 'pay_A', amount: 10_000 } } } }, 'evt_5');
    expect(w.statusCode).toBe(200);
    expect((await call('ownerA', 'GET', `/payments/${pendingId}`)).json().data).toMatchObject({ status: 'partially_refunded', refundedAmount: 100 });
  });

  it('a lost verify and a lost webhook are caught by the reconciliation, once', async () => {
    const id = (await call('ownerA', 'POST', '/payments', membershipBody({ status: 'pending', gstAmount: 0, totalAmount: undefined, amount: 500 }))).json().data
      ._id;
    pendingId = id;
    const o = await order();
    capturedAt.set(o.orderId, 'pay_R');
    ticks += 3600; // an hour later
    expect(await reconcileOpenOrders(deps)).toBeGreaterThanOrEqual(1);
    expect(await reconcileOpenOrders(deps)).toBe(0);
    expect((await call('ownerA', 'GET', `/payments/${id}`)).json().data.status).toBe('completed');
    expect((await outboxTypes(id)).filter((t) => t === 'payments.payment_completed')).toHaveLength(1);
  });

  it('payment links: staff and the member for their own; the open link again', async () => {
    const id = (await call('ownerA', 'POST', '/payments', membershipBody({ status: 'pending', gstAmount: 0, totalAmount: undefined, amount: 700 }))).json().data
      ._id;
    const a = await call('memberAsha', 'POST', `/payments/${id}/payment-link`);
    expect(a.statusCode, a.body).toBe(201);
    const b = await call('ownerA', 'POST', `/payments/${id}/payment-link`);
    expect(b.json().data.url).toBe(a.json().data.url);
    expectError(await call('memberRavi', 'POST', `/payments/${id}/payment-link`), 404);
    expectError(await call('adminB', 'POST', `/payments/${id}/payment-link`), 404);
  });

  it('a Razorpay payment id pays one payment only: verify on another is 409, a webhook capturing it again is refused, nothing changes', async () => {
    const holder = await svc.db.selectFrom('payments').select('id').where('razorpay_payment_id', '=', 'pay_A').executeTakeFirstOrThrow(); // captured above
    pendingId = (await call('ownerA', 'POST', '/payments', membershipBody({ status: 'pending', amount: 800, totalAmount: undefined }))).json().data._id;
    const o = await order();
    const v = await call('memberAsha', 'POST', '/payments/razorpay/verify', {
      razorpay_order_id: o.orderId,
      razorpay_payment_id: 'pay_A',
      razorpay_signature: signature(o.orderId, 'pay_A'),
    });
    expectError(v, 409, 'CONFLICT');
    const hook = await webhook(captured(o.orderId, 'pay_A'), 'evt_dup_capture');
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json().message).toBe('refused');
    expect((await call('ownerA', 'GET', `/payments/${pendingId}`)).json().data).toMatchObject({ status: 'pending', razorpay: { paymentId: null } });
    expect((await outboxTypes(pendingId)).filter((t) => t === 'payments.payment_completed')).toHaveLength(0);
    expect((await call('ownerA', 'GET', `/payments/${holder.id}`)).json().data.razorpay.paymentId).toBe('pay_A');
    // the database refuses it too (a race past the check): the unique index
    await expect(svc.db.updateTable('payments').set({ razorpay_payment_id: 'pay_A' }).where('id', '=', pendingId).execute()).rejects.toThrow(
      /payments_razorpay_payment_uq/,
    );
  });

  it('payments that already shared a Razorpay payment id: the webhook fallback refuses the ambiguous match; the migration keeps it on the earliest', async () => {
    // As before the unique index: two payments (two gyms) holding the same Razorpay payment id.
    const db = svc.db;
    await sql`drop index payments_razorpay_payment_uq`.execute(db);
    await sql`drop table razorpay_payment_conflicts`.execute(db);
    const dupA = randomUUID();
    const dupB = randomUUID();
    const row = (id: string, org: string, loc: string, paidAt: string) => sql`insert into payments
      (id, org_id, location_id, category, type, status, amount_paise, gst_paise, total_paise, method, description, source, razorpay_payment_id, paid_at, created_at, updated_at, version)
      values (${id}, ${org}, ${loc}, 'member', 'membership_fee', 'completed', 50000, 0, 50000, 'razorpay', 'Fee', 'staff', 'pay_DUP', ${paidAt}, ${paidAt}, ${paidAt}, 1)`;
    await row(dupA, orgA, L1, '2026-11-01T05:00:00Z').execute(db);
    await row(dupB, orgB, LB, '2026-11-02T05:00:00Z').execute(db);
    const refund = await webhook(
      { event: 'refund.processed', payload: { refund: { entity: { id: 'rfnd_DUP', payment_id: 'pay_DUP', amount: 50_000 } } } },
      'evt_dup',
    );
    expectError(refund, 400, 'CONFLICT');
    const both = await db.selectFrom('payments').select(['id', 'status', 'refunded_paise']).where('razorpay_payment_id', '=', 'pay_DUP').execute();
    expect(both.map((r) => [r.status, Number(r.refunded_paise)])).toEqual([
      ['completed', 0],
      ['completed', 0],
    ]);
    expect(await db.selectFrom('razorpay_webhook_events').select('event_id').where('event_id', '=', 'evt_dup').executeTakeFirst()).toBeUndefined();

    await migrations['1004_payments_razorpay_payment_uq']!.up(db as never);
    const kept = await db.selectFrom('payments').select(['id']).where('razorpay_payment_id', '=', 'pay_DUP').execute();
    expect(kept.map((r) => r.id)).toEqual([dupA]);
    expect(await db.selectFrom('razorpay_payment_conflicts').selectAll().execute()).toMatchObject([
      { payment_id: dupB, org_id: orgB, razorpay_payment_id: 'pay_DUP', kept_on_payment_id: dupA },
    ]);
    await expect(db.updateTable('payments').set({ razorpay_payment_id: 'pay_DUP' }).where('id', '=', dupB).execute()).rejects.toThrow(
      /payments_razorpay_payment_uq/,
    );
  });
});

describe('GST of a membership payment', () => {
  it('comes from the tax rule when the location is GST-registered (the GST sent is ignored), else there is none', async () => {
    // L1 is registered in Maharashtra (the real hook of main.ts reads the tax settings; 20 Nov 2026 → 5%); L2 has none.
    const gstin = `27AAPFU0939F1Z${gstinCheckCharacter('27AAPFU0939F1Z')}`;
    await svc.db
      .insertInto('tax_location_settings')
      .values({ location_id: L1, org_id: orgA, gst_registered: true, gstin, state_code: '27', legal_name: 'Akhada', address: 'Pune', invoice_prefix: 'PUN' })
      .execute();
    const taxed = buildApp(deps);
    await taxed.ready();
    try {
      const post = (body: unknown) =>
        taxed.inject({ method: 'POST', url: '/payments', headers: { authorization: `Bearer ${token.ownerA}` }, payload: body as object });
      const registered = await post(membershipBody({ amount: 2000, gstAmount: 0, totalAmount: undefined }));
      expect(registered.statusCode, registered.body).toBe(201);
      expect(registered.json().data).toMatchObject({ amount: 2000, gstAmount: 100, totalAmount: 2100 });
      // its invoice, once issued, shows on the payment (list and detail)
      const pid = registered.json().data._id;
      expect(registered.json().data.invoice).toBeNull();
      const issued = await taxed.inject({
        method: 'POST',
        url: '/payments/invoices',
        headers: { authorization: `Bearer ${token.ownerA}` },
        payload: { paymentId: pid },
      });
      expect(issued.statusCode, issued.body).toBe(201);
      const invoice = { _id: issued.json().data._id, number: issued.json().data.number };
      expect(invoice.number).toMatch(/^PUN\//);
      expect(issued.json().data).toMatchObject({ taxableValue: 2000, cgstAmount: 50, sgstAmount: 50, totalAmount: 2100 });
      const shown = await taxed.inject({ method: 'GET', url: `/payments/${pid}`, headers: { authorization: `Bearer ${token.ownerA}` } });
      expect(shown.json().data.invoice).toEqual(invoice);
      const listed = await taxed.inject({ method: 'GET', url: '/payments?limit=100', headers: { authorization: `Bearer ${token.ownerA}` } });
      expect(listed.json().data.find((p: { _id: string }) => p._id === pid).invoice).toEqual(invoice);
      // a business customer in Karnataka (B2B): its GSTIN's state makes the supply inter-state, so IGST, on the invoice and its PDF
      const kaGstin = `29AAPFU0939F1Z${gstinCheckCharacter('29AAPFU0939F1Z')}`;
      const b2b = await post(
        membershipBody({
          amount: 10000,
          gstAmount: 0,
          totalAmount: undefined,
          billing: { gstin: kaGstin.toLowerCase(), name: 'Infosys Ltd', address: 'Electronics City, Bengaluru' },
        }),
      );
      expect(b2b.statusCode, b2b.body).toBe(201);
      expect(b2b.json().data).toMatchObject({
        gstAmount: 500,
        totalAmount: 10500,
        billing: { gstin: kaGstin, name: 'Infosys Ltd', address: 'Electronics City, Bengaluru' },
      });
      const b2bInvoice = await taxed.inject({
        method: 'POST',
        url: '/payments/invoices',
        headers: { authorization: `Bearer ${token.ownerA}` },
        payload: { paymentId: b2b.json().data._id },
      });
      expect(b2bInvoice.statusCode, b2bInvoice.body).toBe(201);
      expect(b2bInvoice.json().data).toMatchObject({
        recipient: { name: 'Infosys Ltd', gstin: kaGstin, address: 'Electronics City, Bengaluru' },
        placeOfSupply: { stateCode: '29' },
        taxableValue: 10000,
        cgstAmount: 0,
        sgstAmount: 0,
        igstAmount: 500,
        totalAmount: 10500,
      });
      const pdf = await taxed.inject({
        method: 'GET',
        url: `/payments/invoices/${b2bInvoice.json().data._id}/download`,
        headers: { authorization: `Bearer ${token.ownerA}` },
      });
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
      for (const s of [kaGstin, 'Infosys Ltd', 'Electronics City', 'IGST', '500.00', 'Karnataka']) expect(text).toContain(s);
      expect(text).not.toContain('CGST');
      // a GSTIN that fails its check, or has no state code: 400, nothing recorded
      const before = (await taxed.inject({ method: 'GET', url: '/payments?limit=1', headers: { authorization: `Bearer ${token.ownerA}` } })).json().totalCount;
      const badCheck = await post(membershipBody({ billing: { gstin: `${kaGstin.slice(0, 14)}${kaGstin[14] === 'A' ? 'B' : 'A'}`, address: 'Bengaluru' } }));
      expect(badCheck.statusCode).toBe(400);
      expect(expectError(badCheck, 400).message).toMatch(/GSTIN is not valid/);
      const badShape = await post(membershipBody({ billing: { gstin: '29-NOT-A-GSTIN', address: 'Bengaluru' } }));
      expect(badShape.statusCode).toBe(400);
      const noAddress = await post(membershipBody({ billing: { gstin: kaGstin, address: ' ' } }));
      expect(noAddress.statusCode).toBe(400);
      expect((await taxed.inject({ method: 'GET', url: '/payments?limit=1', headers: { authorization: `Bearer ${token.ownerA}` } })).json().totalCount).toBe(
        before,
      );
      // Payment Reports: the GST of the issued invoices per GSTIN per month, and per state (CGST + SGST at home, IGST to Karnataka)
      const rp = await taxed.inject({
        method: 'GET',
        url: '/payments/reports?startDate=2026-11-01&endDate=2026-11-30',
        headers: { authorization: `Bearer ${token.ownerA}` },
      });
      expect(rp.statusCode, rp.body).toBe(200);
      expect(rp.json().data.gstSummary).toEqual([
        { gstin, month: '2026-11', taxableValue: 12000, cgst: 50, sgst: 50, igst: 500, totalTax: 600, invoices: 2, creditNotes: 0 },
      ]);
      expect(rp.json().data.gstByState).toEqual([
        {
          gstin,
          placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
          supply: 'intra_state',
          taxableValue: 2000,
          cgst: 50,
          sgst: 50,
          igst: 0,
          totalTax: 100,
          invoices: 1,
          creditNotes: 0,
        },
        {
          gstin,
          placeOfSupply: { stateCode: '29', stateName: 'Karnataka' },
          supply: 'inter_state',
          taxableValue: 10000,
          cgst: 0,
          sgst: 0,
          igst: 500,
          totalTax: 500,
          invoices: 1,
          creditNotes: 0,
        },
      ]);
      // another gym sees none of it
      const other = await taxed.inject({
        method: 'GET',
        url: '/payments/reports?startDate=2026-11-01&endDate=2026-11-30',
        headers: { authorization: `Bearer ${token.adminB}` },
      });
      expect(other.json().data.gstSummary).toEqual([]);
      const unregistered = await post(membershipBody({ member: memberL2, amount: 2000, gstAmount: 0, totalAmount: undefined }));
      expect(unregistered.json().data).toMatchObject({ gstAmount: 0, totalAmount: 2000 });
      // every payment received carries the rule's GST (issue 31), not only memberships: a locker fee too, whatever was sent
      const locker = await post(membershipBody({ paymentType: 'locker_fee', amount: 500, gstAmount: 90, totalAmount: undefined }));
      expect(locker.json().data).toMatchObject({ gstAmount: 25, totalAmount: 525 });
      const sentGst = await post(membershipBody({ amount: 1000, gstAmount: 180, totalAmount: undefined }));
      expect(sentGst.json().data).toMatchObject({ amount: 1000, gstAmount: 50, totalAmount: 1050 });
      const term = await taxed.inject({
        method: 'POST',
        url: `/payments/member/${memberRavi}/membership`,
        headers: { authorization: `Bearer ${token.ownerA}` },
        payload: { membershipType: 'premium', paymentFrequency: 'monthly', amount: 2500, paymentMethod: 'cash', status: 'pending' },
      });
      expect(term.statusCode, term.body).toBe(201);
      expect(term.json().data).toMatchObject({ amount: 2500, gstAmount: 125, totalAmount: 2625 });
    } finally {
      await taxed.close();
    }
  });
});

// Issue 31: one GST figure, decided once by the server (the date-effective rule and the location's GST settings),
// shown the same on the payment, its invoice, the exports and the GST report; a gym without GST settings still
// gives a receipt. (L1 is GST-registered in Maharashtra since the test above; L2 has no tax settings.)
describe('one GST figure, and a receipt without GST settings', () => {
  const invoiceOf = async (paymentId: string) => {
    const res = await call('ownerA', 'POST', '/payments/invoices', { paymentId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };

  it('₹1,000 with ₹180 GST sent, or with GST left blank: the payment, its invoice and the exports all say ₹50 GST (5 %), CGST ₹25 + SGST ₹25', async () => {
    const sent = await call('ownerA', 'POST', '/payments', membershipBody({ amount: 1000, gstAmount: 180, totalAmount: 1180, description: 'GST sent' }));
    const blank = await call(
      'ownerA',
      'POST',
      '/payments',
      membershipBody({ amount: 1000, gstAmount: undefined, totalAmount: undefined, description: 'GST blank' }),
    );
    for (const res of [sent, blank]) {
      expect(res.statusCode, res.body).toBe(201);
      const p = res.json().data;
      expect(p).toMatchObject({
        amount: 1000,
        gstAmount: 50,
        totalAmount: 1050,
        gstSplit: { ratePercent: 5, supply: 'intra_state', cgst: 25, sgst: 25, igst: 0 },
      });
      // the invoice reads the payment's figures (it used to take ₹1,180 as GST-inclusive: ₹56.19; blank: ₹47.62)
      const inv = await invoiceOf(p._id);
      expect(inv).toMatchObject({ kind: 'tax_invoice', taxableValue: 1000, cgstAmount: 25, sgstAmount: 25, igstAmount: 0, totalTax: 50, totalAmount: 1050 });
      expect(inv.lines[0]).toMatchObject({ gstRate: 5, taxableValue: 1000, cgst: 25, sgst: 25, total: 1050 });
    }
    const ids = [sent.json().data._id, blank.json().data._id];
    const rows = (await call('ownerA', 'GET', '/payments/export?format=json&search=gst')).json() as Record<string, string | null>[];
    const exported = rows.filter((r) => ids.includes(r['Payment Id']!));
    expect(exported).toHaveLength(2);
    for (const r of exported)
      expect(r).toMatchObject({ Amount: '1000.00', GST: '50.00', 'GST Rate %': '5', CGST: '25.00', SGST: '25.00', IGST: '0.00', Total: '1050.00' });
    const csv = (await call('ownerA', 'GET', '/payments/export?search=gst')).body;
    for (const id of ids) expect(csv.split('\r\n').find((l) => l.endsWith(id))).toMatch(/,1000\.00,50\.00,5,25\.00,25\.00,0\.00,1050\.00,/);
  });

  it('an invoice issued after the rate changed keeps the GST the payment was recorded with', async () => {
    // As if recorded on 21 Sep 2025 at 18 % and invoiced now (5 % in force): the invoice shows the payment's 18 %.
    const p = (await call('ownerA', 'POST', '/payments', membershipBody({ amount: 1000, totalAmount: undefined, description: 'Recorded at 18%' }))).json().data;
    await svc.db
      .updateTable('payments')
      .set({
        gst_paise: 18_000,
        total_paise: 118_000,
        gst_split: JSON.stringify({ rateBps: 1800, supply: 'intra_state', cgstPaise: 9000, sgstPaise: 9000, igstPaise: 0 }) as never,
      })
      .where('id', '=', p._id)
      .execute();
    expect(await invoiceOf(p._id)).toMatchObject({ taxableValue: 1000, cgstAmount: 90, sgstAmount: 90, totalTax: 180, totalAmount: 1180 });
  });

  it('a gym without GST settings gives a receipt: titled Receipt, its own numbering, no tax, not in the GST report', async () => {
    const before = (await call('ownerA', 'GET', '/payments/reports?startDate=2026-11-01&endDate=2026-11-30')).json().data.gstSummary;
    const first = (await call('ownerA', 'POST', '/payments', membershipBody({ member: memberL2, amount: 1500, gstAmount: 270, totalAmount: undefined }))).json()
      .data;
    expect(first).toMatchObject({ locationId: L2, amount: 1500, gstAmount: 0, totalAmount: 1500 });
    const receipt = await invoiceOf(first._id);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      number: 'RCPT/26-27/00001',
      totalTax: 0,
      totalAmount: 1500,
      supplier: { gstin: null },
      recipient: { memberId: memberL2 },
    });
    expect((await call('ownerA', 'GET', `/payments/${first._id}`)).json().data.invoice).toEqual({ _id: receipt._id, number: 'RCPT/26-27/00001' });
    // the same receipt again; the next payment the next number
    expect((await invoiceOf(first._id))._id).toBe(receipt._id);
    const second = (await call('ownerA', 'POST', '/payments', membershipBody({ member: memberL2, amount: 700, totalAmount: undefined }))).json().data;
    expect((await invoiceOf(second._id)).number).toBe('RCPT/26-27/00002');
    const pdf = await call('ownerA', 'GET', `/payments/invoices/${receipt._id}/download`);
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
    for (const s of ['RECEIPT', 'Receipt No.', 'RCPT/26-27/00001', '1,500.00', 'not a tax invoice']) expect(text).toContain(s);
    for (const s of ['TAX INVOICE', 'BILL OF SUPPLY', 'GSTIN', 'CGST']) expect(text).not.toContain(s);
    expect(
      (await call('ownerA', 'GET', '/payments/invoices?kind=receipt'))
        .json()
        .data.map((i: { number: string }) => i.number)
        .sort(),
    ).toEqual(['RCPT/26-27/00001', 'RCPT/26-27/00002']);
    expect((await call('ownerA', 'GET', '/payments/reports?startDate=2026-11-01&endDate=2026-11-30')).json().data.gstSummary).toEqual(before);
    // a refund of a receipted payment issues no credit note (a receipt is no tax document)
    const refunded = await call('ownerA', 'POST', `/payments/${second._id}/refund`, { reason: 'Changed plans' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await call('ownerA', 'GET', '/payments/invoices?kind=credit_note')).json().data.map((i: { paymentId: string }) => i.paymentId)).not.toContain(
      second._id,
    );
  });
});
