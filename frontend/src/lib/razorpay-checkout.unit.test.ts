// @vitest-environment jsdom
// The loader and the promise around Checkout, with a fake `window.Razorpay` (the stand-in's real checkout.js is driven
// in Chromium by infra/test/razorpay-checkout.spec.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { isCheckoutDismissed, loadRazorpayScript, openRazorpayCheckout, openRazorpayMandate, RazorpayCheckoutError } from './razorpay-checkout';

type Options = Record<string, unknown> & { handler: (r: unknown) => void; modal: { ondismiss: () => void } };
let last: { options: Options; failed?: (r: unknown) => void; closed: number } | undefined;

class FakeRazorpay {
  constructor(options: Options) {
    last = { options, closed: 0 };
  }
  on(_event: string, fn: (r: unknown) => void) {
    last!.failed = fn;
  }
  open() {}
  close() {
    last!.closed += 1;
  }
}

const scripts = (url: string) => [...document.querySelectorAll<HTMLScriptElement>('script')].filter((s) => s.src === url);
/** What the browser does when the script arrives (jsdom loads no scripts itself). */
const arrive = (url: string, define = true) => {
  if (define) (window as unknown as { Razorpay: unknown }).Razorpay = FakeRazorpay;
  scripts(url).at(-1)!.onload!(new Event('load'));
};
const flush = () => new Promise((r) => setTimeout(r, 0));

let n = 0;
const freshUrl = () => `http://127.0.0.1:2526/v1/checkout.js?t=${++n}`;
const base = { keyId: 'rzp_test_AkhadaLocal0001', orderId: 'order_A', amountPaise: 150_000, currency: 'INR', name: 'Iron Temple' };

afterEach(() => {
  delete (window as unknown as { Razorpay?: unknown }).Razorpay;
  last = undefined;
});

describe('openRazorpayCheckout', () => {
  it('adds the script only when called and only once, passes Checkout its options, and resolves with the handler’s response', async () => {
    const url = freshUrl();
    expect(scripts(url)).toHaveLength(0);
    const paying = openRazorpayCheckout({ ...base, checkoutScriptUrl: url, description: 'Monthly', prefill: { email: 'a@b.in' } });
    expect(scripts(url)).toHaveLength(1);
    arrive(url);
    await flush();
    expect(last!.options).toMatchObject({
      key: base.keyId,
      order_id: 'order_A',
      amount: 150_000,
      currency: 'INR',
      name: 'Iron Temple',
      description: 'Monthly',
      prefill: { email: 'a@b.in' },
    });
    const response = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_A', razorpay_signature: 'ab' };
    last!.options.handler(response);
    await expect(paying).resolves.toEqual(response);

    const again = openRazorpayCheckout({ ...base, checkoutScriptUrl: url });
    await flush();
    expect(scripts(url)).toHaveLength(1);
    last!.options.modal.ondismiss();
    await expect(again).rejects.toSatisfy(isCheckoutDismissed);
  });

  it('rejects on payment.failed with the provider’s description, closes the window, and ignores what comes after', async () => {
    const url = freshUrl();
    const paying = openRazorpayCheckout({ ...base, checkoutScriptUrl: url });
    arrive(url);
    await flush();
    last!.failed!({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed because the payer declined it.', reason: 'payment_failed' } });
    last!.options.handler({ razorpay_payment_id: 'late' });
    const err = await paying.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RazorpayCheckoutError);
    expect(err).toMatchObject({ reason: 'failed', message: 'Payment failed because the payer declined it.', details: { reason: 'payment_failed' } });
    expect(isCheckoutDismissed(err)).toBe(false);
    expect(last!.closed).toBe(1);
  });

  it('rejects as unavailable when the script fails to load or defines nothing, and tries again next time', async () => {
    const url = freshUrl();
    const first = openRazorpayCheckout({ ...base, checkoutScriptUrl: url });
    scripts(url)[0]!.onerror!(new Event('error'));
    await expect(first).rejects.toMatchObject({ reason: 'unavailable' });
    expect(scripts(url)).toHaveLength(0);

    const second = loadRazorpayScript(url);
    arrive(url, false);
    await expect(second).rejects.toMatchObject({ reason: 'unavailable' });

    const third = openRazorpayCheckout({ ...base, checkoutScriptUrl: url });
    arrive(url);
    await flush();
    last!.options.handler({ razorpay_payment_id: 'pay_2', razorpay_order_id: 'order_A', razorpay_signature: 'cd' });
    await expect(third).resolves.toMatchObject({ razorpay_payment_id: 'pay_2' });
  });
});

describe('openRazorpayMandate', () => {
  it('opens Checkout with the subscription (no order, no amount) and resolves with the handler’s answer', async () => {
    const url = freshUrl();
    const authorising = openRazorpayMandate({ checkoutScriptUrl: url, keyId: 'rzp_test_AkhadaLocal0001', subscriptionId: 'sub_A', name: 'Iron Temple' });
    arrive(url);
    await flush();
    expect(last!.options).toMatchObject({ key: 'rzp_test_AkhadaLocal0001', subscription_id: 'sub_A', name: 'Iron Temple' });
    expect(last!.options).not.toHaveProperty('order_id');
    expect(last!.options).not.toHaveProperty('amount');
    const answer = { razorpay_payment_id: 'pay_A', razorpay_subscription_id: 'sub_A', razorpay_signature: 'sig' };
    last!.options.handler(answer);
    await expect(authorising).resolves.toEqual(answer);
  });
});
