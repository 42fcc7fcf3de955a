// Autopay (issue 28) end to end inside payments: staff turn autopay on for a plan (its Razorpay plan made through the
// REAL SDK against the local stand-in), a member starts it (the subscription made, Checkout's details answered), the
// member authorises it on the stand-in, and the stand-in's subscription webhooks — the exact bytes and signature it
// made — are posted to the webhook route: each captured charge renews once (a completed membership payment, source
// autopay, its period), failures go pending then halted, a replay or a forged or another gym's webhook changes nothing,
// and the member or staff cancel it. Roles and other organizations are refused.
import { AuthEvents, MemberEvents, type Role } from '@akhada/contracts';
import { razorpayStandinControls, startRazorpayStandin, type ListedWebhook, type RazorpayStandin } from '@akhada/infra/standins';
import { makeEnvelope, metadataOf, readStream } from '@akhada/kit';
import { addDays, addMonths, dateIn } from '@akhada/kit/domain';
import { sql } from 'kysely';
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { razorpayPort } from '../src/adapters/razorpay-port.ts';
import { autopayPaymentId } from '../src/app/autopay-webhook.ts';
import { duePaymentId, recordDuePayment, remindStaleDues, STALE_DUE_MS } from '../src/app/autopay-dunning.ts';
import { autopayDecider, autopayStreamId, type AutopayEvent } from '../src/domain/autopay/decider.ts';
import { onMembershipPlansChanged } from '../src/consumers/plans.ts';
import { memberHandlers } from '../src/consumers/members.ts';
import { runAutopayActions } from '../src/app/autopay-actions.ts';
import { announceDueCharges } from '../src/app/autopay-notices.ts';
import { bootPayments } from './setup.ts';

const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const LB = randomUUID();
const ownerA = randomUUID();
const adminL2 = randomUUID();
const trainerA = randomUUID();
const ownerB = randomUUID();
const asha = randomUUID();
const ravi = randomUUID();
const bina = randomUUID();
const planMonthly = randomUUID();
const planQuarterly = randomUUID();
const planB = randomUUID();
const keysA = { keyId: 'rzp_test_GymAlpha0001', keySecret: 'gym-a-key-secret', webhookSecret: 'gym-a-webhook-secret' };
const keysB = { keyId: 'rzp_test_GymBeta00002', keySecret: 'gym-b-key-secret', webhookSecret: 'gym-b-webhook-secret' };

type Who = 'ownerA' | 'adminL2' | 'trainerA' | 'asha' | 'ravi' | 'ownerB' | 'bina';
let standin: RazorpayStandin;
let svc: Awaited<ReturnType<typeof bootPayments>>;
let token: Record<Who, string>;

