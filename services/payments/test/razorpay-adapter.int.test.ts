// The Razorpay edge end to end: the REAL `razorpay` SDK, built by the one factory, against the local stand-in (started
// in-process): orders, a payment made the way Checkout makes it, capture, refunds, payment links, errors as AppErrors,
// and the webhooks the stand-in posts checked with verifyWebhookSignature (plus the stand-in's delivery controls).
import { RAZORPAY_STANDIN_DEFAULTS, razorpayStandinControls, startRazorpayStandin, type RazorpayStandin } from '@akhada/infra/standins';
import { once } from 'node:events';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRazorpayClient, razorpayErrorToAppError, verifyPaymentSignature, verifyWebhookSignature, type Razorpay } from '../src/adapters/razorpay.ts';

interface Received {
  raw: Buffer;
  signature: string;
  eventId: string;
  body: { entity: string; event: string; account_id: string; contains: string[]; payload: Record<string, { entity: Record<string, unknown> }> };
}

let standin: RazorpayStandin;
let receiver: http.Server;
let received: Received[] = [];
let rzp: Razorpay;
/** What the receiver answers (a webhook endpoint that fails makes the stand-in retry). */
let receiverStatus = 200;

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
      res.writeHead(receiverStatus).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/api/payments/razorpay/webhook`;
  standin = await startRazorpayStandin({ port: 0, webhookUrl });
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
  receiverStatus = 200;
});

/** What Checkout does when the payer presses "Pay with UPI" (or "Fail payment"). */
const payAsCheckout = async (orderId: string, outcome: 'success' | 'failure' = 'success', key = keyId) => {
  const res = await fetch(`${standin.url}/v1/checkout/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key_id: key, order_id: orderId, method: 'upi', outcome, email: 'asha@example.in', contact: '+919876543210' }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> & { error?: { description: string; metadata: Record<string, string> } } };
};

const caught = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
};

