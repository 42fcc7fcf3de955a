// The stand-in's Subscriptions API through the REAL `razorpay` SDK (built by the one factory): plans, subscriptions,
// the member's authorisation, charges, failed charges up to the halt, pause, resume, cancel now and at cycle end, and
// the subscription webhooks (signed over the raw body with the webhook secret, redelivered byte for byte).
import { MAX_CHARGE_ATTEMPTS, RAZORPAY_STANDIN_DEFAULTS, startRazorpayStandin, type RazorpayStandin } from '@akhada/infra/standins';
import { once } from 'node:events';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRazorpayClient, verifyWebhookSignature, type Razorpay } from '../src/adapters/razorpay.ts';
import { createHmac } from 'node:crypto';

interface Received {
  raw: Buffer;
  signature: string;
  eventId: string;
  body: { event: string; contains: string[]; payload: Record<string, { entity: Record<string, unknown> }> };
}

let standin: RazorpayStandin;
let receiver: http.Server;
let received: Received[] = [];
let rzp: Razorpay;
const { keyId, keySecret, webhookSecret } = RAZORPAY_STANDIN_DEFAULTS;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({
        raw,
        signature: String(req.headers['x-razorpay-signature'] ?? ''),
        eventId: String(req.headers['x-razorpay-event-id'] ?? ''),
        body: JSON.parse(raw.toString('utf8')) as Received['body'],
      });
      res.writeHead(200).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  standin = await startRazorpayStandin({ port: 0, webhookUrl: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook` });
  rzp = createRazorpayClient({ keyId, keySecret, baseUrl: standin.url });
});
afterAll(async () => {
  await standin?.stop();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});
beforeEach(() => {
  standin.reset();
  received = [];
});

const caught = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as { statusCode: number; error: { description: string; field?: string } };
  }
  throw new Error('expected the call to fail');
};
const events = async () => {
  await standin.idle();
  // The subscription's own webhooks (each charge's payment.captured / payment.failed also comes: see the first test).
  return received.filter((r) => r.body.event.startsWith('subscription.')).map((r) => r.body.event);
};
const monthlyPlan = () =>
  rzp.plans.create({ period: 'monthly', interval: 1, item: { name: 'Premium monthly', amount: 200_000, currency: 'INR' }, notes: { akhadaPlanId: 'p1' } });

describe('plans and subscriptions through the SDK', () => {
  it('creates and fetches a plan in Razorpay’s shape, and refuses a bad one in Razorpay’s words', async () => {
    const plan = await monthlyPlan();
    expect(plan).toMatchObject({ entity: 'plan', period: 'monthly', interval: 1, item: { name: 'Premium monthly', amount: 200_000, currency: 'INR' } });
    expect(plan.id).toMatch(/^plan_[A-Za-z0-9]{14}$/);
    expect(await rzp.plans.fetch(plan.id)).toEqual(plan);
    const bad = await caught(rzp.plans.create({ period: 'fortnightly' as never, interval: 1, item: { name: 'x', amount: 100, currency: 'INR' } }));
    expect(bad).toMatchObject({ statusCode: 400, error: { field: 'period' } });
    const other = createRazorpayClient({ keyId: 'rzp_test_OtherGym0002', keySecret: 'other-secret', baseUrl: standin.url });
    expect(await caught(other.plans.fetch(plan.id))).toMatchObject({ statusCode: 400 });
  });

  it('a subscription: created, authorised (authenticated, activated, charged), charged again, signed webhooks', async () => {
    const plan = await monthlyPlan();
    const sub = await rzp.subscriptions.create({ plan_id: plan.id, total_count: 12, customer_notify: 0, notes: { memberId: 'm1' } });
    expect(sub).toMatchObject({ entity: 'subscription', status: 'created', plan_id: plan.id, total_count: 12, paid_count: 0, quantity: 1 });
    expect(sub.short_url).toContain(sub.id);

    // The member authorises on Checkout: Checkout's handler response is signed with the key secret.
    const res = await fetch(`${standin.url}/v1/checkout/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: keyId, subscription_id: sub.id, method: 'upi' }),
    });
    expect(res.status).toBe(200);
    const handler = (await res.json()) as Record<string, string>;
    expect(handler.razorpay_subscription_id).toBe(sub.id);
    expect(handler.razorpay_signature).toBe(createHmac('sha256', keySecret).update(`${handler.razorpay_payment_id}|${sub.id}`).digest('hex'));

    expect(await events()).toEqual(['subscription.authenticated', 'subscription.activated', 'subscription.charged']);
    for (const r of received) expect(verifyWebhookSignature(r.raw, r.signature, webhookSecret)).toBe(true);
    // As Razorpay does, the charge's payment comes as payment.captured too (before subscription.charged), naming the subscription.
    expect(received.map((r) => r.body.event)).toEqual(['subscription.authenticated', 'subscription.activated', 'payment.captured', 'subscription.charged']);
    expect(received[2]!.body.payload.payment!.entity).toMatchObject({ status: 'captured', subscription_id: sub.id });
    const charged = received[3]!.body;
    expect(charged.contains).toEqual(['subscription', 'payment']);
    expect(charged.payload.subscription!.entity).toMatchObject({ id: sub.id, status: 'active', paid_count: 1, notes: { memberId: 'm1' } });
    expect(charged.payload.payment!.entity).toMatchObject({ status: 'captured', amount: 200_000, method: 'upi' });
    const first = await rzp.subscriptions.fetch(sub.id);
    expect(first).toMatchObject({ status: 'active', paid_count: 1, payment_method: 'upi' });
    expect(first.current_end! - first.current_start!).toBeGreaterThanOrEqual(28 * 86_400);

    standin.chargeSubscription(sub.id);
    expect(await events()).toEqual(['subscription.authenticated', 'subscription.activated', 'subscription.charged', 'subscription.charged']);
    const second = await rzp.subscriptions.fetch(sub.id);
    expect(second).toMatchObject({ paid_count: 2, current_start: first.current_end });
  });

  it('failed charges: pending, then halted after the retries; a later charge activates it again; redelivery is byte for byte', async () => {
    const plan = await monthlyPlan();
    const sub = await rzp.subscriptions.create({ plan_id: plan.id, total_count: 6 });
    standin.authenticateSubscription(sub.id, { method: 'card' });
    for (let i = 0; i < MAX_CHARGE_ATTEMPTS; i++) standin.chargeSubscription(sub.id, { outcome: 'failure' });
    expect(await events()).toEqual([
      'subscription.authenticated',
      'subscription.activated',
      'subscription.charged',
      ...Array<string>(MAX_CHARGE_ATTEMPTS - 1).fill('subscription.pending'),
      'subscription.halted',
    ]);
    expect((await rzp.subscriptions.fetch(sub.id)).status).toBe('halted');
    expect(received.filter((r) => r.body.event === 'payment.failed').map((r) => r.body.payload.payment!.entity)).toEqual(
      Array<unknown>(MAX_CHARGE_ATTEMPTS).fill(expect.objectContaining({ status: 'failed', subscription_id: sub.id })),
    );
    expect(received.at(-1)!.body.payload.payment!.entity).toMatchObject({ status: 'failed' });

    standin.chargeSubscription(sub.id);
    expect((await events()).slice(-2)).toEqual(['subscription.activated', 'subscription.charged']);
    expect(await rzp.subscriptions.fetch(sub.id)).toMatchObject({ status: 'active', paid_count: 2 });

    const last = received.at(-1)!;
    const before = received.length;
    await standin.redeliver(last.eventId, 2);
    expect(received.length).toBe(before + 2);
    for (const again of received.slice(before)) {
      expect(again.eventId).toBe(last.eventId);
      expect(again.raw.equals(last.raw)).toBe(true);
      expect(again.signature).toBe(last.signature);
    }
  });

  it('pause, resume, cancel at cycle end (the next charge cancels), cancel now, and completion', async () => {
    const plan = await monthlyPlan();
    const sub = await rzp.subscriptions.create({ plan_id: plan.id, total_count: 2 });
    expect(await caught(rzp.subscriptions.pause(sub.id, { pause_at: 'now' }))).toMatchObject({ statusCode: 400 });
    standin.authenticateSubscription(sub.id);
    expect(await rzp.subscriptions.pause(sub.id, { pause_at: 'now' })).toMatchObject({ status: 'paused' });
    expect(await rzp.subscriptions.resume(sub.id, { resume_at: 'now' })).toMatchObject({ status: 'active' });
    const scheduled = await rzp.subscriptions.cancel(sub.id, true);
    expect(scheduled).toMatchObject({ status: 'active', has_scheduled_changes: true, change_scheduled_at: scheduled.current_end });
    standin.chargeSubscription(sub.id);
    expect(await rzp.subscriptions.fetch(sub.id)).toMatchObject({ status: 'cancelled', paid_count: 1 });
    expect((await events()).slice(-3)).toEqual(['subscription.paused', 'subscription.resumed', 'subscription.cancelled']);
    expect(await caught(rzp.subscriptions.cancel(sub.id))).toMatchObject({ statusCode: 400 });

    const now = await rzp.subscriptions.create({ plan_id: plan.id, total_count: 2 });
    expect(await rzp.subscriptions.cancel(now.id)).toMatchObject({ status: 'cancelled' });

    const done = await rzp.subscriptions.create({ plan_id: plan.id, total_count: 2 });
    standin.authenticateSubscription(done.id);
    standin.chargeSubscription(done.id);
    expect(await rzp.subscriptions.fetch(done.id)).toMatchObject({ status: 'completed', paid_count: 2, remaining_count: 0 });
    expect((await events()).at(-1)).toBe('subscription.completed');
  });

  it('the short_url is a hosted page where the member authorises the mandate', async () => {
    const plan = await monthlyPlan();
    const sub = await rzp.subscriptions.create({ plan_id: plan.id, total_count: 12 });
    const page = await fetch(sub.short_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Awaiting authorisation');
    const res = await fetch(`${standin.url}/subscriptions/${sub.id}/authorise`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'method=card',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(await rzp.subscriptions.fetch(sub.id)).toMatchObject({ status: 'active', paid_count: 1, payment_method: 'card' });
    expect(await (await fetch(sub.short_url)).text()).toContain('Subscription active');
    expect((await fetch(`${standin.url}/subscriptions/sub_DoesNotExist01`)).status).toBe(404);
  });

  it('a subscription starting later is only authenticated until its first charge', async () => {
    const plan = await monthlyPlan();
    const start = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const sub = await rzp.subscriptions.create({ plan_id: plan.id, total_count: 3, start_at: start });
    standin.authenticateSubscription(sub.id, { method: 'emandate' });
    expect(await events()).toEqual(['subscription.authenticated']);
    // The e-NACH mandate chosen at Checkout is the method of its payments: the authorisation's and each charge's.
    expect(received[0]!.body.payload.payment!.entity).toMatchObject({ amount: 100, method: 'emandate', vpa: null, card_id: null });
    standin.chargeSubscription(sub.id);
    expect(await rzp.subscriptions.fetch(sub.id)).toMatchObject({ status: 'active', paid_count: 1, current_start: start, payment_method: 'emandate' });
    await events();
    const charged = received.find((r) => r.body.event === 'subscription.charged');
    expect(charged?.body.payload.payment!.entity).toMatchObject({ status: 'captured', method: 'emandate' });
  });
});