const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  svc.app.inject({ method, url, headers: { authorization: `Bearer ${token[who]}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const post = (raw: string, signature: string, eventId: string) =>
  svc.app.inject({
    method: 'POST',
    url: '/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
    payload: raw,
  });
/** Posts the stand-in's webhooks of a subscription not posted yet, in the order it made them, exactly as made. */
const posted = new Set<string>();
const deliver = async (subscriptionId: string) => {
  const hooks = standin.webhooks().filter((d) => d.body.includes(`"${subscriptionId}"`) && !posted.has(d.eventId));
  const answers: string[] = [];
  for (const d of hooks) {
    posted.add(d.eventId);
    const res = await post(d.body, d.signature, d.eventId);
    expect(res.statusCode, res.body).toBe(200);
    // The charge's own payment.captured / payment.failed (sent as Razorpay does) is acknowledged and changes nothing.
    if (d.event.startsWith('payment.')) expect((res.json() as { message: string }).message).toBe('subscription payment');
    else answers.push((res.json() as { message: string }).message);
  }
  return { hooks: hooks.filter((d) => !d.event.startsWith('payment.')), answers };
};
const autopayRow = (id: string) => svc.db.selectFrom('autopay_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentsOf = (memberId: string) =>
  svc.db
    .selectFrom('payments')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('source', '=', 'autopay')
    .where('status', '=', 'completed')
    .orderBy('period_start')
    .execute();
const today = () => dateIn('Asia/Kolkata', new Date());

/** A member in payments' copy of the directory, on a monthly premium fee; each test member has a phone of their own. */
const member = (id: string, org: string, location: string, first: string, endDate: string, phone = '+919000000001') =>
  svc.db
    .insertInto('pay_members')
    .values({
      id,
      org_id: org,
      location_id: location,
      first_name: first,
      last_name: 'Member',
      email: `${first.toLowerCase()}@example.in`,
      phone,
      membership_type: 'premium',
      payment_frequency: 'monthly',
      fee_paise: 200_000,
      start_date: '2026-01-01',
      end_date: endDate,
      status: 'active',
      trainer_id: null,
      locale: null,
      updated_at: new Date(),
    })
    .execute();

/** A member of gym A whose term has ended turns monthly autopay on and authorises it; the first charge is delivered. */
const onAutopay = async (id: string, first: string, phone: string) => {
  await member(id, orgA, L1, first, '2026-01-31', phone);
  const memberToken = await svc.keys.sign({ orgId: orgA, role: 'member', locationIds: [L1], userId: id });
  const started = await svc.app.inject({
    method: 'POST',
    url: '/payments/autopay',
    headers: { authorization: `Bearer ${memberToken}` },
    payload: { planId: planMonthly },
  });
  expect(started.statusCode, started.body).toBe(201);
  const autopayId = started.json().data.autopay._id as string;
  const sub = started.json().data.subscriptionId as string;
  standin.authenticateSubscription(sub, { method: 'upi' });
  await deliver(sub);
  return { memberToken, autopayId, sub };
};

beforeAll(async () => {
  standin = await startRazorpayStandin({ port: 0 });
  const controls = razorpayStandinControls(standin.url);
  await controls.registerAccount(keysA);
  await controls.registerAccount(keysB);
  svc = await bootPayments('payments_autopay', { clock: () => new Date(), razorpay: razorpayPort(standin.url), checkoutScriptUrl: standin.checkoutUrl });
  await svc.seed({
    orgs: [{ orgId: orgA }, { orgId: orgB }],
    locations: [
      { locationId: L1, orgId: orgA, name: 'Baner' },
      { locationId: L2, orgId: orgA, name: 'Aundh' },
      { locationId: LB, orgId: orgB, name: 'Other gym' },
    ],
  });
  const sign = (orgId: string, role: Role, locationIds: string[], userId: string) => svc.keys.sign({ orgId, role, locationIds, userId });
  token = {
    ownerA: await sign(orgA, 'owner', [L1, L2], ownerA),
    adminL2: await sign(orgA, 'admin', [L2], adminL2),
    trainerA: await sign(orgA, 'trainer', [L1], trainerA),
    asha: await sign(orgA, 'member', [L1], asha),
    ravi: await sign(orgA, 'member', [L1], ravi),
    ownerB: await sign(orgB, 'owner', [LB], ownerB),
    bina: await sign(orgB, 'member', [LB], bina),
  };
  // Asha's term has ended (her first charge is taken on authorising); Ravi's runs for 10 more days; Bina is gym B's.
  await member(asha, orgA, L1, 'Asha', '2026-01-31');
  await member(ravi, orgA, L1, 'Ravi', dateIn('Asia/Kolkata', new Date(Date.now() + 10 * 86_400_000)));
  await member(bina, orgB, LB, 'Bina', '2026-01-31');
  // The gyms' plans, as auth announces them (the consumer's own handler, in a transaction as the inbox runs it).
  const plans = (orgId: string, list: { planId: string; name: string; durationMonths: number; pricePaise: number; gstInclusive: boolean }[]) =>
    svc.db.transaction().execute((trx) =>
      onMembershipPlansChanged.handle(
        trx,
        makeEnvelope(AuthEvents.MembershipPlansChanged, {
          orgId,
          aggregateId: orgId,
          correlationId: orgId,
          causationId: orgId,
          occurredAt: new Date().toISOString(),
          data: { orgId, plans: list.map((p) => ({ ...p, type: 'premium' as const })) },
        }) as never,
      ),
    );
  await plans(orgA, [
    { planId: planMonthly, name: 'Premium monthly', durationMonths: 1, pricePaise: 236_000, gstInclusive: true },
    { planId: planQuarterly, name: 'Premium quarterly', durationMonths: 3, pricePaise: 600_000, gstInclusive: true },
  ]);
  await plans(orgB, [{ planId: planB, name: 'Beta monthly', durationMonths: 1, pricePaise: 150_000, gstInclusive: true }]);
  for (const [who, keys] of [
    ['ownerA', keysA],
    ['ownerB', keysB],
  ] as const) {
    const put = await call(who, 'PUT', '/payments/integrations/razorpay', keys);
    expect(put.statusCode, put.body).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await standin?.stop();
});

let ashaAutopay: string;
let ashaSubscription: string;

describe('staff turn autopay on per plan', () => {
  it('the owner turns it on: a Razorpay plan at the price each period, made once', async () => {
    const res = await call('ownerA', 'PUT', `/payments/autopay/plans/${planMonthly}`, { enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ planId: planMonthly, name: 'Premium monthly', membershipType: 'premium', periodMonths: 1, amount: 2360, enabled: true });
    const again = await call('adminL2', 'PUT', `/payments/autopay/plans/${planMonthly}`, { enabled: true });
    expect(again.statusCode, again.body).toBe(200);
    const made = standin.calls().filter((c) => c.method === 'POST' && c.path === '/v1/plans' && c.status === 200);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ keyId: keysA.keyId, body: { period: 'monthly', interval: 1, item: { amount: 236_000, currency: 'INR' } } });
    const row = await svc.db.selectFrom('autopay_plans').selectAll().where('plan_id', '=', planMonthly).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ org_id: orgA, enabled: true, key_id: keysA.keyId, period_months: 1 });
  });

  it('members see only plans with autopay; staff see all with their state', async () => {
    const staff = await call('ownerA', 'GET', '/payments/autopay/plans');
    expect(
      staff
        .json()
        .data.map((p: { planId: string; enabled: boolean }) => [p.planId, p.enabled])
        .sort(),
    ).toEqual(
      [
        [planMonthly, true],
        [planQuarterly, false],
      ].sort(),
    );
    const member = await call('asha', 'GET', '/payments/autopay/plans');
    expect(member.json().data.map((p: { planId: string }) => p.planId)).toEqual([planMonthly]);
    const other = await call('bina', 'GET', '/payments/autopay/plans');
    expect(other.json().data).toEqual([]);
  });

  it('refuses a member, a trainer, another gym’s plan, an unknown plan and bad input, changing nothing', async () => {
    const refusedMember = await call('asha', 'PUT', `/payments/autopay/plans/${planQuarterly}`, { enabled: true });
    expect(refusedMember.statusCode, refusedMember.body).toBe(403);
    expect((await call('trainerA', 'PUT', `/payments/autopay/plans/${planQuarterly}`, { enabled: true })).statusCode).toBe(403);
    expect((await call('ownerB', 'PUT', `/payments/autopay/plans/${planQuarterly}`, { enabled: true })).statusCode).toBe(404);
    expect((await call('ownerA', 'PUT', `/payments/autopay/plans/${randomUUID()}`, { enabled: true })).statusCode).toBe(404);
    expect((await call('ownerA', 'PUT', '/payments/autopay/plans/not-a-uuid', { enabled: true })).statusCode).toBe(400);
    expect((await call('ownerA', 'PUT', `/payments/autopay/plans/${planQuarterly}`, { enabled: 'yes' })).statusCode).toBe(400);
    expect(await svc.db.selectFrom('autopay_plans').select('plan_id').where('plan_id', '=', planQuarterly).executeTakeFirst()).toBeUndefined();
  });
});

describe('a member starts autopay and it renews with each charge', () => {
  it('starts: the subscription is made on the plan’s Razorpay plan, Checkout’s details answered; asking again answers the same', async () => {
    const res = await call('asha', 'POST', '/payments/autopay', { planId: planMonthly });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      keyId: keysA.keyId,
      checkoutScriptUrl: standin.checkoutUrl,
      prefill: { name: 'Asha Member', email: 'asha@example.in' },
      autopay: { memberId: asha, planId: planMonthly, status: 'created', amount: 2360, startDate: today(), charges: 0, paidThrough: null, locationId: L1 },
    });
    expect(data.subscriptionId).toMatch(/^sub_/);
    ashaAutopay = data.autopay._id;
    ashaSubscription = data.subscriptionId;
    const again = await call('asha', 'POST', '/payments/autopay', { planId: planMonthly });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.subscriptionId).toBe(ashaSubscription);
    expect(standin.calls().filter((c) => c.method === 'POST' && c.path === '/v1/subscriptions' && c.status === 200)).toHaveLength(1);
  });

  it('refuses staff, a plan without autopay, another gym’s plan and bad input', async () => {
    expect((await call('ownerA', 'POST', '/payments/autopay', { planId: planMonthly })).statusCode).toBe(403);
    expect((await call('ravi', 'POST', '/payments/autopay', { planId: planQuarterly })).statusCode).toBe(404);
    expect((await call('bina', 'POST', '/payments/autopay', { planId: planMonthly })).statusCode).toBe(404);
    expect((await call('ravi', 'POST', '/payments/autopay', { planId: 'x' })).statusCode).toBe(400);
    expect((await call('ravi', 'POST', '/payments/autopay', {})).statusCode).toBe(400);
  });

  it('authorised on Checkout: authenticated, activated and the first charge renews one month from today, once', async () => {
    standin.authenticateSubscription(ashaSubscription, { method: 'upi' });
    const { hooks, answers } = await deliver(ashaSubscription);
    expect(hooks.map((h) => h.event)).toEqual(['subscription.authenticated', 'subscription.activated', 'subscription.charged']);
    expect(answers).toEqual(['applied', 'applied', 'applied']);
    const row = await autopayRow(ashaAutopay);
    expect(row).toMatchObject({ status: 'active', charges: 1, paid_through: addMonths(today(), 1), failures: 0, method: 'upi' });
    // The method chosen on Checkout, as the stand-in's payment entities carry it (authentication's and the charge's).
    const methods = hooks.map((h) => (JSON.parse(h.body) as ListedWebhook['payload']).payload.payment?.entity.method);
    expect(methods).toEqual(['upi', undefined, 'upi']);
    const paid = await paymentsOf(asha);
    expect(paid).toHaveLength(1);
    const chargedPayment = (JSON.parse(hooks[2]!.body) as ListedWebhook['payload']).payload.payment!.entity;
    expect(paid[0]).toMatchObject({
      id: autopayPaymentId(orgA, chargedPayment.id as string),
      org_id: orgA,
      location_id: L1,
      category: 'member',
      type: 'membership_renewal',
      status: 'completed',
      method: 'razorpay',
      source: 'autopay',
      source_id: chargedPayment.id,
      period_start: today(),
      period_end: addMonths(today(), 1),
      payment_frequency: 'monthly',
      membership_type: 'premium',
    });
    expect(Number(paid[0]!.total_paise)).toBe(236_000);
    // The renewal is announced as any completed membership payment (members makes the term, invoices the invoice).
    const outbox = await svc.db.selectFrom('outbox').select('payload').orderBy('id').execute();
    const completed = outbox
      .map((o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as { type: string; data: { paymentId?: string; source?: string } })
      .filter((e) => e.type === 'payments.payment_completed' && e.data.paymentId === paid[0]!.id);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data.source).toBe('autopay');
  });

  it('a replay changes nothing: the same delivery again, and the same charge under a new delivery id', async () => {
    const charged = standin.webhooks().find((d) => d.event === 'subscription.charged' && d.body.includes(ashaSubscription))!;
    const before = await autopayRow(ashaAutopay);
    const same = await post(charged.body, charged.signature, charged.eventId);
    expect(same.json().message).toBe('duplicate');
    const fresh = await post(charged.body, charged.signature, 'evt_redelivered_01');
    expect(fresh.json().message).toBe('unchanged');
    expect(await paymentsOf(asha)).toHaveLength(1);
    expect(await autopayRow(ashaAutopay)).toMatchObject({ charges: before.charges, version: before.version, paid_through: before.paid_through });
  });

  it('payment.captured and payment.failed of a subscription’s payment are acknowledged (Razorpay stops retrying) and change nothing', async () => {
    const charged = standin.webhooks().find((d) => d.event === 'subscription.charged' && d.body.includes(ashaSubscription))!;
    const entity = (JSON.parse(charged.body) as ListedWebhook['payload']).payload.payment!.entity as Record<string, unknown>;
    const before = await autopayRow(ashaAutopay);
    const paymentHook = (event: string, e: Record<string, unknown>) =>
      JSON.stringify({ entity: 'event', account_id: 'acc_GymAlpha', event, contains: ['payment'], payload: { payment: { entity: e } }, created_at: 1 });
    const sign = (raw: string, secret = keysA.webhookSecret) => createHmac('sha256', secret).update(raw).digest('hex');
    const captured = paymentHook('payment.captured', entity);
    const ok = await post(captured, sign(captured), 'evt_sub_payment_captured');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('subscription payment');
    const failed = paymentHook('payment.failed', { ...entity, id: 'pay_SubFailed00001', status: 'failed', captured: false });
    expect((await post(failed, sign(failed), 'evt_sub_payment_failed')).json().message).toBe('subscription payment');
    // As real Razorpay sends it: no subscription_id, the invoice and the subscription's notes.
    const { subscription_id: _sub, ...plain } = entity;
    const byNotes = paymentHook('payment.captured', { ...plain, notes: { autopayId: ashaAutopay, orgId: orgA } });
    expect((await post(byNotes, sign(byNotes), 'evt_sub_payment_notes')).json().message).toBe('subscription payment');
    // Another gym's secret, or a subscription nobody holds, is refused as any webhook.
    expect((await post(captured, sign(captured, keysB.webhookSecret), 'evt_sub_payment_b')).statusCode).toBe(400);
    const unknown = paymentHook('payment.captured', { ...entity, subscription_id: 'sub_NobodyHoldsIt2' });
    expect((await post(unknown, sign(unknown), 'evt_sub_payment_unknown')).statusCode).toBe(400);
    expect(await paymentsOf(asha)).toHaveLength(1);
    expect(await autopayRow(ashaAutopay)).toMatchObject({ charges: before.charges, version: before.version, status: before.status });
  });

  it('the signature is checked on the raw body: a changed byte, another secret or no signature is refused and changes nothing', async () => {
    standin.chargeSubscription(ashaSubscription);
    const next = standin.webhooks().filter((d) => d.event.startsWith('subscription.') && d.body.includes(ashaSubscription) && !posted.has(d.eventId));
    expect(next.map((d) => d.event)).toEqual(['subscription.charged']);
    const d = next[0]!;
    // The same JSON re-serialised (spaces) is not the signed bytes.
    const reformatted = JSON.stringify(JSON.parse(d.body), null, 1);
    expect((await post(reformatted, d.signature, 'evt_reformatted')).statusCode).toBe(400);
    const tampered = d.body.replace('"amount":236000', '"amount":1');
    expect((await post(tampered, d.signature, 'evt_tampered')).statusCode).toBe(400);
    const gymB = createHmac('sha256', keysB.webhookSecret).update(d.body).digest('hex');
    expect((await post(d.body, gymB, 'evt_b_secret')).statusCode).toBe(400);
    const unsigned = await svc.app.inject({
      method: 'POST',
      url: '/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json' },
      payload: d.body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await autopayRow(ashaAutopay)).charges).toBe(1);
    expect(await paymentsOf(asha)).toHaveLength(1);
    // The real delivery renews the second month.
    expect((await deliver(ashaSubscription)).answers).toEqual(['applied']);
    expect(await autopayRow(ashaAutopay)).toMatchObject({ charges: 2, paid_through: addMonths(today(), 2) });
    expect((await paymentsOf(asha)).map((p) => [p.period_start, p.period_end])).toEqual([
      [today(), addMonths(today(), 1)],
      [addMonths(today(), 1), addMonths(today(), 2)],
    ]);
  });

  it('failed charges: pending, then halted (staff see it), renewing nothing; a later charge activates it and renews', async () => {
    standin.chargeSubscription(ashaSubscription, { outcome: 'failure' });
    expect((await deliver(ashaSubscription)).hooks.map((h) => h.event)).toEqual(['subscription.pending']);
    expect(await autopayRow(ashaAutopay)).toMatchObject({ status: 'pending', failures: 1, charges: 2 });
    standin.chargeSubscription(ashaSubscription, { outcome: 'failure', halt: true });
    expect((await deliver(ashaSubscription)).hooks.map((h) => h.event)).toEqual(['subscription.halted']);
    const halted = await call('ownerA', 'GET', '/payments/autopay?status=halted');
    expect(halted.json().data.map((a: { _id: string; failures: number }) => [a._id, a.failures])).toEqual([[ashaAutopay, 2]]);
    expect(await paymentsOf(asha)).toHaveLength(2);
    const report = await call('ownerA', 'GET', '/payments/autopay/report');
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.failed.map((a: { _id: string; status: string }) => [a._id, a.status])).toEqual([[ashaAutopay, 'halted']]);
    const failedEvents = (await svc.db.selectFrom('outbox').select('payload').orderBy('id').execute())
      .map((o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as { type: string; data: { autopayId?: string; halted?: boolean } })
      .filter((e) => e.type === 'payments.autopay_charge_failed' && e.data.autopayId === ashaAutopay);
    expect(failedEvents.map((e) => e.data.halted)).toEqual([false, true]);
    standin.chargeSubscription(ashaSubscription);
    expect((await deliver(ashaSubscription)).hooks.map((h) => h.event)).toEqual(['subscription.activated', 'subscription.charged']);
    expect(await autopayRow(ashaAutopay)).toMatchObject({ status: 'active', charges: 3, paid_through: addMonths(today(), 3) });
  });

  it('a webhook of another gym’s subscription changes only that gym’s autopay', async () => {
    expect((await call('ownerB', 'PUT', `/payments/autopay/plans/${planB}`, { enabled: true })).statusCode).toBe(200);
    const started = await call('bina', 'POST', '/payments/autopay', { planId: planB });
    expect(started.statusCode, started.body).toBe(201);
    const binaSub = started.json().data.subscriptionId as string;
    const before = await autopayRow(ashaAutopay);
    standin.authenticateSubscription(binaSub);
    const { hooks, answers } = await deliver(binaSub);
    expect(answers).toEqual(['applied', 'applied', 'applied']);
    // Gym B's delivery is signed with gym B's secret.
    expect(hooks[0]!.signature).toBe(createHmac('sha256', keysB.webhookSecret).update(hooks[0]!.body).digest('hex'));
    expect(await autopayRow(started.json().data.autopay._id)).toMatchObject({ org_id: orgB, status: 'active', charges: 1 });
    expect(await autopayRow(ashaAutopay)).toEqual(before);
    // Gym B's body edited to name gym A's subscription, signed with B's secret: refused (A's secret does not match).
    const forged = hooks[2]!.body.replaceAll(binaSub, ashaSubscription);
    expect((await post(forged, createHmac('sha256', keysB.webhookSecret).update(forged).digest('hex'), 'evt_forged')).statusCode).toBe(400);
    expect(await autopayRow(ashaAutopay)).toEqual(before);
    // A subscription no gym holds (nor names an autopay of ours in its notes) cannot be verified.
    const unknown = hooks[2]!.body.replaceAll(binaSub, 'sub_NobodyHoldsIt1').replaceAll(started.json().data.autopay._id as string, randomUUID());
    expect((await post(unknown, createHmac('sha256', keysB.webhookSecret).update(unknown).digest('hex'), 'evt_unknown')).statusCode).toBe(400);
  });

  it('one running autopay per member', async () => {
    const res = await call('asha', 'POST', '/payments/autopay', { planId: planMonthly });
    expect(res.statusCode).toBe(409);
  });
});

describe('seeing and cancelling autopay', () => {
  it('the member sees their own; staff of the organization see it; others do not', async () => {
    const mine = await call('asha', 'GET', '/payments/autopay/mine');
    expect(mine.json().data.map((a: { _id: string }) => a._id)).toEqual([ashaAutopay]);
    expect((await call('ravi', 'GET', '/payments/autopay/mine')).json().data).toEqual([]);
    const one = await call('asha', 'GET', `/payments/autopay/${ashaAutopay}`);
    expect(one.json().data).toMatchObject({
      _id: ashaAutopay,
      status: 'active',
      charges: 3,
      nextChargeDate: addMonths(today(), 3),
      cancelRequested: null,
      method: 'upi',
    });
    expect((await call('ownerA', 'GET', `/payments/autopay/${ashaAutopay}`)).statusCode).toBe(200);
    expect((await call('ravi', 'GET', `/payments/autopay/${ashaAutopay}`)).statusCode).toBe(404);
    expect((await call('adminL2', 'GET', `/payments/autopay/${ashaAutopay}`)).statusCode).toBe(404);
    expect((await call('ownerB', 'GET', `/payments/autopay/${ashaAutopay}`)).statusCode).toBe(404);
    expect((await call('trainerA', 'GET', `/payments/autopay/${ashaAutopay}`)).statusCode).toBe(403);
    expect((await call('asha', 'GET', '/payments/autopay')).statusCode).toBe(403);
    const listB = await call('ownerB', 'GET', '/payments/autopay');
    expect(listB.json().data.every((a: { memberId: string }) => a.memberId === bina)).toBe(true);
    const byMember = await call('ownerA', 'GET', `/payments/autopay?memberId=${asha}`);
    expect(byMember.json().data.map((a: { _id: string }) => a._id)).toEqual([ashaAutopay]);
    expect((await call('ownerA', 'GET', '/payments/autopay?status=nope')).statusCode).toBe(400);
  });

  it('others cannot cancel it; the member cancels at the end of the paid period, and the next cycle ends it', async () => {
    for (const who of ['ravi', 'adminL2', 'ownerB'] as const)
      expect((await call(who, 'POST', `/payments/autopay/${ashaAutopay}/cancel`, {})).statusCode).toBe(404);
    expect((await call('trainerA', 'POST', `/payments/autopay/${ashaAutopay}/cancel`, {})).statusCode).toBe(403);
    const res = await call('asha', 'POST', `/payments/autopay/${ashaAutopay}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'active', cancelRequested: 'cycle_end', nextChargeDate: null });
    const rzp = razorpayPort(standin.url).client(keysA);
    expect(await rzp.subscriptions.fetch(ashaSubscription)).toMatchObject({ status: 'active', has_scheduled_changes: true });
    // The paid period ends: Razorpay cancels instead of charging.
    standin.chargeSubscription(ashaSubscription);
    expect((await deliver(ashaSubscription)).hooks.map((h) => h.event)).toEqual(['subscription.cancelled']);
    expect(await autopayRow(ashaAutopay)).toMatchObject({ status: 'cancelled', charges: 3 });
    expect(await paymentsOf(asha)).toHaveLength(3);
    expect((await call('asha', 'POST', `/payments/autopay/${ashaAutopay}/cancel`, {})).statusCode).toBe(409);
  });

  it('staff cancel one now; a member may start again after', async () => {
    const started = await call('asha', 'POST', '/payments/autopay', { planId: planMonthly });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().data.autopay._id as string;
    const sub = started.json().data.subscriptionId as string;
    standin.authenticateSubscription(sub);
    await deliver(sub);
    const res = await call('ownerA', 'POST', `/payments/autopay/${id}/cancel`, { atCycleEnd: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.cancelRequested).toBe('now');
    expect((await deliver(sub)).hooks.map((h) => h.event)).toEqual(['subscription.cancelled']);
    expect(await autopayRow(id)).toMatchObject({ status: 'cancelled' });
    expect((await call('ownerA', 'POST', `/payments/autopay/${id}/cancel`, { atCycleEnd: 'no' })).statusCode).toBe(400);
  });

  it('a member whose term still runs is charged when it ends: authorised now, the first charge pays from the end date', async () => {
    const started = await call('ravi', 'POST', '/payments/autopay', { planId: planMonthly });
    expect(started.statusCode, started.body).toBe(201);
    const endDate = (await svc.db.selectFrom('pay_members').select('end_date').where('id', '=', ravi).executeTakeFirstOrThrow()).end_date;
    expect(started.json().data.autopay.startDate).toBe(endDate);
    // Unknown until Razorpay's payment names it.
    expect(started.json().data.autopay.method).toBeNull();
    const sub = started.json().data.subscriptionId as string;
    standin.authenticateSubscription(sub, { method: 'card' });
    expect((await deliver(sub)).hooks.map((h) => h.event)).toEqual(['subscription.authenticated']);
    const id = started.json().data.autopay._id as string;
    // The card mandate's authorisation payment (₹1) names the method before any charge.
    expect(await autopayRow(id)).toMatchObject({ status: 'authenticated', charges: 0, method: 'card' });
    expect((await call('ravi', 'GET', `/payments/autopay/${id}`)).json().data.method).toBe('card');
    expect(await paymentsOf(ravi)).toHaveLength(0);
    standin.chargeSubscription(sub);
    await deliver(sub);
    expect(await autopayRow(id)).toMatchObject({ status: 'active', charges: 1, paid_through: addMonths(endDate, 1), method: 'card' });
    expect((await paymentsOf(ravi)).map((p) => [p.period_start, p.period_end])).toEqual([[endDate, addMonths(endDate, 1)]]);
  });

  it('staff’s report: the charges due in the next days with their total, scoped to their locations', async () => {
    const endDate = (await svc.db.selectFrom('pay_members').select('end_date').where('id', '=', ravi).executeTakeFirstOrThrow()).end_date;
    const ravis = await svc.db
      .selectFrom('autopay_subscriptions')
      .select('id')
      .where('member_id', '=', ravi)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    // Ravi's next charge is a month after his term's end (10 days from now): 38 to 41 days ahead.
    const in60 = await call('ownerA', 'GET', '/payments/autopay/report?days=60');
    expect(in60.statusCode, in60.body).toBe(200);
    const data = in60.json().data;
    expect(data).toMatchObject({ from: today(), upcomingTotal: 2360, failed: [] });
    expect(data.upcoming.map((u: { date: string; amount: number; autopay: { _id: string } }) => [u.date, u.amount, u.autopay._id])).toEqual([
      [addMonths(endDate, 1), 2360, ravis.id],
    ]);
    expect((await call('ownerA', 'GET', '/payments/autopay/report?days=30')).json().data.upcoming).toEqual([]);
    expect((await call('adminL2', 'GET', '/payments/autopay/report?days=60')).json().data.upcoming).toEqual([]);
    const gymB = (await call('ownerB', 'GET', '/payments/autopay/report?days=60')).json().data;
    expect(gymB.upcoming.map((u: { autopay: { memberId: string } }) => u.autopay.memberId)).toEqual([bina]);
    expect((await call('asha', 'GET', '/payments/autopay/report')).statusCode).toBe(403);
    expect((await call('ownerA', 'GET', '/payments/autopay/report?days=0')).statusCode).toBe(400);
    expect((await call('ownerA', 'GET', '/payments/autopay/report?days=abc')).statusCode).toBe(400);
  });
});

