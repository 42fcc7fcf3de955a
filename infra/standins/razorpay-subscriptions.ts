// The Razorpay stand-in's Subscriptions API (plans and subscriptions, as the `razorpay` SDK calls them) and the
// subscription webhooks, with test controls that drive what Razorpay does on its own schedule (the member's
// authorisation on Checkout, each cycle's charge or failed charge, the halt after the retries).
//
// API (basic auth): POST /v1/plans · GET /v1/plans/:id · POST /v1/subscriptions · GET /v1/subscriptions/:id ·
//   POST /v1/subscriptions/:id/cancel {cancel_at_cycle_end?: 0|1} · POST /v1/subscriptions/:id/pause {pause_at: 'now'} ·
//   POST /v1/subscriptions/:id/resume {resume_at: 'now'}
// Browser (public key): POST /v1/checkout/subscriptions {key_id, subscription_id, method?, outcome?}: the member
//   authorises the mandate; answers Checkout's handler response (razorpay_payment_id, razorpay_subscription_id and
//   razorpay_signature = HMAC-SHA256(`<payment id>|<subscription id>`, key secret)).
// Test controls: POST /__standin/subscriptions/:id/authenticate {method?, outcome?} (as the browser endpoint, no key) ·
//   POST /__standin/subscriptions/:id/charge {outcome?: success|failure, halt?: boolean} (the next cycle's charge).
//
// The life of a subscription, as Razorpay runs it:
//   created --authorised--> authenticated (subscription.authenticated); with no start_at the first cycle is charged at
//   once: active (subscription.activated) and subscription.charged (with the payment).
//   A charge: payment.captured, then subscription.charged (after subscription.activated when it was authenticated,
//   pending or halted);
//   the last of total_count: subscription.completed.
//   A failed charge (payment.failed first): pending (subscription.pending) on the first, halted (subscription.halted) after MAX_CHARGE_ATTEMPTS
//   failures of the same cycle (or at once with halt: true); a later charge that succeeds activates it again.
//   pause → paused (subscription.paused); resume → active (subscription.resumed); cancel now → cancelled
//   (subscription.cancelled); cancel at cycle end: scheduled, and the next charge control cancels instead of charging.
import { createHmac, randomBytes } from 'node:crypto';
import type { Account, Body, Notes, Payment } from './razorpay-types.ts';

/** Failures of one cycle's charge before Razorpay halts the subscription (its retries). */
export const MAX_CHARGE_ATTEMPTS = 4;

export interface Plan {
  id: string;
  entity: 'plan';
  interval: number;
  period: 'daily' | 'weekly' | 'monthly' | 'yearly';
  item: {
    id: string;
    active: boolean;
    name: string;
    description: string | null;
    amount: number;
    unit_amount: number;
    currency: string;
    type: 'plan';
    unit: null;
    tax_inclusive: boolean;
    hsn_code: null;
    sac_code: null;
    tax_rate: null;
    tax_id: null;
    tax_group_id: null;
    created_at: number;
    updated_at: number;
  };
  notes: Notes | [];
  created_at: number;
}

export type SubscriptionStatus = 'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'paused' | 'cancelled' | 'completed' | 'expired';

export interface Subscription {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: SubscriptionStatus;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Notes | [];
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  source: 'api';
  payment_method: 'upi' | 'card' | 'emandate' | null;
  offer_id: string | null;
  remaining_count: number;
}

/** What the stand-in's core lends this module: its accounts' events, payments, ids and Razorpay's error shapes. */
export interface SubscriptionsContext {
  emit(account: Account, event: string, payload: Record<string, { entity: unknown }>): void;
  storePayment(keyId: string, payment: Payment): void;
  account(keyId: string): Account | undefined;
  razorpayId(prefix?: string): string;
  now(): number;
  publicUrl(): string;
  bad(description: string, field?: string): Error;
  notFound(): Error;
  check: {
    onlyFields(body: Body, allowed: string[]): void;
    amountOf(body: Body, field?: string, required?: boolean): number | undefined;
    stringOf(body: Body, field: string, max: number): string | undefined;
    notesOf(body: Body): Notes | undefined;
    boolOf(body: Body, field: string): boolean | undefined;
  };
}

type Method = 'upi' | 'card' | 'emandate';

