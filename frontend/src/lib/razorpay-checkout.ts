// Razorpay Standard Checkout from a screen: the provider's script is loaded only when a payment is started (once per
// URL; a failed load can be retried), then `new Razorpay(options).open()`. The promise settles once:
//   resolves with the handler's { razorpay_payment_id, razorpay_order_id, razorpay_signature } (send it to
//     POST /payments/razorpay/verify; the server checks the signature against the order id IT stored);
//   rejects with RazorpayCheckoutError: reason 'dismissed' (the payer closed the window: not an error to show),
//     'failed' (payment.failed: the provider's description in `details`; the window is closed), 'unavailable' (the
//     script could not be loaded or did not define window.Razorpay).
// The script URL comes from the server (the stand-in's in development and tests, https://checkout.razorpay.com/v1/checkout.js
// in production); the gateway's CSP allows exactly that origin.

export interface RazorpayCheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The handler's answer when a subscription (autopay mandate) was authorised instead of an order paid. */
export interface RazorpayMandateSuccess {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}

export interface OpenRazorpayMandateOptions {
  checkoutScriptUrl: string;
  keyId: string;
  /** The Razorpay subscription the server created (POST /payments/autopay). */
  subscriptionId: string;
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  themeColor?: string;
}

export interface OpenRazorpayCheckoutOptions {
  checkoutScriptUrl: string;
  /** The public key id (rzp_test_… / rzp_live_…); never the secret. */
  keyId: string;
  /** The Razorpay order the server created (POST /payments/razorpay/create-order). */
  orderId: string;
  amountPaise: number;
  currency: string;
  /** The gym's name shown at the top of the window. */
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  /** Header colour of the window (Razorpay's theme.color). */
  themeColor?: string;
}

/** Razorpay's `payment.failed` error object. */
export interface RazorpayFailure {
  code?: string;
  description?: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: { order_id?: string; payment_id?: string };
}

export type RazorpayCheckoutErrorReason = 'dismissed' | 'failed' | 'unavailable';

export class RazorpayCheckoutError extends Error {
  constructor(
    readonly reason: RazorpayCheckoutErrorReason,
    message: string,
    readonly details?: RazorpayFailure,
  ) {
    super(message);
    this.name = 'RazorpayCheckoutError';
  }
}

/** True when the payer closed the window without paying (show nothing, or a quiet note). */
export const isCheckoutDismissed = (err: unknown): boolean => err instanceof RazorpayCheckoutError && err.reason === 'dismissed';

interface RazorpayInstance {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', fn: (response: { error?: RazorpayFailure }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

const razorpayOnWindow = (): RazorpayConstructor | undefined => (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;

const loads = new Map<string, Promise<RazorpayConstructor>>();

/** Adds the script once per URL; a failed load is forgotten so the next call tries again. */
export function loadRazorpayScript(url: string): Promise<RazorpayConstructor> {
  const known = loads.get(url);
  if (known) return known;
  const loading = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.razorpayCheckout = '';
    script.onload = () => {
      const ctor = razorpayOnWindow();
      if (ctor) resolve(ctor);
      else reject(new RazorpayCheckoutError('unavailable', 'The payment window could not be loaded'));
    };
    script.onerror = () => {
      script.remove();
      reject(new RazorpayCheckoutError('unavailable', 'The payment window could not be loaded'));
    };
    document.head.appendChild(script);
  });
  loads.set(url, loading);
  loading.catch(() => loads.delete(url));
  return loading;
}

export function openRazorpayCheckout(o: OpenRazorpayCheckoutOptions): Promise<RazorpayCheckoutSuccess> {
  return openWindow<RazorpayCheckoutSuccess>(o.checkoutScriptUrl, {
    key: o.keyId,
    amount: o.amountPaise,
    currency: o.currency,
    order_id: o.orderId,
    name: o.name,
    ...(o.description ? { description: o.description } : {}),
    prefill: o.prefill ?? {},
    ...(o.themeColor ? { theme: { color: o.themeColor } } : {}),
  });
}

/** Checkout for an autopay mandate (UPI AutoPay, card): `subscription_id` instead of an order; settles as above. */
export function openRazorpayMandate(o: OpenRazorpayMandateOptions): Promise<RazorpayMandateSuccess> {
  return openWindow<RazorpayMandateSuccess>(o.checkoutScriptUrl, {
    key: o.keyId,
    subscription_id: o.subscriptionId,
    name: o.name,
    ...(o.description ? { description: o.description } : {}),
    prefill: o.prefill ?? {},
    ...(o.themeColor ? { theme: { color: o.themeColor } } : {}),
  });
}

async function openWindow<T>(checkoutScriptUrl: string, options: Record<string, unknown>): Promise<T> {
  const Razorpay = await loadRazorpayScript(checkoutScriptUrl);
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    let instance: RazorpayInstance;
    try {
      instance = new Razorpay({
        ...options,
        handler: (response: T) => settle(() => resolve(response)),
        modal: {
          ondismiss: () => settle(() => reject(new RazorpayCheckoutError('dismissed', 'The payment window was closed'))),
        },
      });
    } catch (err) {
      reject(new RazorpayCheckoutError('unavailable', (err as Error).message || 'The payment window could not be opened'));
      return;
    }
    instance.on('payment.failed', (response) => {
      const details = response?.error ?? {};
      settle(() => reject(new RazorpayCheckoutError('failed', details.description || 'Payment failed', details)));
      // One attempt per call: a retry starts a new checkout, so a later success never lands on a settled promise.
      instance.close?.();
    });
    instance.open();
  });
}