describe('the SDK through createRazorpayClient against the stand-in', () => {
  it('creates and fetches an order, takes a payment the way Checkout does, and signs it with the key secret', async () => {
    const order = await rzp.orders.create({ amount: 150_000, currency: 'INR', receipt: 'akh-rcpt-1', notes: { paymentId: 'p-1' } });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 150_000,
      amount_paid: 0,
      amount_due: 150_000,
      currency: 'INR',
      receipt: 'akh-rcpt-1',
      status: 'created',
      attempts: 0,
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(await rzp.orders.fetch(order.id)).toEqual(order);

    const paid = await payAsCheckout(order.id);
    expect(paid.status).toBe(200);
    expect(paid.body.razorpay_order_id).toBe(order.id);
    expect(verifyPaymentSignature({ orderId: order.id, paymentId: paid.body.razorpay_payment_id!, signature: paid.body.razorpay_signature!, keySecret })).toBe(
      true,
    );
    expect(
      verifyPaymentSignature({ orderId: order.id, paymentId: paid.body.razorpay_payment_id!, signature: paid.body.razorpay_signature!, keySecret: 'other' }),
    ).toBe(false);

    const payment = await rzp.payments.fetch(paid.body.razorpay_payment_id!);
    expect(payment).toMatchObject({
      entity: 'payment',
      amount: 150_000,
      currency: 'INR',
      status: 'captured',
      captured: true,
      method: 'upi',
      order_id: order.id,
      amount_refunded: 0,
    });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_paid: 150_000, amount_due: 0, attempts: 1 });
    const listed = await rzp.orders.fetchPayments(order.id);
    expect(listed).toMatchObject({ entity: 'collection', count: 1 });
    expect(listed.items[0]!.id).toBe(payment.id);

    // payment.captured, signed over the raw body with the webhook secret.
    await standin.idle();
    expect(received.map((r) => r.body.event)).toEqual(['payment.captured']);
    const hook = received[0]!;
    expect(verifyWebhookSignature(hook.raw, hook.signature, webhookSecret)).toBe(true);
    expect(verifyWebhookSignature(hook.raw, hook.signature, 'wrong-secret')).toBe(false);
    expect(hook.eventId).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(hook.body).toMatchObject({ entity: 'event', event: 'payment.captured', contains: ['payment'] });
    expect(hook.body.payload.payment!.entity).toMatchObject({ id: payment.id, order_id: order.id, status: 'captured', amount: 150_000 });

    // An order is paid once.
    const again = await payAsCheckout(order.id);
    expect(again.status).toBe(400);
  });

  it('captures an authorized payment of a manual-capture order (once, for its amount)', async () => {
    const order = await rzp.orders.create({ amount: 99_900, currency: 'INR', payment_capture: false });
    const paid = await payAsCheckout(order.id);
    expect((await rzp.payments.fetch(paid.body.razorpay_payment_id!)).status).toBe('authorized');
    const wrong = razorpayErrorToAppError(await caught(rzp.payments.capture(paid.body.razorpay_payment_id!, 100, 'INR')));
    expect([wrong.status, wrong.message]).toEqual([400, 'Capture amount must be equal to the amount authorized']);
    const captured = await rzp.payments.capture(paid.body.razorpay_payment_id!, 99_900, 'INR');
    expect(captured).toMatchObject({ status: 'captured', captured: true });
    const twice = razorpayErrorToAppError(await caught(rzp.payments.capture(paid.body.razorpay_payment_id!, 99_900, 'INR')));
    expect(twice.message).toBe('This payment has already been captured');
    await standin.idle();
    expect(received.map((r) => r.body.event)).toEqual(['payment.captured']);
  });

  it('refunds partly then fully, refuses more than remains, and posts refund.processed', async () => {
    const order = await rzp.orders.create({ amount: 200_000, currency: 'INR' });
    const { body } = await payAsCheckout(order.id);
    const paymentId = body.razorpay_payment_id!;
    const part = await rzp.payments.refund(paymentId, { amount: 50_000, notes: { reason: 'partial' } });
    expect(part).toMatchObject({ entity: 'refund', amount: 50_000, payment_id: paymentId, status: 'processed', currency: 'INR' });
    expect(part.id).toMatch(/^rfnd_/);
    expect(await rzp.refunds.fetch(part.id)).toEqual(part);
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 50_000, refund_status: 'partial' });

    const tooMuch = razorpayErrorToAppError(await caught(rzp.payments.refund(paymentId, { amount: 150_001 })));
    expect([tooMuch.status, tooMuch.code, tooMuch.message]).toEqual([400, 'VALIDATION_FAILED', 'The refund amount provided is greater than amount captured']);

    const rest = await rzp.payments.refund(paymentId, {});
    expect(rest.amount).toBe(150_000);
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 200_000, refund_status: 'full' });

    await standin.idle();
    const refundsPosted = received.filter((r) => r.body.event === 'refund.processed');
    expect(refundsPosted).toHaveLength(2);
    for (const r of refundsPosted) {
      expect(verifyWebhookSignature(r.raw, r.signature, webhookSecret)).toBe(true);
      expect(r.body.contains).toEqual(['refund', 'payment']);
    }
    expect(refundsPosted[1]!.body.payload.refund!.entity).toMatchObject({ id: rest.id, amount: 150_000 });
    expect(refundsPosted[1]!.body.payload.payment!.entity).toMatchObject({ id: paymentId, status: 'refunded' });
  });

  it('creates a payment link, pays it on the hosted page (UPI) with a signed callback, and posts payment_link.paid', async () => {
    const link = await rzp.paymentLink.create({
      amount: 120_000,
      currency: 'INR',
      description: 'Membership renewal — Monthly',
      customer: { name: 'Asha Verma', email: 'asha@example.in', contact: '+919876543210' },
      reference_id: 'akh-pay-42',
      upi_link: true,
      callback_url: 'http://127.0.0.1:1/dashboard/payments/return',
      callback_method: 'get',
      notes: { paymentId: 'p-42' },
    });
    expect(link).toMatchObject({ amount: 120_000, currency: 'INR', status: 'created', reference_id: 'akh-pay-42', upi_link: true, amount_paid: 0 });
    expect(link.id).toMatch(/^plink_/);
    expect(link.short_url).toBe(`${standin.url}/l/${link.id}`);
    const dup = razorpayErrorToAppError(
      await caught(rzp.paymentLink.create({ amount: 120_000, currency: 'INR', description: 'x', reference_id: 'akh-pay-42', customer: { name: 'A' } })),
    );
    expect(dup.status).toBe(400);

    const page = await fetch(link.short_url);
    const pageHtml = await page.text();
    expect(pageHtml).toContain('Pay with UPI');
    expect(pageHtml).toContain('₹1,200.00');

    const res = await fetch(`${link.short_url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'method=upi',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(back.pathname).toBe('/dashboard/payments/return');
    const q = Object.fromEntries(back.searchParams);
    expect(q).toMatchObject({ razorpay_payment_link_id: link.id, razorpay_payment_link_reference_id: 'akh-pay-42', razorpay_payment_link_status: 'paid' });
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', keySecret).update(`${link.id}|akh-pay-42|paid|${q.razorpay_payment_id}`).digest('hex');
    expect(q.razorpay_signature).toBe(expected);

    const fetched = await rzp.paymentLink.fetch(link.id);
    expect(fetched).toMatchObject({ status: 'paid', amount_paid: 120_000 });
    // The SDK's types call `payments` a request body; Razorpay answers an array of the link's payments.
    expect((fetched.payments as unknown as Record<string, unknown>[] | null)?.[0]).toMatchObject({
      payment_id: q.razorpay_payment_id,
      status: 'captured',
      method: 'upi',
    });

    await standin.idle();
    expect(received.map((r) => r.body.event)).toEqual(['payment.captured', 'payment_link.paid']);
    const paidHook = received[1]!;
    expect(verifyWebhookSignature(paidHook.raw, paidHook.signature, webhookSecret)).toBe(true);
    expect(paidHook.body.contains).toEqual(['payment_link', 'order', 'payment']);
    expect(paidHook.body.payload.payment_link!.entity).toMatchObject({ id: link.id, status: 'paid', reference_id: 'akh-pay-42' });
    expect(paidHook.body.payload.payment!.entity).toMatchObject({ id: q.razorpay_payment_id, status: 'captured', amount: 120_000 });
    expect(paidHook.body.payload.order!.entity).toMatchObject({ status: 'paid' });
  });

  it('a failed payment answers Checkout with the error and posts payment.failed', async () => {
    const order = await rzp.orders.create({ amount: 50_000, currency: 'INR' });
    const failed = await payAsCheckout(order.id, 'failure');
    expect(failed.status).toBe(400);
    expect(failed.body.error).toMatchObject({ reason: 'payment_failed', metadata: { order_id: order.id } });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'attempted', attempts: 1 });
    await standin.idle();
    expect(received.map((r) => r.body.event)).toEqual(['payment.failed']);
    expect(received[0]!.body.payload.payment!.entity).toMatchObject({ status: 'failed', error_reason: 'payment_failed', order_id: order.id });
  });
});

describe("the provider's errors as AppErrors", () => {
  it("Razorpay's 400s become 400 with its description", async () => {
    const small = razorpayErrorToAppError(await caught(rzp.orders.create({ amount: 50, currency: 'INR' })));
    expect([small.status, small.message, small.details]).toEqual([
      400,
      'The amount must be atleast INR 1.00',
      [{ path: 'amount', message: 'The amount must be atleast INR 1.00' }],
    ]);
    const unknown = razorpayErrorToAppError(await caught(rzp.payments.fetch('pay_DoesNotExist00')));
    expect([unknown.status, unknown.message]).toEqual([400, 'The id provided does not exist']);
    const extra = await caught(rzp.orders.create({ amount: 100, currency: 'INR', surprise: 1 } as never));
    expect(extra).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR', description: 'surprise is/are not required and should not be sent' } });
  });

  it("another account's order is not found; a wrong secret is refused (401 → our keys, 502)", async () => {
    const other = createRazorpayClient({ keyId: 'rzp_test_OtherGym00001', keySecret: 'other-secret', baseUrl: standin.url });
    const theirs = await other.orders.create({ amount: 10_000, currency: 'INR' });
    expect(razorpayErrorToAppError(await caught(rzp.orders.fetch(theirs.id))).message).toBe('The id provided does not exist');
    const wrong = createRazorpayClient({ keyId: 'rzp_test_OtherGym00001', keySecret: 'guessed', baseUrl: standin.url });
    const refused = await caught(wrong.orders.fetch(theirs.id));
    expect(refused).toMatchObject({ statusCode: 401, error: { description: 'Authentication failed' } });
    expect(razorpayErrorToAppError(refused)).toMatchObject({ status: 502, code: 'SERVICE_UNAVAILABLE' });
  });

  it('a network failure (TypeError from the SDK) and a provider 500 become 502 "Payment provider unavailable…"', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const deadPort = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = createRazorpayClient({ keyId, keySecret, baseUrl: `http://127.0.0.1:${deadPort}` });
    const err = await caught(down.orders.create({ amount: 10_000, currency: 'INR' }));
    expect(err).toBeInstanceOf(TypeError);
    expect(razorpayErrorToAppError(err)).toMatchObject({ status: 502, message: expect.stringMatching(/^Payment provider unavailable/) });

    await fetch(`${standin.url}/__standin/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"times":1}' });
    const five = await caught(rzp.orders.create({ amount: 10_000, currency: 'INR' }));
    expect(five).toMatchObject({ statusCode: 500 });
    expect(razorpayErrorToAppError(five).status).toBe(502);
    await fetch(`${standin.url}/__standin/fail-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"times":1,"kind":"network"}',
    });
    expect(await caught(rzp.orders.create({ amount: 10_000, currency: 'INR' }))).toBeInstanceOf(TypeError);
    expect((await rzp.orders.create({ amount: 10_000, currency: 'INR' })).status).toBe('created');
  });
});