describe('a freeze pauses the autopay, the unfreeze resumes it', () => {
  /** A members event handled as the payments.members consumer does (its handler, in one transaction). */
  const handle = async (env: ReturnType<typeof makeEnvelope>) => {
    const handler = memberHandlers.find((h) => h.type === env.type)!;
    await svc.db.transaction().execute((trx) => handler.handle(trx, env as never));
  };
  const meta = { orgId: orgA, aggregateId: ravi, correlationId: ravi, causationId: ravi, locationId: L1 };

  it('pauses Ravi’s running autopay through Razorpay once, however often the freeze is delivered, and resumes it on the unfreeze', async () => {
    const row = await svc.db
      .selectFrom('autopay_subscriptions')
      .selectAll()
      .where('member_id', '=', ravi)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    const frozen = makeEnvelope(MemberEvents.MembershipFrozen, {
      ...meta,
      occurredAt: new Date().toISOString(),
      data: { memberId: ravi, frozenFrom: today(), reason: 'Travel' },
    });
    await handle(frozen);
    await handle(frozen);
    expect(await runAutopayActions(svc.deps)).toBe(1);
    expect(await runAutopayActions(svc.deps)).toBe(0);
    const pauses = () => standin.calls().filter((c) => c.path === `/v1/subscriptions/${row.razorpay_subscription_id}/pause` && c.status === 200);
    expect(pauses()).toHaveLength(1);
    expect((await deliver(row.razorpay_subscription_id)).hooks.map((h) => h.event)).toEqual(['subscription.paused']);
    expect(await autopayRow(row.id)).toMatchObject({ status: 'paused' });
    // Asha's own autopay (cancelled) and gym B's are untouched.
    expect(await svc.db.selectFrom('autopay_actions').select('autopay_id').execute()).toEqual([{ autopay_id: row.id }]);

    const unfrozen = makeEnvelope(MemberEvents.MembershipUnfrozen, {
      ...meta,
      occurredAt: new Date(Date.now() + 1000).toISOString(),
      data: { memberId: ravi, daysFrozen: 5, endDate: addMonths(today(), 1) },
    });
    await handle(unfrozen);
    expect(await runAutopayActions(svc.deps)).toBe(1);
    expect((await deliver(row.razorpay_subscription_id)).hooks.map((h) => h.event)).toEqual(['subscription.resumed']);
    expect(await autopayRow(row.id)).toMatchObject({ status: 'active' });
    expect(standin.calls().filter((c) => c.path === `/v1/subscriptions/${row.razorpay_subscription_id}/resume` && c.status === 200)).toHaveLength(1);
  });

  it('a freeze of a member without a running autopay asks nothing', async () => {
    const before = (await svc.db.selectFrom('autopay_actions').select('id').execute()).length;
    await handle(
      makeEnvelope(MemberEvents.MembershipFrozen, {
        ...meta,
        aggregateId: asha,
        occurredAt: new Date().toISOString(),
        data: { memberId: asha, frozenFrom: today(), reason: null },
      }),
    );
    expect((await svc.db.selectFrom('autopay_actions').select('id').execute()).length).toBe(before);
  });
});

