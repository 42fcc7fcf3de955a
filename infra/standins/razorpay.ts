// A local stand-in for Razorpay (development and tests): it speaks the part of Razorpay's REST API the product uses,
// with basic auth (key id / key secret), Razorpay's JSON entities and error bodies, so the real `razorpay` SDK talks to
// it unchanged (its axios base URL pointed here: RAZORPAY_API_URL). It serves a Checkout script (`/v1/checkout.js`,
// `window.Razorpay` with the real constructor, options, `.open()`, `.close()`, `.on('payment.failed')`), a hosted
// payment-link page (`/l/:id`), and posts signed webhooks the way Razorpay does (`x-razorpay-signature`: HMAC-SHA256
// of the raw body with the webhook secret; `x-razorpay-event-id`). Everything lives in memory.
//
// API (basic auth):  POST /v1/orders · GET /v1/orders/:id · GET /v1/orders/:id/payments · GET /v1/payments/:id ·
//   POST /v1/payments/:id/capture · POST /v1/payments/:id/refund (X-Refund-Idempotency honoured: the same key and body
//   answer the first refund, a different body under a used key is refused) · GET /v1/refunds/:id · POST /v1/payment_links ·
//   GET /v1/payment_links/:id · POST /v1/payment_links/:id/cancel · plans and subscriptions (razorpay-subscriptions.ts:
//   create and fetch a plan; create, fetch, cancel now or at cycle end, pause, resume a subscription)
// Browser (public key only, CORS open): GET /v1/checkout.js · POST /v1/checkout/payments · POST /v1/checkout/subscriptions ·
//   GET /l/:id · POST /l/:id/pay · GET /subscriptions/:id (a subscription's short_url) · POST /subscriptions/:id/authorise
// Test controls: GET /__standin/calls · GET /__standin/webhooks[?event=&payment_id=&order_id=&subscription_id=] ·
//   POST /__standin/subscriptions/:id/authenticate {method?, outcome?} · POST /__standin/subscriptions/:id/charge {outcome?, halt?} ·
//   POST /__standin/webhook-mode {mode: deliver|hold|drop, times?} · POST /__standin/webhooks/release {order?: fifo|lifo} ·
//   POST /__standin/webhooks/:eventId/redeliver {times?} · POST /__standin/accounts {keyId, keySecret, webhookSecret?, webhookUrl?} ·
//   POST /__standin/fail-next {times?, kind?: server_error|network} · POST /__standin/reset · GET /healthz
//
// Accounts: the default test key (RAZORPAY_STANDIN_DEFAULTS or the options) exists from the start; any other
// `rzp_test_…` key id is registered on its first authenticated call with the secret it came with (so each gym's own
// keys from settings work locally), with the default webhook secret and URL; a known key with another secret is refused.
import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { checkoutScript } from './razorpay-checkout.ts';
import { subscriptionsModule, type Subscription } from './razorpay-subscriptions.ts';
import type { Account, Body, Notes, Payment } from './razorpay-types.ts';

export type { Account, Body, Notes, Payment } from './razorpay-types.ts';

export const RAZORPAY_STANDIN_DEFAULTS = {
  port: 2526,
  keyId: 'rzp_test_AkhadaLocal0001',
  keySecret: 'akhada_standin_key_secret_local_only',
  webhookSecret: 'akhada_standin_webhook_secret_local_only',
} as const;

const SERVICE = 'akhada-razorpay-standin';
const HOST = process.env.RAZORPAY_STANDIN_HOST ?? '127.0.0.1';
const WEBHOOK_TIMEOUT_MS = 5_000;
/** Waits before the 2nd, 3rd and 4th attempt of a webhook that was not answered 2xx (Razorpay: hours; here: seconds). */
const RETRY_DELAYS_MS = [500, 1_000, 2_000];
const CALL_LOG_CAP = 1_000;

export interface RazorpayStandinOptions {
  /** Default 2526; 0 picks a free port. */
  port?: number;
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Where webhooks are posted (the gateway's /api/payments/razorpay/webhook); without it they are recorded only. */
  webhookUrl?: string;
  /** The origin browsers reach the stand-in at (payment-link short URLs); default http://127.0.0.1:<port>. */
  publicUrl?: string;
}

export interface StandinCall {
  at: string;
  method: string;
  path: string;
  keyId?: string;
  status: number;
  body?: unknown;
}

export interface WebhookAttempt {
  at: string;
  status?: number;
  error?: string;
  ms: number;
}

export interface WebhookDelivery {
  eventId: string;
  event: string;
  keyId: string;
  url?: string;
  /** The exact bytes posted (and signed). */
  body: string;
  signature: string;
  createdAt: string;
  /** held: waiting for release; dropped: never sent (a lost delivery); failed: every attempt refused. */
  status: 'pending' | 'delivered' | 'failed' | 'held' | 'dropped' | 'no_url';
  attempts: WebhookAttempt[];
}

export type WebhookMode = 'deliver' | 'hold' | 'drop';

export interface RazorpayStandin {
  port: number;
  /** http://127.0.0.1:<port>: the SDK's base URL (RAZORPAY_API_URL). */
  url: string;
  /** <url>/v1/checkout.js (RAZORPAY_CHECKOUT_URL). */
  checkoutUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  calls(): StandinCall[];
  webhooks(): WebhookDelivery[];
  /** How the next webhooks are handled (all of them, or the next `times`). */
  setWebhookMode(mode: WebhookMode, times?: number): void;
  /** Sends an event again (same id, same bytes, same signature), `times` times in a row; resolves when done. */
  redeliver(eventId: string, times?: number): Promise<WebhookDelivery>;
  /** Sends the held webhooks, oldest first (fifo) or newest first (lifo), one after the other. */
  release(order?: 'fifo' | 'lifo'): Promise<WebhookDelivery[]>;
  /** The member authorises a subscription's mandate (Checkout): authenticated, and charged at once without start_at. */
  authenticateSubscription(
    id: string,
    input?: { method?: 'upi' | 'card' | 'emandate'; outcome?: 'success' | 'failure' },
  ): { subscription: Subscription; payment: Payment; signature: string | null };
  /** The next cycle's charge of a subscription, succeeded or failed (pending; halted after the retries or with halt). */
  chargeSubscription(id: string, input?: { outcome?: 'success' | 'failure'; halt?: boolean }): { subscription: Subscription; payment: Payment | null };
  /** Resolves when no webhook is being sent or waiting for a retry. */
  idle(): Promise<void>;
  reset(): void;
  stop(): Promise<void>;
}

// ── Razorpay's shapes ─────────────────────────────────────────────────────────────────────────────────────────────

interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes | [];
  created_at: number;
}