describe("the stand-in's webhook controls", () => {
  const control = (path: string, body: unknown = {}) =>
    fetch(`${standin.url}/__standin/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('holds webhooks and releases them newest first (reordered), redelivers one twice (same id, same bytes), drops one', async () => {
    expect((await control('webhook-mode', { mode: 'hold' })).status).toBe(200);
    const order = await rzp.orders.create({ amount: 300_000, currency: 'INR' });
    const { body } = await payAsCheckout(order.id);
    await rzp.payments.refund(body.razorpay_payment_id!, { amount: 10_000 });
    await standin.idle();
    expect(received).toHaveLength(0);
    const released = (await (await control('webhooks/release', { order: 'lifo' })).json()) as { released: { event: string }[] };
    expect(released.released.map((d) => d.event)).toEqual(['refund.processed', 'payment.captured']);
    expect(received.map((r) => r.body.event)).toEqual(['refund.processed', 'payment.captured']);

    await control('webhook-mode', { mode: 'deliver' });
    const captured = received[1]!;
    expect((await control(`webhooks/${captured.eventId}/redeliver`, { times: 2 })).status).toBe(200);
    const copies = received.filter((r) => r.eventId === captured.eventId);
    expect(copies).toHaveLength(3);
    for (const c of copies) {
      expect(c.raw.equals(captured.raw)).toBe(true);
      expect(verifyWebhookSignature(c.raw, c.signature, webhookSecret)).toBe(true);
    }

    await control('webhook-mode', { mode: 'drop', times: 1 });
    const order2 = await rzp.orders.create({ amount: 10_000, currency: 'INR' });
    await payAsCheckout(order2.id);
    await standin.idle();
    const controls = razorpayStandinControls(standin.url);
    expect(await controls.webhooks({ order_id: order2.id })).toEqual([expect.objectContaining({ event: 'payment.captured', status: 'dropped' })]);
    const [dropped] = await controls.webhooks({ order_id: order2.id });
    expect(dropped!.payload.payload.payment!.entity.order_id).toBe(order2.id);
    expect(received.some((r) => r.raw.includes(order2.id))).toBe(false);
    // A dropped delivery can still be sent late (a delayed webhook).
    await controls.redeliver(dropped!.eventId);
    expect(received.filter((r) => r.eventId === dropped!.eventId)).toHaveLength(1);
    const calls = (await (await fetch(`${standin.url}/__standin/calls`)).json()) as { calls: { method: string; path: string; keyId?: string }[] };
    expect(calls.calls.filter((c) => c.path === '/v1/orders' && c.method === 'POST')).toHaveLength(2);
  });

  it('retries a webhook the endpoint refused until it answers 2xx', async () => {
    receiverStatus = 500;
    const order = await rzp.orders.create({ amount: 10_000, currency: 'INR' });
    await payAsCheckout(order.id);
    await expect.poll(() => received.length, { message: 'the refused webhook sent again', timeout: 50_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    receiverStatus = 200;
    await standin.idle();
    const [delivery] = standin.webhooks();
    expect(delivery!.status).toBe('delivered');
    expect(delivery!.attempts.map((a) => a.status)).toEqual([...Array<number>(delivery!.attempts.length - 1).fill(500), 200]);
    expect(new Set(received.map((r) => r.eventId)).size).toBe(1);
  });

  it('serves checkout.js defining window.Razorpay', async () => {
    const res = await fetch(standin.checkoutUrl);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain('window.Razorpay = Razorpay');
  });
});