describe('a failure between receiving a charge and renewing', () => {
  it('commits nothing (the webhook answers an error, Razorpay delivers again) and the redelivery renews once', async () => {
    const row = await svc.db.selectFrom('autopay_subscriptions').selectAll().where('member_id', '=', bina).executeTakeFirstOrThrow();
    const before = await svc.db.selectFrom('payments').select('id').where('member_id', '=', bina).execute();
    // The renewal's payment insert fails once (a sequence is not rolled back with the transaction it fails).
    await sql`create sequence autopay_fault_seq`.execute(svc.db);
    await sql`create function autopay_fault() returns trigger language plpgsql as $$
      begin
        if nextval('autopay_fault_seq') = 1 then raise exception 'injected fault: payments went away'; end if;
        return new;
      end $$`.execute(svc.db);
    await sql`create trigger autopay_fault before insert on payments for each row execute function autopay_fault()`.execute(svc.db);
    try {
      standin.chargeSubscription(row.razorpay_subscription_id);
      const d = standin
        .webhooks()
        .filter((h) => h.event.startsWith('subscription.') && h.body.includes(row.razorpay_subscription_id) && !posted.has(h.eventId));
      expect(d.map((h) => h.event)).toEqual(['subscription.charged']);
      const failed = await post(d[0]!.body, d[0]!.signature, d[0]!.eventId);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(await autopayRow(row.id)).toEqual(row);
      expect(await svc.db.selectFrom('payments').select('id').where('member_id', '=', bina).execute()).toEqual(before);
      expect(await svc.db.selectFrom('razorpay_webhook_events').select('event_id').where('event_id', '=', d[0]!.eventId).executeTakeFirst()).toBeUndefined();
      // Razorpay's retry of the same delivery renews, once; a further retry is a duplicate.
      expect((await post(d[0]!.body, d[0]!.signature, d[0]!.eventId)).json().message).toBe('applied');
      expect((await post(d[0]!.body, d[0]!.signature, d[0]!.eventId)).json().message).toBe('duplicate');
      posted.add(d[0]!.eventId);
      expect(await autopayRow(row.id)).toMatchObject({ charges: row.charges + 1, paid_through: addMonths(row.start_date, row.charges + 1) });
      expect(await svc.db.selectFrom('payments').select('id').where('member_id', '=', bina).execute()).toHaveLength(before.length + 1);
    } finally {
      await sql`drop trigger autopay_fault on payments`.execute(svc.db);
    }
  });
});