interface Refund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'instant';
  speed_requested: 'normal' | 'optimum';
}

interface PaymentLink {
  id: string;
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  callback_method: string;
  callback_url: string;
  cancelled_at: number;
  created_at: number;
  currency: string;
  customer: { name?: string; email?: string; contact?: string };
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: number;
  notes: Notes | null;
  notify: { sms: boolean; email: boolean; whatsapp: boolean };
  order_id?: string;
  payments: { amount: number; created_at: number; method: string; payment_id: string; status: string }[] | null;
  reference_id: string;
  reminder_enable: boolean;
  reminders: unknown[];
  short_url: string;
  status: 'created' | 'partially_paid' | 'paid' | 'cancelled' | 'expired';
  updated_at: number;
  upi_link: boolean;
  user_id: string;
}

/** Razorpay's error body: `{ error: { code, description, source, step, reason, metadata, field? } }`. */
export const razorpayError = (description: string, field?: string, code = 'BAD_REQUEST_ERROR') => ({
  error: {
    code,
    description,
    source: field ? 'business' : 'NA',
    step: field ? 'payment_initiation' : 'NA',
    reason: field ? 'input_validation_failed' : 'NA',
    metadata: {},
    ...(field ? { field } : {}),
  },
});

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(JSON.stringify(body));
  }
}
const bad = (description: string, field?: string) => new ApiError(400, razorpayError(description, field));
const notFound = () => bad('The id provided does not exist');

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Razorpay ids: a prefix and 14 base-62 characters (e.g. order_NkXq2h5bX0bT1a). */
export const razorpayId = (prefix = '') => {
  const bytes = randomBytes(14);
  let id = '';
  for (const b of bytes) id += BASE62[b % 62];
  return prefix ? `${prefix}_${id}` : id;
};
const now = () => Math.floor(Date.now() / 1000);
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

// ── Input checks in Razorpay's words ──────────────────────────────────────────────────────────────────────────────

const onlyFields = (body: Body, allowed: string[]) => {
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length) throw bad(`${extra.join(', ')} ${extra.length > 1 ? 'are' : 'is/are'} not required and should not be sent`, extra[0]);
};
const amountOf = (body: Body, field = 'amount', required = true): number | undefined => {
  const v = body[field];
  if (v === undefined || v === null || v === '') {
    if (required) throw bad(`The ${field} field is required.`, field);
    return undefined;
  }
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw bad(`The ${field} must be an integer.`, field);
  if (n < 100) throw bad(`The ${field} must be atleast INR 1.00`, field);
  if (n > 50_000_000_00) throw bad(`The ${field} may not be greater than 5000000000.`, field);
  return n;
};
const currencyOf = (body: Body) => {
  const c = body.currency ?? 'INR';
  if (c !== 'INR') throw bad('The selected currency is invalid.', 'currency');
  return 'INR';
};
const stringOf = (body: Body, field: string, max: number): string | undefined => {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw bad(`The ${field} must be a string.`, field);
  if (v.length > max) throw bad(`The ${field} may not be greater than ${max} characters.`, field);
  return v;
};
const notesOf = (body: Body): Notes | undefined => {
  const v = body.notes;
  if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw bad('The notes must be an array.', 'notes');
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > 15) throw bad('The notes may not have more than 15 items.', 'notes');
  for (const [k, val] of entries) {
    if (val !== null && typeof val !== 'string' && typeof val !== 'number') throw bad(`notes.${k} must be a string`, 'notes');
    if (String(val ?? '').length > 256) throw bad(`notes.${k} may not be greater than 256 characters.`, 'notes');
  }
  return v as Notes;
};
const boolOf = (body: Body, field: string): boolean | undefined => {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  throw bad(`The ${field} field must be true or false.`, field);
};

// ── Bodies: JSON or form-encoded (Razorpay takes both), limited in size ───────────────────────────────────────────
const readRaw = (req: http.IncomingMessage, limit = 1_000_000): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new ApiError(413, razorpayError('Request body too large')));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** `a[b]=c` form keys become nested objects, as Razorpay reads them. */
const formToObject = (raw: string): Body => {
  const out: Body = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const m = /^([^[]+)\[([^\]]*)\]$/.exec(key);
    if (m) {
      const inner = (out[m[1]!] ??= {}) as Record<string, unknown>;
      inner[m[2]!] = value;
    } else out[key] = value;
  }
  return out;
};

