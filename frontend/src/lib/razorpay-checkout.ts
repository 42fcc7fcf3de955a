/**
 * Razorpay Checkout in the browser (stand-in for the `razorpay` helper's file of the same path and signature; the
 * lead keeps theirs). Loads Checkout's script on demand (once), opens it for an order and resolves with Checkout's
 * handler response; rejects when the buyer closes it or the payment fails.
 */
export interface RazorpayCheckoutOptions {
  checkoutScriptUrl: string;
  keyId: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
}
export interface RazorpayCheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open: () => void;
  on: (event: string, cb: (response: { error?: { description?: string } }) => void) => void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  const existing = scripts.get(src);
  if (existing) return existing;
  const started = new Promise<void>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => resolve();
    el.onerror = () => {
      scripts.delete(src);
      el.remove();
      reject(new Error('Could not load Razorpay Checkout'));
    };
    document.head.append(el);
  });
  scripts.set(src, started);
  return started;
}

export class CheckoutDismissedError extends Error {
  constructor() {
    super('Payment cancelled');
    this.name = 'CheckoutDismissedError';
  }
}

export async function openRazorpayCheckout(o: RazorpayCheckoutOptions): Promise<RazorpayCheckoutResult> {
  await loadScript(o.checkoutScriptUrl);
  const Razorpay = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (!Razorpay) throw new Error('Could not load Razorpay Checkout');
  return new Promise<RazorpayCheckoutResult>((resolve, reject) => {
    const rzp = new Razorpay({
      key: o.keyId,
      order_id: o.orderId,
      amount: o.amountPaise,
      currency: o.currency,
      name: o.name,
      description: o.description,
      prefill: o.prefill,
      handler: (response: RazorpayCheckoutResult) => resolve(response),
      modal: { ondismiss: () => reject(new CheckoutDismissedError()) },
    });
    rzp.on('payment.failed', (response) => reject(new Error(response.error?.description ?? 'Payment failed')));
    rzp.open();
  });
}
