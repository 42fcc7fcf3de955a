import { AppError } from '@akhada/kit';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRazorpayClient, razorpayErrorToAppError, verifyPaymentSignature, verifyWebhookSignature } from './razorpay.ts';

const keySecret = 'test_secret_0123456789';
const orderId = 'order_NkXq2h5bX0bT1a';
const paymentId = 'pay_NkXq9Zt1yF3QwE';
const sign = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');
const good = sign(keySecret, `${orderId}|${paymentId}`);

describe('verifyPaymentSignature', () => {
  it('accepts the HMAC of "order|payment" with the key secret (upper-case hex too)', () => {
    expect(verifyPaymentSignature({ orderId, paymentId, signature: good, keySecret })).toBe(true);
    expect(verifyPaymentSignature({ orderId, paymentId, signature: good.toUpperCase(), keySecret })).toBe(true);
  });

  it('refuses a tampered signature, another order or payment, another secret, the parts swapped', () => {
    const flipped = (good[0] === 'a' ? 'b' : 'a') + good.slice(1);
    expect(verifyPaymentSignature({ orderId, paymentId, signature: flipped, keySecret })).toBe(false);
    expect(verifyPaymentSignature({ orderId: 'order_Other000000000', paymentId, signature: good, keySecret })).toBe(false);
    expect(verifyPaymentSignature({ orderId, paymentId: 'pay_Other00000000000', signature: good, keySecret })).toBe(false);
    expect(verifyPaymentSignature({ orderId, paymentId, signature: good, keySecret: 'another_secret' })).toBe(false);
    expect(verifyPaymentSignature({ orderId: paymentId, paymentId: orderId, signature: good, keySecret })).toBe(false);
  });

  it('refuses the wrong length, non-hex, empty parts and non-strings without throwing', () => {
    expect(verifyPaymentSignature({ orderId, paymentId, signature: good.slice(0, 63), keySecret })).toBe(false);
    expect(verifyPaymentSignature({ orderId, paymentId, signature: `${good}00`, keySecret })).toBe(false);
    expect(verifyPaymentSignature({ orderId, paymentId, signature: `${good.slice(0, 63)}z`, keySecret })).toBe(false);
    expect(verifyPaymentSignature({ orderId, paymentId, signature: '', keySecret })).toBe(false);
    expect(verifyPaymentSignature({ orderId: '', paymentId, signature: sign(keySecret, `|${paymentId}`), keySecret })).toBe(false);
    expect(verifyPaymentSignature({ orderId, paymentId: '', signature: sign(keySecret, `${orderId}|`), keySecret })).toBe(false);
    expect(verifyPaymentSignature({ orderId, paymentId, signature: sign('', `${orderId}|${paymentId}`), keySecret: '' })).toBe(false);
    const junk = { orderId, paymentId, signature: { length: 64 }, keySecret } as unknown as Parameters<typeof verifyPaymentSignature>[0];
    expect(verifyPaymentSignature(junk)).toBe(false);
    expect(verifyPaymentSignature(undefined as unknown as Parameters<typeof verifyPaymentSignature>[0])).toBe(false);
  });
});

describe('verifyWebhookSignature', () => {
  const secret = 'whsec_local_test';
  const body = '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","amount":50000}}}}';
  const signature = sign(secret, body);

  it('accepts the HMAC of the raw body, as a string or as the received bytes', () => {
    expect(verifyWebhookSignature(body, signature, secret)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), signature, secret)).toBe(true);
  });

  it('refuses a body changed by one byte or re-serialized, a tampered signature, another secret', () => {
    expect(verifyWebhookSignature(body.replace('50000', '50001'), signature, secret)).toBe(false);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 2), signature, secret)).toBe(false);
    expect(
      verifyWebhookSignature(
        body,
        signature.replace(/^./, (c) => (c === '0' ? '1' : '0')),
        secret,
      ),
    ).toBe(false);
    expect(verifyWebhookSignature(body, signature, 'whsec_other')).toBe(false);
  });

  it('refuses the wrong length, empty body, empty signature or secret, and non-strings without throwing', () => {
    expect(verifyWebhookSignature(body, signature.slice(0, 32), secret)).toBe(false);
    expect(verifyWebhookSignature(body, `${signature}ab`, secret)).toBe(false);
    expect(verifyWebhookSignature('', sign(secret, ''), secret)).toBe(false);
    expect(verifyWebhookSignature(body, '', secret)).toBe(false);
    expect(verifyWebhookSignature(body, sign('', body), '')).toBe(false);
    expect(verifyWebhookSignature(undefined as unknown as string, signature, secret)).toBe(false);
    expect(verifyWebhookSignature(body, undefined as unknown as string, secret)).toBe(false);
    expect(verifyWebhookSignature(body, ['x'] as unknown as string, secret)).toBe(false);
  });
});

describe('razorpayErrorToAppError', () => {
  it('maps a network failure (the SDK throws a TypeError) and a 5xx to 502 "Payment provider unavailable…"', () => {
    for (const err of [
      new TypeError("Cannot read properties of undefined (reading 'status')"),
      { statusCode: 503, error: { code: 'SERVER_ERROR', description: 'internal' } },
      { statusCode: 429, error: { code: 'BAD_REQUEST_ERROR', description: 'Too many requests' } },
      'weird',
      undefined,
    ]) {
      const mapped = razorpayErrorToAppError(err);
      expect(mapped).toBeInstanceOf(AppError);
      expect(mapped.status).toBe(502);
      expect(mapped.code).toBe('SERVICE_UNAVAILABLE');
      expect(mapped.message).toMatch(/^Payment provider unavailable/);
    }
  });

  it("maps Razorpay's 4xx to 400 with its description (and the field it names)", () => {
    const mapped = razorpayErrorToAppError({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00', field: 'amount', source: 'business' },
    });
    expect(mapped.status).toBe(400);
    expect(mapped.code).toBe('VALIDATION_FAILED');
    expect(mapped.message).toBe('The amount must be atleast INR 1.00');
    expect(mapped.details).toEqual([{ path: 'amount', message: 'The amount must be atleast INR 1.00' }]);
    expect(razorpayErrorToAppError({ statusCode: 400, error: {} }).message).toBe('The payment provider refused the request');
  });

  it('maps refused keys (401) to 502 naming the settings, and passes an AppError through', () => {
    const mapped = razorpayErrorToAppError({ statusCode: 401, error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    expect(mapped.status).toBe(502);
    expect(mapped.message).toMatch(/Razorpay keys/);
    const own = new AppError(404, 'NOT_FOUND', 'Payment not found');
    expect(razorpayErrorToAppError(own)).toBe(own);
  });
});

describe('createRazorpayClient', () => {
  it("returns the SDK with its HTTP client on Razorpay's host, or on the base URL given", () => {
    const real = createRazorpayClient({ keyId: 'rzp_test_x', keySecret: 's' });
    const rq = (c: unknown) => (c as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults;
    expect(rq(real).baseURL).toBe('https://api.razorpay.com');
    expect(typeof real.orders.create).toBe('function');
    expect(rq(createRazorpayClient({ keyId: 'rzp_test_x', keySecret: 's', baseUrl: 'http://127.0.0.1:2526/' })).baseURL).toBe('http://127.0.0.1:2526');
    expect(() => createRazorpayClient({ keyId: '', keySecret: 's' })).toThrow(/key id/);
  });
});