/** Adds `n` calendar months in UTC, clamped to the month's last day (as a billing cycle does). */
const addMonthsUnix = (unix: number, n: number): number => {
  const d = new Date(unix * 1000);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return Math.floor(target.getTime() / 1000);
};
const cycleEnd = (plan: Plan, start: number): number => {
  switch (plan.period) {
    case 'daily':
      return start + plan.interval * 86_400;
    case 'weekly':
      return start + plan.interval * 7 * 86_400;
    case 'monthly':
      return addMonthsUnix(start, plan.interval);
    case 'yearly':
      return addMonthsUnix(start, plan.interval * 12);
  }
};

export const subscriptionsModule = (ctx: SubscriptionsContext) => {
  const plans = new Map<string, { keyId: string; plan: Plan }>();
  const subs = new Map<string, { keyId: string; sub: Subscription; failures: number; cycle: number }>();
  const { bad, notFound, check } = ctx;

  const ownPlan = (account: Account, id: string) => {
    const p = plans.get(id);
    if (!p || p.keyId !== account.keyId) throw notFound();
    return p.plan;
  };
  const ownSub = (account: Account, id: string) => {
    const s = subs.get(id);
    if (!s || s.keyId !== account.keyId) throw notFound();
    return s;
  };
  const snapshot = (sub: Subscription) => ({ entity: { ...sub, notes: Array.isArray(sub.notes) ? [] : { ...sub.notes } } });
  const emitSub = (account: Account, event: string, sub: Subscription, payment?: Payment) =>
    ctx.emit(account, event, { subscription: snapshot(sub), ...(payment ? { payment: { entity: { ...payment } } } : {}) });

  const createPlan = (account: Account, body: Body): Plan => {
    check.onlyFields(body, ['period', 'interval', 'item', 'notes']);
    const period = body.period;
    if (period !== 'daily' && period !== 'weekly' && period !== 'monthly' && period !== 'yearly')
      throw bad(period === undefined ? 'The period field is required.' : 'The selected period is invalid.', 'period');
    const interval = typeof body.interval === 'string' && /^\d+$/.test(body.interval) ? Number(body.interval) : body.interval;
    if (interval === undefined) throw bad('The interval field is required.', 'interval');
    if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 1) throw bad('The interval must be an integer.', 'interval');
    if (period === 'daily' && interval < 7) throw bad('The interval must be at least 7 for daily plans.', 'interval');
    const item = body.item;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw bad('The item field is required.', 'item');
    const itemBody = item as Body;
    check.onlyFields(itemBody, ['name', 'amount', 'currency', 'description']);
    const name = check.stringOf(itemBody, 'name', 512);
    if (!name) throw bad('The item.name field is required.', 'item.name');
    const amount = check.amountOf(itemBody, 'amount')!;
    if ((itemBody.currency ?? 'INR') !== 'INR') throw bad('The selected currency is invalid.', 'item.currency');
    const created = ctx.now();
    const plan: Plan = {
      id: ctx.razorpayId('plan'),
      entity: 'plan',
      interval,
      period,
      item: {
        id: ctx.razorpayId('item'),
        active: true,
        name,
        description: check.stringOf(itemBody, 'description', 2048) ?? null,
        amount,
        unit_amount: amount,
        currency: 'INR',
        type: 'plan',
        unit: null,
        tax_inclusive: false,
        hsn_code: null,
        sac_code: null,
        tax_rate: null,
        tax_id: null,
        tax_group_id: null,
        created_at: created,
        updated_at: created,
      },
      notes: check.notesOf(body) ?? [],
      created_at: created,
    };
    plans.set(plan.id, { keyId: account.keyId, plan });
    return plan;
  };

  const intOf = (body: Body, field: string, { min, max }: { min: number; max: number }): number | undefined => {
    const v = body[field];
    if (v === undefined || v === null) return undefined;
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw bad(`The ${field} must be an integer.`, field);
    if (n < min) throw bad(`The ${field} must be at least ${min}.`, field);
    if (n > max) throw bad(`The ${field} may not be greater than ${max}.`, field);
    return n;
  };

  const createSubscription = (account: Account, body: Body): Subscription => {
    check.onlyFields(body, ['plan_id', 'total_count', 'quantity', 'customer_notify', 'start_at', 'expire_by', 'addons', 'offer_id', 'notes', 'notify_info']);
    if (typeof body.plan_id !== 'string' || !body.plan_id) throw bad('The plan id field is required.', 'plan_id');
    const plan = plans.get(body.plan_id);
    if (!plan || plan.keyId !== account.keyId) throw bad('The id provided does not exist', 'plan_id');
    const totalCount = intOf(body, 'total_count', { min: 1, max: 10_000 });
    if (totalCount === undefined) throw bad('The total count field is required.', 'total_count');
    const quantity = intOf(body, 'quantity', { min: 1, max: 100 }) ?? 1;
    const now = ctx.now();
    const startAt = intOf(body, 'start_at', { min: 0, max: 4_102_444_800 }) ?? null;
    if (startAt !== null && startAt < now) throw bad('Start time cannot be in the past', 'start_at');
    const expireBy = intOf(body, 'expire_by', { min: 0, max: 4_102_444_800 }) ?? null;
    if (expireBy !== null && expireBy < now) throw bad('expire_by cannot be in the past', 'expire_by');
    if (body.offer_id !== undefined) throw bad('The id provided does not exist', 'offer_id');
    const id = ctx.razorpayId('sub');
    const sub: Subscription = {
      id,
      entity: 'subscription',
      plan_id: plan.plan.id,
      customer_id: null,
      status: 'created',
      current_start: null,
      current_end: null,
      ended_at: null,
      quantity,
      notes: check.notesOf(body) ?? [],
      charge_at: startAt,
      start_at: startAt,
      end_at: null,
      auth_attempts: 0,
      total_count: totalCount,
      paid_count: 0,
      customer_notify: check.boolOf(body, 'customer_notify') ?? true,
      created_at: now,
      expire_by: expireBy,
      short_url: `${ctx.publicUrl()}/subscriptions/${id}`,
      has_scheduled_changes: false,
      change_scheduled_at: null,
      source: 'api',
      payment_method: null,
      offer_id: null,
      remaining_count: totalCount,
    };
    subs.set(id, { keyId: account.keyId, sub, failures: 0, cycle: 0 });
    return sub;
  };

  const paymentOf = (sub: Subscription, plan: Plan, method: Method, outcome: 'success' | 'failure', amount = plan.item.amount * sub.quantity): Payment => {
    const payment: Payment = {
      id: ctx.razorpayId('pay'),
      entity: 'payment',
      amount,
      currency: 'INR',
      status: outcome === 'success' ? 'captured' : 'failed',
      order_id: ctx.razorpayId('order'),
      invoice_id: ctx.razorpayId('inv') as unknown as null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: outcome === 'success',
      description: plan.item.name,
      card_id: method === 'card' ? ctx.razorpayId('card') : null,
      bank: null,
      wallet: null,
      vpa: method === 'upi' ? 'success@razorpay' : null,
      email: 'void@razorpay.com',
      contact: '+919000090000',
      notes: [],
      fee: outcome === 'success' ? Math.round(amount * 0.0236) : null,
      tax: outcome === 'success' ? Math.round(amount * 0.0036) : null,
      error_code: outcome === 'success' ? null : 'BAD_REQUEST_ERROR',
      error_description: outcome === 'success' ? null : 'The payment could not be completed as the mandate debit was declined.',
      error_source: outcome === 'success' ? null : 'customer',
      error_step: outcome === 'success' ? null : 'payment_debit_request',
      error_reason: outcome === 'success' ? null : 'payment_failed',
      acquirer_data:
        method === 'card' ? { auth_code: ctx.razorpayId().slice(0, 6) } : { rrn: String(100000000000 + (randomBytes(4).readUInt32BE() % 899999999999)) },
      created_at: ctx.now(),
    };
    (payment as unknown as Record<string, unknown>).subscription_id = sub.id;
    return payment;
  };

  const accountOf = (keyId: string) => {
    const a = ctx.account(keyId);
    if (!a) throw notFound();
    return a;
  };

  /** One cycle's charge: succeeded (the cycle advances, paid_count + 1) or failed (pending, then halted). */
  const charge = (id: string, input: { outcome?: 'success' | 'failure'; halt?: boolean; method?: Method } = {}) => {
    const entry = subs.get(id);
    if (!entry) throw notFound();
    const { sub } = entry;
    const account = accountOf(entry.keyId);
    const plan = plans.get(sub.plan_id)!.plan;
    if (sub.has_scheduled_changes && sub.change_scheduled_at !== null) {
      // Cancelled at the end of the paid cycle: that end came, nothing is charged.
      sub.status = 'cancelled';
      sub.ended_at = ctx.now();
      sub.has_scheduled_changes = false;
      sub.change_scheduled_at = null;
      emitSub(account, 'subscription.cancelled', sub);
      return { subscription: sub, payment: null };
    }
    if (!['authenticated', 'active', 'pending', 'halted'].includes(sub.status)) throw bad(`Subscription is not chargeable in the ${sub.status} state`);
    const method: Method = input.method ?? sub.payment_method ?? 'upi';
    if (input.outcome === 'failure') {
      const payment = paymentOf(sub, plan, method, 'failure');
      ctx.storePayment(entry.keyId, payment);
      entry.failures += 1;
      // As Razorpay does, the charge's own payment event comes too (payments acknowledges it; the subscription's counts).
      ctx.emit(account, 'payment.failed', { payment: { entity: { ...payment } } });
      if (input.halt || entry.failures >= MAX_CHARGE_ATTEMPTS) {
        sub.status = 'halted';
        emitSub(account, 'subscription.halted', sub, payment);
      } else {
        sub.status = 'pending';
        emitSub(account, 'subscription.pending', sub, payment);
      }
      return { subscription: sub, payment };
    }
    const payment = paymentOf(sub, plan, method, 'success');
    ctx.storePayment(entry.keyId, payment);
    const start = sub.current_end ?? sub.start_at ?? ctx.now();
    sub.current_start = start;
    sub.current_end = cycleEnd(plan, start);
    sub.charge_at = sub.current_end;
    sub.paid_count += 1;
    sub.remaining_count = sub.total_count - sub.paid_count;
    sub.end_at ??= (() => {
      let end = start;
      for (let i = 0; i < sub.total_count; i++) end = cycleEnd(plan, end);
      return end;
    })();
    entry.failures = 0;
    entry.cycle += 1;
    if (sub.status !== 'active') {
      sub.status = 'active';
      emitSub(account, 'subscription.activated', sub);
    }
    ctx.emit(account, 'payment.captured', { payment: { entity: { ...payment } } });
    emitSub(account, 'subscription.charged', sub, payment);
    if (sub.paid_count >= sub.total_count) {
      sub.status = 'completed';
      sub.ended_at = ctx.now();
      sub.charge_at = null;
      emitSub(account, 'subscription.completed', sub);
    }
    return { subscription: sub, payment };
  };

  /** The member authorises the mandate on Checkout: authenticated, and the first cycle charged at once without start_at. */
  const authenticate = (keyId: string | null, id: string, input: { method?: Method; outcome?: 'success' | 'failure' } = {}) => {
    const entry = subs.get(id);
    if (!entry || (keyId !== null && entry.keyId !== keyId)) throw bad('The id provided does not exist', 'subscription_id');
    const { sub } = entry;
    const account = accountOf(entry.keyId);
    const plan = plans.get(sub.plan_id)!.plan;
    if (sub.status !== 'created') throw bad('Subscription has already been authenticated');
    if (sub.expire_by !== null && sub.expire_by < ctx.now()) throw bad('The subscription link has expired');
    sub.auth_attempts += 1;
    const method: Method = input.method ?? 'upi';
    if (input.outcome === 'failure') {
      const payment = paymentOf(sub, plan, method, 'failure', sub.start_at ? 100 : undefined);
      ctx.storePayment(entry.keyId, payment);
      return { subscription: sub, payment, signature: null };
    }
    sub.payment_method = method;
    sub.status = 'authenticated';
    // The authorisation payment: the first cycle's amount when it starts now, a token amount (₹1, refunded) otherwise.
    const authPayment = paymentOf(sub, plan, method, 'success', sub.start_at ? 100 : undefined);
    ctx.storePayment(entry.keyId, authPayment);
    emitSub(account, 'subscription.authenticated', sub, authPayment);
    let payment = authPayment;
    if (!sub.start_at) payment = charge(id, { method }).payment ?? authPayment;
    const signature = createHmac('sha256', account.keySecret).update(`${authPayment.id}|${sub.id}`).digest('hex');
    return { subscription: sub, payment, authPayment, signature };
  };

  const cancel = (account: Account, id: string, body: Body) => {
    check.onlyFields(body, ['cancel_at_cycle_end']);
    const { sub } = ownSub(account, id);
    const atCycleEnd = check.boolOf(body, 'cancel_at_cycle_end') ?? false;
    if (sub.status === 'cancelled' || sub.status === 'completed' || sub.status === 'expired')
      throw bad(`Subscription cannot be cancelled since it is already ${sub.status}`);
    if (atCycleEnd && sub.status === 'active' && sub.current_end !== null) {
      sub.has_scheduled_changes = true;
      sub.change_scheduled_at = sub.current_end;
      return sub;
    }
    sub.status = 'cancelled';
    sub.ended_at = ctx.now();
    sub.charge_at = null;
    emitSub(account, 'subscription.cancelled', sub);
    return sub;
  };

  const pause = (account: Account, id: string, body: Body) => {
    check.onlyFields(body, ['pause_at']);
    if (body.pause_at !== undefined && body.pause_at !== 'now') throw bad('The selected pause at is invalid.', 'pause_at');
    const { sub } = ownSub(account, id);
    if (sub.status !== 'active') throw bad(`Subscription cannot be paused when it is ${sub.status}`);
    sub.status = 'paused';
    emitSub(account, 'subscription.paused', sub);
    return sub;
  };

  const resume = (account: Account, id: string, body: Body) => {
    check.onlyFields(body, ['resume_at']);
    if (body.resume_at !== undefined && body.resume_at !== 'now') throw bad('The selected resume at is invalid.', 'resume_at');
    const { sub } = ownSub(account, id);
    if (sub.status !== 'paused') throw bad(`Subscription cannot be resumed when it is ${sub.status}`);
    sub.status = 'active';
    emitSub(account, 'subscription.resumed', sub);
    return sub;
  };

  const routes: { method: string; pattern: RegExp; handle: (account: Account, m: RegExpExecArray, body: Body) => unknown }[] = [
    { method: 'POST', pattern: /^\/v1\/plans\/?$/, handle: (a, _m, b) => createPlan(a, b) },
    { method: 'GET', pattern: /^\/v1\/plans\/([^/]+)\/?$/, handle: (a, m) => ownPlan(a, m[1]!) },
    { method: 'POST', pattern: /^\/v1\/subscriptions\/?$/, handle: (a, _m, b) => createSubscription(a, b) },
    { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)\/?$/, handle: (a, m) => ownSub(a, m[1]!).sub },
    { method: 'POST', pattern: /^\/v1\/subscriptions\/([^/]+)\/cancel\/?$/, handle: (a, m, b) => cancel(a, m[1]!, b) },
    { method: 'POST', pattern: /^\/v1\/subscriptions\/([^/]+)\/pause\/?$/, handle: (a, m, b) => pause(a, m[1]!, b) },
    { method: 'POST', pattern: /^\/v1\/subscriptions\/([^/]+)\/resume\/?$/, handle: (a, m, b) => resume(a, m[1]!, b) },
  ];

  const methodOf = (v: unknown): Method => (v === 'card' ? 'card' : v === 'emandate' ? 'emandate' : 'upi');
  const outcomeOf = (v: unknown): 'success' | 'failure' => (v === 'failure' ? 'failure' : 'success');

  return {
    routes,
    authenticate,
    charge,
    /** A subscription and its plan, for the hosted authorisation page (any account: the page's URL is the secret). */
    find(id: string) {
      const entry = subs.get(id);
      return entry ? { subscription: entry.sub, plan: plans.get(entry.sub.plan_id)!.plan } : undefined;
    },
    /** The browser's authorisation (public key): Checkout's handler response, or Razorpay's error body. */
    checkout(body: Body) {
      const keyId = typeof body.key_id === 'string' ? body.key_id : '';
      if (!ctx.account(keyId)) throw bad('The api key provided is invalid', 'key');
      if (typeof body.subscription_id !== 'string') throw bad('The subscription id field is required.', 'subscription_id');
      return authenticate(keyId, body.subscription_id, { method: methodOf(body.method), outcome: outcomeOf(body.outcome) });
    },
    /** `/__standin/subscriptions/:id/(authenticate|charge)`; undefined for any other path. */
    control(path: string, body: Body) {
      const m = /^\/__standin\/subscriptions\/([A-Za-z0-9_]+)\/(authenticate|charge)$/.exec(path);
      if (!m) return undefined;
      if (m[2] === 'authenticate') return authenticate(null, m[1]!, { method: methodOf(body.method), outcome: outcomeOf(body.outcome) });
      return charge(m[1]!, { outcome: outcomeOf(body.outcome), halt: body.halt === true || body.halt === 'true' });
    },
    reset() {
      plans.clear();
      subs.clear();
    },
  };
};
