import { createRazorpayClient, razorpayErrorToAppError, refundIdempotently, verifyPaymentSignature, verifyWebhookSignature } from './razorpay.ts';

/** The few Razorpay calls this service makes (a structural subset of the SDK instance), so tests can pass a fake. */
export interface RazorpayApi {
  orders: {
    create(params: {
      amount: number;
      currency: string;
      receipt?: string;
      notes?: Record<string, string>;
    }): Promise<{ id: string; amount: number | string; currency: string }>;
    fetchPayments(orderId: string): Promise<{ items: { id: string; status: string; order_id?: string | null; amount?: number | string }[] }>;
  };
  paymentLink: {
    create(params: {
      amount: number;
      currency: string;
      description?: string;
      reference_id?: string;
      customer?: { name?: string; email?: string; contact?: string };
      notify?: { sms?: boolean; email?: boolean };
      notes?: Record<string, string>;
      upi_link?: boolean;
    }): Promise<{ id: string; short_url: string; expire_by?: number | null; order_id?: string | null }>;
  };
  /** Subscriptions' plans: a gym's membership plan at its price each period (autopay). */
  plans: {
    create(params: {
      period: 'daily' | 'weekly' | 'monthly' | 'yearly';
      interval: number;
      item: { name: string; amount: number; currency: string; description?: string };
      notes?: Record<string, string>;
    }): Promise<{ id: string }>;
  };
  /** A member's autopay: a subscription on a plan the member authorises on Checkout (UPI AutoPay, card, e-NACH). */
  subscriptions: {
    create(params: {
      plan_id: string;
      total_count: number;
      quantity?: number;
      customer_notify?: 0 | 1;
      start_at?: number;
      notes?: Record<string, string>;
    }): Promise<{ id: string; status: string; short_url?: string | null }>;
    fetch(subscriptionId: string): Promise<{ id: string; status: string; paid_count?: number | string; current_end?: number | null }>;
    /** `cancelAtCycleEnd`: at the end of the paid cycle; otherwise now. */
    cancel(subscriptionId: string, cancelAtCycleEnd?: boolean): Promise<{ id: string; status: string }>;
    pause(subscriptionId: string, params?: { pause_at: 'now' }): Promise<{ id: string; status: string }>;
    resume(subscriptionId: string, params?: { resume_at: 'now' }): Promise<{ id: string; status: string }>;
  };
  payments: {
    /** With `idempotencyKey`, Razorpay makes the refund once for that key however often it is asked (X-Refund-Idempotency). */
    refund(
      paymentId: string,
      params: { amount: number; notes?: Record<string, string> },
      options?: { idempotencyKey?: string },
    ): Promise<{ id: string; amount: number | string }>;
  };
}

export interface RazorpayPort {
  client(keys: { keyId: string; keySecret: string }): RazorpayApi;
  verifyPaymentSignature: typeof verifyPaymentSignature;
  verifyWebhookSignature: typeof verifyWebhookSignature;
  toAppError: typeof razorpayErrorToAppError;
}

/** The real port: the one SDK factory, pointed at `baseUrl` (the stand-in) when given. */
export const razorpayPort = (baseUrl?: string): RazorpayPort => ({
  client: ({ keyId, keySecret }) => {
    const sdk = createRazorpayClient({ keyId, keySecret, ...(baseUrl ? { baseUrl } : {}) });
    const api = sdk as unknown as RazorpayApi;
    return {
      orders: api.orders,
      paymentLink: api.paymentLink,
      plans: api.plans,
      subscriptions: api.subscriptions,
      payments: {
        // The SDK's own refund takes no headers (and a third argument is its callback): a keyed refund goes around it.
        refund: (paymentId, params, options) =>
          options?.idempotencyKey ? refundIdempotently(sdk, paymentId, params, options.idempotencyKey) : api.payments.refund(paymentId, params),
      },
    };
  },
  verifyPaymentSignature,
  verifyWebhookSignature,
  toAppError: razorpayErrorToAppError,
});