const parseBody = (raw: string, contentType: string | undefined): Body => {
  if (!raw.trim()) return {};
  if ((contentType ?? '').includes('application/x-www-form-urlencoded')) return formToObject(raw);
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Body;
  } catch {
    throw bad('The request body is not valid JSON');
  }
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function startRazorpayStandin(options: RazorpayStandinOptions = {}): Promise<RazorpayStandin> {
  const defaults = {
    keyId: options.keyId ?? RAZORPAY_STANDIN_DEFAULTS.keyId,
    keySecret: options.keySecret ?? RAZORPAY_STANDIN_DEFAULTS.keySecret,
    webhookSecret: options.webhookSecret ?? RAZORPAY_STANDIN_DEFAULTS.webhookSecret,
  };
  const webhookUrl = options.webhookUrl;
  let publicUrl = options.publicUrl;

  const accounts = new Map<string, Account>();
  const orders = new Map<string, { keyId: string; order: Order; autoCapture: boolean }>();
  const payments = new Map<string, { keyId: string; payment: Payment }>();
  const refunds = new Map<string, { keyId: string; refund: Refund }>();
  const links = new Map<string, { keyId: string; link: PaymentLink }>();
  const calls: StandinCall[] = [];
  const deliveries: WebhookDelivery[] = [];
  let mode: { mode: WebhookMode; remaining: number | null } = { mode: 'deliver', remaining: null };
  let failNext: { remaining: number; kind: 'server_error' | 'network' } = { remaining: 0, kind: 'server_error' };
  const inflight = new Set<Promise<unknown>>();

  const addDefaultAccount = () => accounts.set(defaults.keyId, { ...defaults, ...(webhookUrl ? { webhookUrl } : {}), accountId: razorpayId('acc') });
  addDefaultAccount();

  // ── webhooks ──
  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => undefined);
    return p;
  };
  const attempt = async (d: WebhookDelivery): Promise<boolean> => {
    const t0 = Date.now();
    if (!d.url) return false;
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1',
          'x-razorpay-signature': d.signature,
          'x-razorpay-event-id': d.eventId,
        },
        body: d.body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      d.attempts.push({ at: new Date().toISOString(), status: res.status, ms: Date.now() - t0 });
      return res.ok;
    } catch (err) {
      d.attempts.push({ at: new Date().toISOString(), error: (err as Error).message, ms: Date.now() - t0 });
      return false;
    }
  };
  /** One delivery with Razorpay's retries (shortened): until a 2xx or out of attempts. */
  const send = async (d: WebhookDelivery) => {
    if (!d.url) {
      d.status = 'no_url';
      return;
    }
    d.status = 'pending';
    for (let i = 0; ; i++) {
      if (await attempt(d)) {
        d.status = 'delivered';
        return;
      }
      if (i >= RETRY_DELAYS_MS.length) break;
      await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[i]));
    }
    d.status = 'failed';
  };

  const emit = (account: Account, event: string, payload: Record<string, { entity: unknown }>) => {
    const body = JSON.stringify({
      entity: 'event',
      account_id: account.accountId,
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    const d: WebhookDelivery = {
      eventId: razorpayId(),
      event,
      keyId: account.keyId,
      ...(account.webhookUrl ? { url: account.webhookUrl } : {}),
      body,
      signature: hmac(account.webhookSecret, body),
      createdAt: new Date().toISOString(),
      status: 'pending',
      attempts: [],
    };
    deliveries.push(d);
    const current = mode.mode;
    if (mode.remaining !== null && --mode.remaining <= 0) mode = { mode: 'deliver', remaining: null };
    if (current === 'drop') d.status = 'dropped';
    else if (current === 'hold') d.status = 'held';
    else void track(send(d));
  };

  // ── accounts and auth ──
  const authenticate = (req: http.IncomingMessage): Account => {
    const header = req.headers.authorization ?? '';
    const m = /^Basic\s+(.+)$/i.exec(header);
    if (!m) throw new ApiError(401, razorpayError('Please provide your api key for authentication purposes.'));
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const keyId = colon < 0 ? decoded : decoded.slice(0, colon);
    const secret = colon < 0 ? '' : decoded.slice(colon + 1);
    if (!/^rzp_(test|live)_[A-Za-z0-9]{6,}$/.test(keyId)) throw new ApiError(401, razorpayError('The api key provided is invalid'));
    if (!secret) throw new ApiError(401, razorpayError('Please provide your api secret for authentication purposes.'));
    let account = accounts.get(keyId);
    if (!account) {
      if (!keyId.startsWith('rzp_test_')) throw new ApiError(401, razorpayError('Authentication failed'));
      account = { keyId, keySecret: secret, webhookSecret: defaults.webhookSecret, ...(webhookUrl ? { webhookUrl } : {}), accountId: razorpayId('acc') };
      accounts.set(keyId, account);
    }
    if (account.keySecret !== secret) throw new ApiError(401, razorpayError('Authentication failed'));
    return account;
  };
  const publicAccount = (keyId: unknown): Account => {
    const account = typeof keyId === 'string' ? accounts.get(keyId) : undefined;
    if (!account) throw bad('The api key provided is invalid', 'key');
    return account;
  };

  // ── entities ──
  const ownOrder = (account: Account, id: string) => {
    const o = orders.get(id);
    if (!o || o.keyId !== account.keyId) throw notFound();
    return o;
  };
  const ownPayment = (account: Account, id: string) => {
    const p = payments.get(id);
    if (!p || p.keyId !== account.keyId) throw notFound();
    return p.payment;
  };

  const createOrder = (account: Account, body: Body) => {
    onlyFields(body, ['amount', 'currency', 'receipt', 'notes', 'payment_capture', 'partial_payment', 'first_payment_min_amount']);
    const amount = amountOf(body)!;
    const currency = currencyOf(body);
    const receipt = stringOf(body, 'receipt', 40) ?? null;
    const notes = notesOf(body);
    const autoCapture = boolOf(body, 'payment_capture') ?? true;
    const order: Order = {
      id: razorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: notes ?? [],
      created_at: now(),
    };
    orders.set(order.id, { keyId: account.keyId, order, autoCapture });
    return order;
  };

  const markCaptured = (account: Account, payment: Payment) => {
    payment.status = 'captured';
    payment.captured = true;
    payment.fee = Math.round(payment.amount * 0.0236);
    payment.tax = Math.round(payment.amount * 0.0036);
    const o = orders.get(payment.order_id);
    if (o) {
      o.order.status = 'paid';
      o.order.amount_paid = payment.amount;
      o.order.amount_due = 0;
    }
    emit(account, 'payment.captured', { payment: { entity: { ...payment } } });
  };

  /** What Checkout (and the hosted link page) does when the payer pays or fails: the payment, its webhooks. */
  const pay = (
    account: Account,
    orderId: string,
    input: { method: 'upi' | 'card'; outcome: 'success' | 'failure'; email?: string; contact?: string; description?: string },
  ) => {
    const o = ownOrder(account, orderId);
    if (o.order.status === 'paid') throw bad('Order has already been paid', 'order_id');
    o.order.attempts += 1;
    if (o.order.status === 'created') o.order.status = 'attempted';
    const payment: Payment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: o.order.amount,
      currency: o.order.currency,
      status: 'created',
      order_id: o.order.id,
      invoice_id: null,
      international: false,
      method: input.method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: input.description ?? null,
      card_id: input.method === 'card' ? razorpayId('card') : null,
      bank: null,
      wallet: null,
      vpa: input.method === 'upi' ? (input.outcome === 'success' ? 'success@razorpay' : 'failure@razorpay') : null,
      email: input.email || 'void@razorpay.com',
      contact: input.contact || '+919000090000',
      notes: Array.isArray(o.order.notes) ? [] : { ...o.order.notes },
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data:
        input.method === 'upi' ? { rrn: String(100000000000 + (randomBytes(4).readUInt32BE() % 899999999999)) } : { auth_code: razorpayId().slice(0, 6) },
      created_at: now(),
    };
    payments.set(payment.id, { keyId: account.keyId, payment });
    if (input.outcome === 'failure') {
      Object.assign(payment, {
        status: 'failed',
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment failed because the payer declined it.',
        error_source: 'customer',
        error_step: 'payment_authorization',
        error_reason: 'payment_failed',
      });
      emit(account, 'payment.failed', { payment: { entity: { ...payment } } });
      return { payment, order: o.order };
    }
    payment.status = 'authorized';
    if (o.autoCapture) markCaptured(account, payment);
    return { payment, order: o.order };
  };

  const capture = (account: Account, id: string, body: Body) => {
    onlyFields(body, ['amount', 'currency']);
    const payment = ownPayment(account, id);
    const amount = amountOf(body)!;
    if (body.currency !== undefined) currencyOf(body);
    if (payment.status === 'captured' || payment.status === 'refunded') throw bad('This payment has already been captured');
    if (payment.status !== 'authorized') throw bad('Only payments which have been authorized and not yet captured can be captured');
    if (amount !== payment.amount) throw bad('Capture amount must be equal to the amount authorized', 'amount');
    markCaptured(account, payment);
    return payment;
  };

  /** X-Refund-Idempotency: key → the refund it made, for the same account, payment and body. */
  const refundKeys = new Map<string, { keyId: string; request: string; refundId: string }>();
  const refund = (account: Account, id: string, body: Body, idempotencyKey?: string): Refund => {
    onlyFields(body, ['amount', 'speed', 'notes', 'receipt']);
    if (idempotencyKey !== undefined) {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) throw bad('The idempotency key is invalid.');
      const request = JSON.stringify([id, body]);
      const seen = refundKeys.get(`${account.keyId}:${idempotencyKey}`);
      if (seen) {
        if (seen.request !== request) throw bad('Different request with the same idempotency key has already been processed.');
        return refunds.get(seen.refundId)!.refund;
      }
      const r = refund(account, id, body);
      refundKeys.set(`${account.keyId}:${idempotencyKey}`, { keyId: account.keyId, request, refundId: r.id });
      return r;
    }
    const payment = ownPayment(account, id);
    if (payment.status === 'refunded') throw bad('The payment has been fully refunded already');
    if (payment.status !== 'captured') throw bad('Payment which has not been captured cannot be refunded');
    const remaining = payment.amount - payment.amount_refunded;
    const amount = amountOf(body, 'amount', false) ?? remaining;
    if (amount > remaining) throw bad('The refund amount provided is greater than amount captured', 'amount');
    const speed = body.speed ?? 'normal';
    if (speed !== 'normal' && speed !== 'optimum') throw bad('The selected speed is invalid.', 'speed');
    const notes = notesOf(body);
    const r: Refund = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: notes ?? [],
      receipt: stringOf(body, 'receipt', 40) ?? null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: speed,
    };
    refunds.set(r.id, { keyId: account.keyId, refund: r });
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
    emit(account, 'refund.processed', { refund: { entity: { ...r } }, payment: { entity: { ...payment } } });
    return r;
  };

  const createLink = (account: Account, body: Body) => {
    onlyFields(body, [
      'amount',
      'currency',
      'accept_partial',
      'first_min_partial_amount',
      'description',
      'customer',
      'notify',
      'reminder_enable',
      'notes',
      'callback_url',
      'callback_method',
      'reference_id',
      'expire_by',
      'upi_link',
      'options',
    ]);
    const amount = amountOf(body)!;
    const currency = currencyOf(body);
    const description = stringOf(body, 'description', 2048) ?? '';
    const referenceId = stringOf(body, 'reference_id', 40) ?? '';
    if (referenceId && [...links.values()].some((l) => l.keyId === account.keyId && l.link.reference_id === referenceId))
      throw bad(`Payment Link with reference id ${referenceId} already exists`, 'reference_id');
    const customerIn = body.customer ?? {};
    if (typeof customerIn !== 'object' || customerIn === null || Array.isArray(customerIn)) throw bad('The customer must be an object.', 'customer');
    const customer: PaymentLink['customer'] = {};
    for (const k of ['name', 'email', 'contact'] as const) {
      const v = (customerIn as Body)[k];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string') throw bad(`The customer.${k} must be a string.`, `customer.${k}`);
      if (k === 'email' && v && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) throw bad('The customer.email must be a valid email address.', 'customer.email');
      customer[k] = v;
    }
    const callbackUrl = stringOf(body, 'callback_url', 2048) ?? '';
    if (callbackUrl && !/^https?:\/\//.test(callbackUrl)) throw bad('The callback url format is invalid.', 'callback_url');
    const expireBy = body.expire_by === undefined ? 0 : Number(body.expire_by);
    if (!Number.isInteger(expireBy) || (expireBy !== 0 && expireBy < now() + 15 * 60))
      throw bad('expire_by should be at least 15 minutes after current time', 'expire_by');
    const notifyIn = (body.notify ?? {}) as Body;
    const created = now();
    const link: PaymentLink = {
      id: razorpayId('plink'),
      accept_partial: boolOf(body, 'accept_partial') ?? false,
      amount,
      amount_paid: 0,
      callback_method: callbackUrl ? 'get' : '',
      callback_url: callbackUrl,
      cancelled_at: 0,
      created_at: created,
      currency,
      customer,
      description,
      expire_by: expireBy,
      expired_at: 0,
      first_min_partial_amount: 0,
      notes: notesOf(body) ?? null,
      notify: { sms: notifyIn.sms === true, email: notifyIn.email === true, whatsapp: notifyIn.whatsapp === true },
      payments: null,
      reference_id: referenceId,
      reminder_enable: boolOf(body, 'reminder_enable') ?? false,
      reminders: [],
      short_url: '',
      status: 'created',
      updated_at: created,
      upi_link: boolOf(body, 'upi_link') ?? false,
      user_id: '',
    };
    link.short_url = `${publicUrl}/l/${link.id}`;
    links.set(link.id, { keyId: account.keyId, link });
    return link;
  };
  const ownLink = (account: Account, id: string) => {
    const l = links.get(id);
    if (!l || l.keyId !== account.keyId) throw notFound();
    return l.link;
  };
  const refreshExpiry = (link: PaymentLink) => {
    if (link.status === 'created' && link.expire_by && link.expire_by < now()) {
      link.status = 'expired';
      link.expired_at = link.expire_by;
    }
  };

  /** The hosted page's "Pay": an order behind the link, the payment (captured), its webhooks, the signed callback. */
  const payLink = (link: PaymentLink, method: 'upi' | 'card', outcome: 'success' | 'failure') => {
    const entry = links.get(link.id)!;
    const account = accounts.get(entry.keyId)!;
    refreshExpiry(link);
    if (link.status !== 'created' && link.status !== 'partially_paid') throw bad(`This payment link is ${link.status}`);
    if (!link.order_id) link.order_id = createOrder(account, { amount: link.amount, currency: link.currency, ...(link.notes ? { notes: link.notes } : {}) }).id;
    const { payment, order } = pay(account, link.order_id, {
      method,
      outcome,
      ...(link.customer.email ? { email: link.customer.email } : {}),
      ...(link.customer.contact ? { contact: link.customer.contact } : {}),
      description: link.description,
    });
    if (payment.status !== 'captured') return { payment, link };
    link.status = 'paid';
    link.amount_paid = payment.amount;
    link.updated_at = now();
    link.payments = [{ amount: payment.amount, created_at: payment.created_at, method: payment.method, payment_id: payment.id, status: 'captured' }];
    emit(account, 'payment_link.paid', { payment_link: { entity: { ...link } }, order: { entity: { ...order } }, payment: { entity: { ...payment } } });
    const signature = hmac(account.keySecret, `${link.id}|${link.reference_id}|${link.status}|${payment.id}`);
    return { payment, link, signature };
  };

  // ── Subscriptions (razorpay-subscriptions.ts) ──
  const subscriptions = subscriptionsModule({
    emit,
    storePayment: (keyId, payment) => payments.set(payment.id, { keyId, payment }),
    account: (keyId) => accounts.get(keyId),
    razorpayId,
    now,
    publicUrl: () => publicUrl ?? '',
    bad,
    notFound,
    check: { onlyFields, amountOf, stringOf, notesOf, boolOf },
  });

  // ── HTTP ──
  const headerOf = (headers: http.IncomingHttpHeaders, name: string): string | undefined => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const routes: {
    method: string;
    pattern: RegExp;
    handle: (account: Account, m: RegExpExecArray, body: Body, url: URL, headers: http.IncomingHttpHeaders) => unknown;
  }[] = [
    { method: 'POST', pattern: /^\/v1\/orders\/?$/, handle: (a, _m, b) => createOrder(a, b) },
    { method: 'GET', pattern: /^\/v1\/orders\/([^/]+)\/?$/, handle: (a, m) => ownOrder(a, m[1]!).order },
    {
      method: 'GET',
      pattern: /^\/v1\/orders\/([^/]+)\/payments\/?$/,
      handle: (a, m) => {
        const order = ownOrder(a, m[1]!).order;
        const items = [...payments.values()].filter((p) => p.payment.order_id === order.id).map((p) => p.payment);
        return { entity: 'collection', count: items.length, items };
      },
    },
    { method: 'GET', pattern: /^\/v1\/payments\/([^/]+)\/?$/, handle: (a, m) => ownPayment(a, m[1]!) },
    { method: 'POST', pattern: /^\/v1\/payments\/([^/]+)\/capture\/?$/, handle: (a, m, b) => capture(a, m[1]!, b) },
    {
      method: 'POST',
      pattern: /^\/v1\/payments\/([^/]+)\/refund\/?$/,
      handle: (a, m, b, _u, headers) => refund(a, m[1]!, b, headerOf(headers, 'x-refund-idempotency')),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds\/([^/]+)\/?$/,
      handle: (a, m) => {
        const r = refunds.get(m[1]!);
        if (!r || r.keyId !== a.keyId) throw notFound();
        return r.refund;
      },
    },
    { method: 'POST', pattern: /^\/v1\/payment_links\/?$/, handle: (a, _m, b) => createLink(a, b) },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_links\/([^/]+)\/?$/,
      handle: (a, m) => {
        const link = ownLink(a, m[1]!);
        refreshExpiry(link);
        return link;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_links\/([^/]+)\/cancel\/?$/,
      handle: (a, m) => {
        const link = ownLink(a, m[1]!);
        refreshExpiry(link);
        if (link.status !== 'created') throw bad(`Payment link cannot be cancelled as it is already ${link.status}`);
        link.status = 'cancelled';
        link.cancelled_at = now();
        link.updated_at = link.cancelled_at;
        return link;
      },
    },
    ...subscriptions.routes,
  ];

  const corsHeaders = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'access-control-max-age': '600',
  };

  const logCall = (call: StandinCall) => {
    calls.push(call);
    if (calls.length > CALL_LOG_CAP) calls.splice(0, calls.length - CALL_LOG_CAP);
  };

  const linkPage = (link: PaymentLink, message?: string) => {
    const open = link.status === 'created' || link.status === 'partially_paid';
    const who = link.customer.name ? `<p>For ${escapeHtml(link.customer.name)}</p>` : '';
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment link ${escapeHtml(link.id)} · Razorpay stand-in</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #eef2f7; color: #14213d; }
  main { box-sizing: border-box; width: calc(100% - 2rem); max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .amount { font-size: 2rem; font-weight: 700; margin: .25rem 0 1rem; }
  .status { display: inline-block; padding: .1rem .6rem; border-radius: 999px; background: #e8f0fe; font-size: .875rem; }
  .paid { background: #d1fadf; color: #05603a; } .warn { background: #fee4e2; color: #912018; }
  form { display: grid; gap: .75rem; margin-top: 1rem; }
  button { font: inherit; min-height: 44px; border-radius: 8px; border: 1px solid #1a56db; background: #1a56db; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #912018; border-color: #912018; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .note { font-size: .8rem; color: #475467; margin-top: 1.5rem; }
</style></head>
<body><main>
  <h1>${escapeHtml(link.description || 'Payment request')}</h1>
  ${who}
  <p class="amount">${rupees(link.amount)}</p>
  <p><span class="status ${link.status === 'paid' ? 'paid' : open ? '' : 'warn'}" role="status">${escapeHtml(
    link.status === 'paid' ? 'Paid' : open ? 'Awaiting payment' : `Link ${link.status}`,
  )}</span></p>
  ${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
  ${
    open
      ? `<form method="post" action="/l/${escapeHtml(link.id)}/pay">
    <button type="submit" name="method" value="upi">Pay with UPI</button>
    ${link.upi_link ? '' : '<button type="submit" name="method" value="card">Pay with card</button>'}
    <button type="submit" name="method" value="fail" class="secondary">Fail payment</button>
  </form>`
      : ''
  }
  <p class="note">Razorpay stand-in for development and tests: no money moves.</p>
</main></body></html>`;
  };

  /** Razorpay's hosted page of a subscription (its short_url): authorise the mandate with UPI or a card, or fail it. */
  const subscriptionPage = (sub: Subscription, plan: { item: { name: string; amount: number }; interval: number; period: string }, message?: string) => {
    const open = sub.status === 'created';
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Subscription ${escapeHtml(sub.id)} · Razorpay stand-in</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #eef2f7; color: #14213d; }
  main { box-sizing: border-box; width: calc(100% - 2rem); max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem; }
  form { display: grid; gap: .75rem; margin-top: 1rem; }
  button { font: inherit; min-height: 44px; border-radius: 8px; border: 1px solid #1a56db; background: #1a56db; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #912018; border-color: #912018; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
</style></head>
<body><main>
  <h1>${escapeHtml(plan.item.name)}</h1>
  <p>${rupees(plan.item.amount * sub.quantity)} every ${plan.interval} ${escapeHtml(({ daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' } as Record<string, string>)[plan.period] ?? plan.period)}(s)</p>
  <p role="status">${escapeHtml(open ? 'Awaiting authorisation' : `Subscription ${sub.status}`)}</p>
  ${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
  ${
    open
      ? `<form method="post" action="/subscriptions/${escapeHtml(sub.id)}/authorise">
    <button type="submit" name="method" value="upi">Set up UPI AutoPay</button>
    <button type="submit" name="method" value="card">Set up card mandate</button>
    <button type="submit" name="method" value="fail" class="secondary">Fail authorisation</button>
  </form>`
      : ''
  }
  <p>Razorpay stand-in for development and tests: no money moves.</p>
</main></body></html>`;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const path = url.pathname;
    const json = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra });
      res.end(JSON.stringify(body));
    };
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
    };
    const fail = (err: unknown, extra: Record<string, string> = {}) => {
      if (err instanceof ApiError) return json(err.status, err.body, extra);
      console.error(`[infra] razorpay stand-in: ${(err as Error).stack ?? String(err)}`);
      return json(500, razorpayError('The server encountered an error. The incident has been reported to admins.', undefined, 'SERVER_ERROR'), extra);
    };

    const run = async () => {
      // Browser endpoints (public key, CORS open as Razorpay's are).
      if (req.method === 'OPTIONS' && path.startsWith('/v1/checkout')) {
        res.writeHead(204, corsHeaders).end();
        return;
      }
      if (req.method === 'GET' && path === '/v1/checkout.js') {
        res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-cache', ...corsHeaders });
        res.end(checkoutScript());
        return;
      }
      if (req.method === 'POST' && path === '/v1/checkout/payments') {
        try {
          const body = parseBody(await readRaw(req), req.headers['content-type']);
          const account = publicAccount(body.key_id);
          const method = body.method === 'card' ? 'card' : 'upi';
          const outcome = body.outcome === 'failure' ? 'failure' : 'success';
          if (typeof body.order_id !== 'string') throw bad('The order id field is required.', 'order_id');
          const { payment } = pay(account, body.order_id, {
            method,
            outcome,
            ...(typeof body.email === 'string' ? { email: body.email } : {}),
            ...(typeof body.contact === 'string' ? { contact: body.contact } : {}),
            ...(typeof body.description === 'string' ? { description: body.description } : {}),
          });
          logCall({ at: new Date().toISOString(), method: 'POST', path, keyId: account.keyId, status: outcome === 'failure' ? 400 : 200, body });
          if (payment.status === 'failed') {
            return json(
              400,
              {
                error: {
                  code: payment.error_code,
                  description: payment.error_description,
                  source: payment.error_source,
                  step: payment.error_step,
                  reason: payment.error_reason,
                  metadata: { payment_id: payment.id, order_id: payment.order_id },
                },
              },
              corsHeaders,
            );
          }
          return json(
            200,
            {
              razorpay_payment_id: payment.id,
              razorpay_order_id: payment.order_id,
              razorpay_signature: hmac(account.keySecret, `${payment.order_id}|${payment.id}`),
            },
            corsHeaders,
          );
        } catch (err) {
          return fail(err, corsHeaders);
        }
      }
      if (req.method === 'POST' && path === '/v1/checkout/subscriptions') {
        try {
          const body = parseBody(await readRaw(req), req.headers['content-type']);
          const result = subscriptions.checkout(body);
          logCall({ at: new Date().toISOString(), method: 'POST', path, keyId: String(body.key_id), status: result.signature ? 200 : 400, body });
          if (!result.signature) {
            const p = result.payment;
            return json(
              400,
              {
                error: {
                  code: p.error_code,
                  description: p.error_description,
                  source: p.error_source,
                  step: p.error_step,
                  reason: p.error_reason,
                  metadata: { payment_id: p.id, subscription_id: result.subscription.id },
                },
              },
              corsHeaders,
            );
          }
          return json(
            200,
            { razorpay_payment_id: result.authPayment!.id, razorpay_subscription_id: result.subscription.id, razorpay_signature: result.signature },
            corsHeaders,
          );
        } catch (err) {
          return fail(err, corsHeaders);
        }
      }
      const subMatch = /^\/subscriptions\/([A-Za-z0-9_]+)(\/authorise)?\/?$/.exec(path);
      if (subMatch) {
        const found = subscriptions.find(subMatch[1]!);
        if (!found) return html(404, '<!doctype html><html lang="en"><title>Not found</title><h1>This subscription does not exist</h1></html>');
        if (req.method === 'GET' && !subMatch[2])
          return html(200, subscriptionPage(found.subscription, found.plan, url.searchParams.get('failed') ? 'Authorisation failed. Try again.' : undefined));
        if (req.method === 'POST' && subMatch[2]) {
          const form = parseBody(await readRaw(req), 'application/x-www-form-urlencoded');
          const method = form.method === 'card' ? 'card' : 'upi';
          const outcome = form.method === 'fail' ? 'failure' : 'success';
          try {
            subscriptions.authenticate(null, found.subscription.id, { method, outcome });
            res.writeHead(303, { location: `/subscriptions/${found.subscription.id}${outcome === 'failure' ? '?failed=1' : ''}` }).end();
          } catch (err) {
            if (err instanceof ApiError)
              return html(400, subscriptionPage(found.subscription, found.plan, (err.body as { error: { description: string } }).error.description));
            throw err;
          }
          return;
        }
      }
      const linkMatch = /^\/l\/([A-Za-z0-9_]+)(\/pay)?\/?$/.exec(path);
      if (linkMatch) {
        const entry = links.get(linkMatch[1]!);
        if (!entry) return html(404, '<!doctype html><html lang="en"><title>Not found</title><h1>This payment link does not exist</h1></html>');
        const link = entry.link;
        refreshExpiry(link);
        if (req.method === 'GET' && !linkMatch[2]) return html(200, linkPage(link, url.searchParams.get('failed') ? 'Payment failed. Try again.' : undefined));
        if (req.method === 'POST' && linkMatch[2]) {
          const form = parseBody(await readRaw(req), 'application/x-www-form-urlencoded');
          const method = form.method === 'card' ? 'card' : 'upi';
          const outcome = form.method === 'fail' ? 'failure' : 'success';
          try {
            const result = payLink(link, method, outcome);
            logCall({ at: new Date().toISOString(), method: 'POST', path, keyId: entry.keyId, status: 303, body: form });
            let location = `/l/${link.id}${outcome === 'failure' ? '?failed=1' : ''}`;
            if (result.signature && link.callback_url) {
              const cb = new URL(link.callback_url);
              cb.searchParams.set('razorpay_payment_id', result.payment.id);
              cb.searchParams.set('razorpay_payment_link_id', link.id);
              cb.searchParams.set('razorpay_payment_link_reference_id', link.reference_id);
              cb.searchParams.set('razorpay_payment_link_status', link.status);
              cb.searchParams.set('razorpay_signature', result.signature);
              location = cb.toString();
            }
            res.writeHead(303, { location }).end();
            return;
          } catch (err) {
            if (err instanceof ApiError) return html(400, linkPage(link, (err.body as { error: { description: string } }).error.description));
            throw err;
          }
        }
      }

      // Test controls.
      if (path === '/healthz' && req.method === 'GET') return json(200, { ok: true, service: SERVICE });
      if (path.startsWith('/__standin/')) return controls(url, await readRaw(req).then((raw) => parseBody(raw, req.headers['content-type'])));

      // The REST API.
      if (path.startsWith('/v1/')) {
        const route = routes.find((r) => r.pattern.test(path) && r.method === req.method);
        const entry: StandinCall = { at: new Date().toISOString(), method: req.method ?? 'GET', path, status: 0 };
        try {
          if (failNext.remaining > 0) {
            failNext.remaining -= 1;
            if (failNext.kind === 'network') {
              entry.status = 0;
              logCall(entry);
              req.socket.destroy();
              return;
            }
            throw new ApiError(500, razorpayError('The server encountered an error. The incident has been reported to admins.', undefined, 'SERVER_ERROR'));
          }
          const account = authenticate(req);
          entry.keyId = account.keyId;
          const body = parseBody(await readRaw(req), req.headers['content-type']);
          if (Object.keys(body).length) entry.body = body;
          if (!route) throw new ApiError(400, razorpayError('The requested URL was not found on the server.'));
          const result = route.handle(account, route.pattern.exec(path)!, body, url, req.headers);
          entry.status = 200;
          logCall(entry);
          return json(200, result);
        } catch (err) {
          entry.status = err instanceof ApiError ? err.status : 500;
          logCall(entry);
          return fail(err);
        }
      }
      return json(404, razorpayError('The requested URL was not found on the server.'));
    };
    run().catch((err: unknown) => {
      if (!res.headersSent) fail(err);
      else res.destroy();
    });

    function controls(u: URL, body: Body) {
      const p = u.pathname;
      if (p === '/__standin/calls' && req.method === 'GET') return json(200, { calls });
      if (p === '/__standin/webhooks' && req.method === 'GET') {
        const event = u.searchParams.get('event');
        const paymentId = u.searchParams.get('payment_id');
        const orderId = u.searchParams.get('order_id');
        const subscriptionId = u.searchParams.get('subscription_id');
        const list = deliveries.filter(
          (d) =>
            (!event || d.event === event) &&
            (!paymentId || d.body.includes(`"${paymentId}"`)) &&
            (!orderId || d.body.includes(`"${orderId}"`)) &&
            (!subscriptionId || d.body.includes(`"${subscriptionId}"`)),
        );
        return json(200, { webhooks: list.map((d) => ({ ...d, payload: JSON.parse(d.body) as unknown })) });
      }
      if (p === '/__standin/webhook-mode' && req.method === 'POST') {
        const m = body.mode;
        if (m !== 'deliver' && m !== 'hold' && m !== 'drop') return json(400, razorpayError('mode must be deliver, hold or drop', 'mode'));
        const times = body.times === undefined ? null : Number(body.times);
        if (times !== null && (!Number.isInteger(times) || times < 1)) return json(400, razorpayError('times must be a whole number ≥ 1', 'times'));
        api.setWebhookMode(m, times ?? undefined);
        return json(200, { mode });
      }
      if (p === '/__standin/webhooks/release' && req.method === 'POST') {
        return void api.release(body.order === 'lifo' ? 'lifo' : 'fifo').then(
          (released) => json(200, { released }),
          (err: unknown) => fail(err),
        );
      }
      const redeliver = /^\/__standin\/webhooks\/([A-Za-z0-9]+)\/redeliver$/.exec(p);
      if (redeliver && req.method === 'POST') {
        const times = body.times === undefined ? 1 : Number(body.times);
        if (!Number.isInteger(times) || times < 1 || times > 20) return json(400, razorpayError('times must be a whole number from 1 to 20', 'times'));
        return void api.redeliver(redeliver[1]!, times).then(
          (d) => json(200, d),
          (err: unknown) => fail(err),
        );
      }
      if (p === '/__standin/accounts' && req.method === 'POST') {
        const { keyId, keySecret } = body;
        if (typeof keyId !== 'string' || !/^rzp_test_[A-Za-z0-9]{6,}$/.test(keyId) || typeof keySecret !== 'string' || !keySecret)
          return json(400, razorpayError('keyId (rzp_test_…) and keySecret are required'));
        const existing = accounts.get(keyId);
        const account: Account = {
          keyId,
          keySecret,
          webhookSecret: typeof body.webhookSecret === 'string' && body.webhookSecret ? body.webhookSecret : defaults.webhookSecret,
          ...(typeof body.webhookUrl === 'string' ? { webhookUrl: body.webhookUrl } : webhookUrl ? { webhookUrl } : {}),
          accountId: existing?.accountId ?? razorpayId('acc'),
        };
        accounts.set(keyId, account);
        return json(200, { keyId, accountId: account.accountId, webhookUrl: account.webhookUrl ?? null });
      }
      if (p === '/__standin/fail-next' && req.method === 'POST') {
        const times = body.times === undefined ? 1 : Number(body.times);
        if (!Number.isInteger(times) || times < 0) return json(400, razorpayError('times must be a whole number', 'times'));
        failNext = { remaining: times, kind: body.kind === 'network' ? 'network' : 'server_error' };
        return json(200, failNext);
      }
      const subscriptionControl = req.method === 'POST' ? subscriptions.control(p, body) : undefined;
      if (subscriptionControl !== undefined) return json(200, subscriptionControl);
      if (p === '/__standin/reset' && req.method === 'POST') {
        api.reset();
        return json(200, { ok: true });
      }
      return json(404, {
        error: 'not found',
        routes: [
          'GET /__standin/calls',
          'GET /__standin/webhooks?event=&payment_id=&order_id=&subscription_id=',
          'POST /__standin/subscriptions/:id/authenticate {method?, outcome?}',
          'POST /__standin/subscriptions/:id/charge {outcome?, halt?}',
          'POST /__standin/webhook-mode {mode, times?}',
          'POST /__standin/webhooks/release {order?}',
          'POST /__standin/webhooks/:eventId/redeliver {times?}',
          'POST /__standin/accounts {keyId, keySecret, webhookSecret?, webhookUrl?}',
          'POST /__standin/fail-next {times?, kind?}',
          'POST /__standin/reset',
        ],
      });
    }
  });

  server.listen(options.port ?? RAZORPAY_STANDIN_DEFAULTS.port, HOST);
  try {
    await once(server, 'listening');
  } catch (err) {
    throw new Error(`razorpay stand-in: cannot listen on ${HOST}:${options.port ?? RAZORPAY_STANDIN_DEFAULTS.port}: ${(err as Error).message}`, { cause: err });
  }
  const port = (server.address() as { port: number }).port;
  const base = `http://${HOST}:${port}`;
  publicUrl = (options.publicUrl ?? base).replace(/\/+$/, '');

  const api: RazorpayStandin = {
    port,
    url: base,
    checkoutUrl: `${base}/v1/checkout.js`,
    ...defaults,
    calls: () => [...calls],
    webhooks: () => [...deliveries],
    setWebhookMode(m, times) {
      mode = { mode: m, remaining: times ?? null };
    },
    async redeliver(eventId, times = 1) {
      const d = deliveries.find((x) => x.eventId === eventId);
      if (!d) throw new ApiError(404, razorpayError(`No webhook with event id ${eventId}`));
      await track(
        (async () => {
          for (let i = 0; i < times; i++) d.status = (await attempt(d)) ? 'delivered' : d.url ? 'failed' : 'no_url';
        })(),
      );
      return d;
    },
    async release(order = 'fifo') {
      const held = deliveries.filter((d) => d.status === 'held');
      if (order === 'lifo') held.reverse();
      for (const d of held) await track(send(d));
      return held;
    },
    authenticateSubscription: (id, input) => subscriptions.authenticate(null, id, input),
    chargeSubscription: (id, input) => subscriptions.charge(id, input),
    async idle() {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
    reset() {
      accounts.clear();
      orders.clear();
      payments.clear();
      refunds.clear();
      links.clear();
      refundKeys.clear();
      subscriptions.reset();
      calls.length = 0;
      deliveries.length = 0;
      mode = { mode: 'deliver', remaining: null };
      failNext = { remaining: 0, kind: 'server_error' };
      addDefaultAccount();
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return api;
}

/** True when an Akhada Razorpay stand-in answers on 127.0.0.1:port. */
export async function isRazorpayStandinRunning(port: number = RAZORPAY_STANDIN_DEFAULTS.port): Promise<boolean> {
  try {
    const res = await fetch(`http://${HOST}:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    if (!res.ok) return false;
    const body = (await res.json()) as { service?: unknown };
    return body.service === SERVICE;
  } catch {
    return false;
  }
}

/** The payments service's environment for a stand-in (what the stack passes on). */
export const razorpayStandinEnv = (s: Pick<RazorpayStandin, 'url' | 'checkoutUrl' | 'keyId' | 'keySecret' | 'webhookSecret'>): Record<string, string> => ({
  RAZORPAY_API_URL: s.url,
  RAZORPAY_CHECKOUT_URL: s.checkoutUrl,
  RAZORPAY_KEY_ID: s.keyId,
  RAZORPAY_KEY_SECRET: s.keySecret,
  RAZORPAY_WEBHOOK_SECRET: s.webhookSecret,
});

/**
 * The stand-in a stack runs: on `port`, or the next free port above it (up to 20 further) when another stack or a
 * developer's own stand-in holds it — each stack posts webhooks to its own gateway, so none is shared.
 */
export async function startRazorpayStandinForStack({ port, webhookUrl }: { port: number; webhookUrl: string }): Promise<RazorpayStandin> {
  for (let p = port; ; p++) {
    try {
      return await startRazorpayStandin({ port: p, webhookUrl });
    } catch (err) {
      const code = ((err as Error).cause as NodeJS.ErrnoException | undefined)?.code;
      if (code !== 'EADDRINUSE' || p >= port + 20) throw err;
    }
  }
}

/** A parsed webhook as the controls list it: the delivery plus its payload. */
export type ListedWebhook = WebhookDelivery & { payload: { event: string; payload: Record<string, { entity: Record<string, unknown> }> } };

/**
 * The stand-in's test controls over HTTP, for tests that do not run it in-process (the browser tests: inject('razorpayUrl')).
 * Every call throws on a non-2xx answer.
 */
export const razorpayStandinControls = (url: string) => {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`razorpay stand-in ${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    calls: () => call<{ calls: StandinCall[] }>('GET', '/__standin/calls').then((r) => r.calls),
    webhooks: (filter: { event?: string; payment_id?: string; order_id?: string; subscription_id?: string } = {}) =>
      call<{ webhooks: ListedWebhook[] }>('GET', `/__standin/webhooks?${new URLSearchParams(filter)}`).then((r) => r.webhooks),
    setWebhookMode: (mode: WebhookMode, times?: number) => call('POST', '/__standin/webhook-mode', { mode, ...(times ? { times } : {}) }),
    release: (order: 'fifo' | 'lifo' = 'fifo') =>
      call<{ released: WebhookDelivery[] }>('POST', '/__standin/webhooks/release', { order }).then((r) => r.released),
    redeliver: (eventId: string, times = 1) => call<WebhookDelivery>('POST', `/__standin/webhooks/${eventId}/redeliver`, { times }),
    registerAccount: (a: { keyId: string; keySecret: string; webhookSecret?: string; webhookUrl?: string }) => call('POST', '/__standin/accounts', a),
    failNext: (times = 1, kind: 'server_error' | 'network' = 'server_error') => call('POST', '/__standin/fail-next', { times, kind }),
    /** Pays an order the way Checkout does; the handler's response, or Razorpay's error body on a failed payment. */
    payOrder: async (a: { keyId: string; orderId: string; method?: 'upi' | 'card'; outcome?: 'success' | 'failure' }) => {
      const res = await fetch(`${url}/v1/checkout/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key_id: a.keyId, order_id: a.orderId, method: a.method ?? 'upi', outcome: a.outcome ?? 'success' }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    /** The member authorises a subscription (as Checkout does, without the key). */
    authenticateSubscription: (id: string, input: { method?: 'upi' | 'card' | 'emandate'; outcome?: 'success' | 'failure' } = {}) =>
      call<{ subscription: Subscription; payment: Payment; signature: string | null }>('POST', `/__standin/subscriptions/${id}/authenticate`, input),
    /** The next cycle's charge (success, or failure: pending, halted after the retries or with halt). */
    chargeSubscription: (id: string, input: { outcome?: 'success' | 'failure'; halt?: boolean } = {}) =>
      call<{ subscription: Subscription; payment: Payment | null }>('POST', `/__standin/subscriptions/${id}/charge`, input),
    reset: () => call('POST', '/__standin/reset', {}),
  };
};