describe('pre-debit notices', () => {
  it('announce each running autopay’s next charge once, two days ahead, with the member’s contact', async () => {
    const row = await svc.db
      .selectFrom('autopay_subscriptions')
      .selectAll()
      .where('member_id', '=', ravi)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    const due = row.paid_through!;
    const at = (date: string) => ({ ...svc.deps, clock: () => new Date(`${date}T06:00:00+05:30`) });
    const notices = async () =>
      (await svc.db.selectFrom('outbox').select('payload').orderBy('id').execute())
        .map((o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as { type: string; data: Record<string, unknown> })
        .filter((e) => e.type === 'payments.autopay_charge_due');
    expect(await announceDueCharges(at(addDays(due, -3)))).toBe(0);
    expect(await announceDueCharges(at(addDays(due, -2)))).toBe(1);
    expect(await announceDueCharges(at(addDays(due, -1)))).toBe(0);
    const mine = (await notices()).filter((e) => e.data.autopayId === row.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toMatchObject({
      memberId: ravi,
      chargeNo: row.charges + 1,
      dueDate: due,
      amountPaise: 236_000,
      email: 'ravi@example.in',
      status: 'active',
    });
  });
});

describe('a failed charge: "Pay now" (issue 28 dunning)', () => {
  const meera = randomUUID();
  let meeraToken: string;
  let autopayId: string;
  let sub: string;
  const dueRow = (cycle: number) =>
    svc.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', duePaymentId(orgA, autopayId, cycle))
      .executeTakeFirst();
  const duesOf = () =>
    svc.db.selectFrom('payments').selectAll().where('member_id', '=', meera).where('source_id', 'like', 'due:%').orderBy('period_start').execute();
  const completedOf = (paymentId: string) =>
    svc.db
      .selectFrom('outbox')
      .select('payload')
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows
          .map((o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as { type: string; data: { paymentId?: string } })
          .filter((e) => e.type === 'payments.payment_completed' && e.data.paymentId === paymentId),
      );

  beforeAll(async () => {
    ({ memberToken: meeraToken, autopayId, sub: sub } = await onAutopay(meera, 'Meera', '+919000000002'));
    expect(await autopayRow(autopayId)).toMatchObject({ charges: 1, paid_through: addMonths(today(), 1) });
  });

  it('the first failure of a cycle makes one pending payment for its amount and period, with a link, in Pending payments; Razorpay’s retry succeeding cancels it', async () => {
    standin.chargeSubscription(sub, { outcome: 'failure' });
    await deliver(sub);
    const due = await dueRow(2);
    expect(due).toMatchObject({
      org_id: orgA,
      location_id: L1,
      member_id: meera,
      status: 'pending',
      source: 'autopay',
      source_id: `due:${autopayId}:2`,
      due_date: addMonths(today(), 1),
      period_start: addMonths(today(), 1),
      period_end: addMonths(today(), 2),
    });
    expect(Number(due!.total_paise)).toBe(236_000);
    // The "Pay now" link (the payment-link path, the gym's Razorpay account).
    expect(due!.razorpay_link_url).toMatch(/^http/);
    // …and the member is told at once with it (the reminder notifications delivers).
    const reminders = (await svc.db.selectFrom('outbox').select('payload').orderBy('id').execute())
      .map(
        (o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as { type: string; data: { paymentId?: string; paymentLinkUrl?: string } },
      )
      .filter((e) => e.type === 'payments.payment_reminder_requested' && e.data.paymentId === due!.id);
    expect(reminders.map((e) => e.data.paymentLinkUrl)).toEqual([due!.razorpay_link_url]);
    const pending = await call('ownerA', 'GET', '/payments/pending?limit=100');
    expect(pending.statusCode, pending.body).toBe(200);
    const item = pending.json().data.find((p: { _id: string }) => p._id === due!.id);
    expect(item).toMatchObject({ memberId: meera, totalAmount: 2360, dueDate: addMonths(today(), 1) });
    expect(['critical', 'urgent', 'overdue', 'due_soon']).toContain(item.urgency);
    // The member sees it as their own; another gym does not.
    expect((await svc.app.inject({ method: 'GET', url: `/payments/${due!.id}`, headers: { authorization: `Bearer ${meeraToken}` } })).statusCode).toBe(200);
    expect((await call('ownerB', 'GET', `/payments/${due!.id}`)).statusCode).toBe(404);
    // Razorpay's further failures of the same cycle (halted at last) add nothing.
    standin.chargeSubscription(sub, { outcome: 'failure', halt: true });
    expect((await deliver(sub)).hooks.map((h) => h.event)).toEqual(['subscription.halted']);
    expect(await duesOf()).toHaveLength(1);
    // The retry succeeds first: the cycle renews once by the charge, the "Pay now" is cancelled (never paid twice).
    standin.chargeSubscription(sub);
    await deliver(sub);
    expect(await autopayRow(autopayId)).toMatchObject({ status: 'active', charges: 2, paid_through: addMonths(today(), 2) });
    expect((await dueRow(2))!.status).toBe('cancelled');
    expect((await paymentsOf(meera)).map((p) => [p.period_start, p.period_end])).toEqual([
      [today(), addMonths(today(), 1)],
      [addMonths(today(), 1), addMonths(today(), 2)],
    ]);
  });

  it('the member pays "Pay now" first: the membership renews once for that cycle, and Razorpay’s later retry is the next period, never the same one twice', async () => {
    standin.chargeSubscription(sub, { outcome: 'failure', halt: true });
    await deliver(sub);
    const due = (await dueRow(3))!;
    expect(due).toMatchObject({ status: 'pending', period_start: addMonths(today(), 2), period_end: addMonths(today(), 3) });
    const paid = await call('ownerA', 'POST', `/payments/${due.id}/mark-paid`, { paymentMethod: 'upi' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await completedOf(due.id)).toHaveLength(1);
    expect(await autopayRow(autopayId)).toMatchObject({ status: 'halted', charges: 3, paid_through: addMonths(today(), 3) });
    // Paid twice (a second desk click) is refused and counts nothing more.
    expect((await call('ownerA', 'POST', `/payments/${due.id}/mark-paid`, {})).statusCode).toBe(409);
    expect(await autopayRow(autopayId)).toMatchObject({ charges: 3 });
    // Razorpay collects its retry of that cycle later: counted once, as the next period (3 → 4 months).
    standin.chargeSubscription(sub);
    await deliver(sub);
    expect(await autopayRow(autopayId)).toMatchObject({ status: 'active', charges: 4, paid_through: addMonths(today(), 4) });
    expect((await paymentsOf(meera)).map((p) => [p.period_start, p.period_end])).toEqual([
      [today(), addMonths(today(), 1)],
      [addMonths(today(), 1), addMonths(today(), 2)],
      [addMonths(today(), 2), addMonths(today(), 3)],
      [addMonths(today(), 3), addMonths(today(), 4)],
    ]);
    expect((await dueRow(3))!.status).toBe('completed');
    expect(await completedOf(due.id)).toHaveLength(1);
  });

  it('payments dies after a failure’s commit, before its link and reminder: after a minute the job makes the link and one reminder; again, nothing', async () => {
    const remindersOf = async (paymentId: string) =>
      (await svc.db.selectFrom('outbox').select('payload').orderBy('id').execute())
        .map(
          (o) => (typeof o.payload === 'string' ? JSON.parse(o.payload) : o.payload) as { type: string; data: { paymentId?: string; paymentLinkUrl?: string } },
        )
        .filter((e) => e.type === 'payments.payment_reminder_requested' && e.data.paymentId === paymentId);
    // The state exactly as the webhook's transaction leaves it (the next cycle's "Pay now" recorded), then the crash:
    // nothing of what comes after the commit ran.
    const { events } = await readStream<AutopayEvent>(svc.db as never, autopayStreamId(autopayId));
    const state = events.reduce((s, e) => autopayDecider.evolve(s, e.event), autopayDecider.initialState());
    const meta = metadataOf({ orgId: orgA, correlationId: sub, requestId: randomUUID() }, { locationId: L1 });
    const dueId = await svc.db.transaction().execute((trx) => recordDuePayment(trx, state.terms!, state, meta, new Date().toISOString()));
    expect(dueId).toBe(duePaymentId(orgA, autopayId, 5));
    expect(await dueRow(5)).toMatchObject({ status: 'pending', razorpay_link_url: null });
    expect(await remindersOf(dueId!)).toHaveLength(0);
    // Within the minute the webhook's own path may still be at it: the job leaves it.
    expect(await remindStaleDues(svc.deps)).toBe(0);
    // Meera was reminded today already (cycles 2 and 3; one reminder per member a day): the job's run of tomorrow.
    const later = { ...svc.deps, clock: () => new Date(Date.now() + 86_400_000 + STALE_DUE_MS) };
    expect(await remindStaleDues(later)).toBe(1);
    const due = (await dueRow(5))!;
    expect(due.razorpay_link_url).toMatch(/^http/);
    expect((await remindersOf(dueId!)).map((e) => e.data.paymentLinkUrl)).toEqual([due.razorpay_link_url]);
    expect(await svc.db.selectFrom('reminders').select('id').where('payment_id', '=', dueId!).execute()).toHaveLength(1);
    // Once: a second run (or the one after) does nothing, and the cycles' earlier "Pay now" payments were not touched.
    expect(await remindStaleDues(later)).toBe(0);
    expect(await remindersOf(dueId!)).toHaveLength(1);
    expect(await remindersOf(duePaymentId(orgA, autopayId, 2))).toHaveLength(1);
  });
});

describe('a member changes the method (issue 28): a new subscription from the next charge date', () => {
  const kiran = randomUUID();
  let kiranToken: string;
  let autopayId: string;
  let oldSub: string;
  const change = (tok: string, id = autopayId) =>
    svc.app.inject({ method: 'POST', url: `/payments/autopay/${id}/change-method`, headers: { authorization: `Bearer ${tok}` } });

  beforeAll(async () => {
    ({ memberToken: kiranToken, autopayId, sub: oldSub } = await onAutopay(kiran, 'Kiran', '+919000000003'));
    expect(await autopayRow(autopayId)).toMatchObject({ charges: 1, paid_through: addMonths(today(), 1), razorpay_subscription_id: oldSub });
  });

  it('refuses staff (403) and another member’s or gym’s caller (404), changing nothing', async () => {
    expect((await call('ownerA', 'POST', `/payments/autopay/${autopayId}/change-method`)).statusCode).toBe(403);
    expect((await call('trainerA', 'POST', `/payments/autopay/${autopayId}/change-method`)).statusCode).toBe(403);
    expect((await call('asha', 'POST', `/payments/autopay/${autopayId}/change-method`)).statusCode).toBe(404);
    expect((await call('bina', 'POST', `/payments/autopay/${autopayId}/change-method`)).statusCode).toBe(404);
    expect((await call('ownerB', 'POST', `/payments/autopay/${autopayId}/change-method`)).statusCode).toBe(403);
    expect((await change(kiranToken, 'not-a-uuid')).statusCode).toBe(400);
    expect(await autopayRow(autopayId)).toMatchObject({ razorpay_subscription_id: oldSub, replacement_subscription_id: null });
  });

  it('abandoned (never authorised): nothing changes — the old subscription charges and renews as before', async () => {
    const res = await change(kiranToken);
    expect(res.statusCode, res.body).toBe(200);
    const abandoned = res.json().data.subscriptionId as string;
    expect(abandoned).not.toBe(oldSub);
    expect(res.json().data).toMatchObject({ keyId: keysA.keyId, autopay: { _id: autopayId } });
    // Asked again before a charge: the same one.
    expect((await change(kiranToken)).json().data.subscriptionId).toBe(abandoned);
    standin.chargeSubscription(oldSub);
    await deliver(oldSub);
    expect(await autopayRow(autopayId)).toMatchObject({ razorpay_subscription_id: oldSub, charges: 2, paid_through: addMonths(today(), 2), status: 'active' });
    // Checkout left open across that charge, then authorised: not followed (its first charge would buy a period already
    // paid) and cancelled at once, so it never charges beside the old one.
    standin.authenticateSubscription(abandoned, { method: 'card' });
    await deliver(abandoned);
    expect(await autopayRow(autopayId)).toMatchObject({ razorpay_subscription_id: oldSub, charges: 2, paid_through: addMonths(today(), 2) });
    const staleOne = (await razorpayPort(standin.url).client(keysA).subscriptions.fetch(abandoned)) as unknown as { status: string };
    expect(staleOne.status).toBe('cancelled');
    // Its cancellation's webhook (the autopay no longer tracks it; its notes name the autopay): acknowledged, nothing changed.
    expect((await deliver(abandoned)).hooks.map((h) => h.event)).toEqual(['subscription.cancelled']);
    expect(await autopayRow(autopayId)).toMatchObject({ razorpay_subscription_id: oldSub, charges: 2, status: 'active' });
    // Made for a next charge that has been paid since: a new ask makes a new one (from the new next charge date).
    const again = await change(kiranToken);
    expect(again.json().data.subscriptionId).not.toBe(abandoned);
  });

  it('authorised: the autopay follows the new subscription, the old is cancelled at its cycle end, and the next charge renews the next period once', async () => {
    const res = await change(kiranToken);
    const newSub = res.json().data.subscriptionId as string;
    const created = (await razorpayPort(standin.url).client(keysA).subscriptions.fetch(newSub)) as unknown as { start_at: number };
    // Its first charge is the next period: from the paid-through date.
    expect(dateIn('Asia/Kolkata', new Date(Number(created.start_at) * 1000))).toBe(addMonths(today(), 2));
    standin.authenticateSubscription(newSub, { method: 'card' });
    await deliver(newSub);
    expect(await autopayRow(autopayId)).toMatchObject({
      razorpay_subscription_id: newSub,
      replacement_subscription_id: null,
      previous_subscription_ids: [oldSub],
      charges: 2,
      paid_through: addMonths(today(), 2),
      method: 'card',
    });
    const old = (await razorpayPort(standin.url).client(keysA).subscriptions.fetch(oldSub)) as unknown as Record<string, unknown>;
    expect(old).toMatchObject({ status: 'active', has_scheduled_changes: true });
    // The old one's cycle end: Razorpay cancels it and charges nothing; the autopay is unchanged by its webhook.
    standin.chargeSubscription(oldSub);
    expect((await deliver(oldSub)).hooks.map((h) => h.event)).toEqual(['subscription.cancelled']);
    expect(await autopayRow(autopayId)).toMatchObject({ status: 'authenticated', charges: 2, cancel_requested: null });
    // The new one's first charge renews the next period, once.
    standin.chargeSubscription(newSub);
    await deliver(newSub);
    expect(await autopayRow(autopayId)).toMatchObject({ status: 'active', charges: 3, paid_through: addMonths(today(), 3) });
    expect((await paymentsOf(kiran)).map((p) => [p.period_start, p.period_end])).toEqual([
      [today(), addMonths(today(), 1)],
      [addMonths(today(), 1), addMonths(today(), 2)],
      [addMonths(today(), 2), addMonths(today(), 3)],
    ]);
    const mine = await svc.app.inject({ method: 'GET', url: '/payments/autopay/mine', headers: { authorization: `Bearer ${kiranToken}` } });
    expect(mine.json().data[0]).toMatchObject({ _id: autopayId, razorpaySubscriptionId: newSub, nextChargeDate: addMonths(today(), 3), method: 'card' });
  });
});
