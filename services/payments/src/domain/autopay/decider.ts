import type { MembershipType } from '@akhada/contracts';
import { addMonths, DomainError, type CalendarDate, type Decider } from '@akhada/kit/domain';

/**
 * A member's autopay: one Razorpay subscription (UPI AutoPay, card or e-NACH mandate) that renews their membership one
 * plan period per captured charge. Its state is mirrored from Razorpay's subscription webhooks, which may arrive in any
 * order, more than once, or not at all; the decider makes that safe:
 *
 * - A charge counts once: by its Razorpay payment id, only when the payment is captured, whatever the status
 *   webhooks around it say (money taken renews, even when the cancellation's webhook came first).
 * - The paid-through date is always `startDate + charges × periodMonths` (never a running sum, so no month-end drift),
 *   and the n-th charge covers [start + (n−1)·period, start + n·period).
 * - The status follows the NEWEST webhook: by Razorpay's event time, then its paid_count; an older one arriving late
 *   (a redelivery, a retry overtaken) changes nothing. `cancelled` and `completed` are final, as in Razorpay.
 * - A failed charge (pending, halted) is recorded once per failed payment.
 *
 * Times are ISO strings the commands carry; Razorpay's own event time is its unix seconds (`created_at`).
 */

export const autopayStreamId = (subscriptionId: string): string => `autopay-${subscriptionId}`;

export const AUTOPAY_STATUSES = ['created', 'authenticated', 'active', 'pending', 'halted', 'paused', 'cancelled', 'completed'] as const;
export type AutopayStatus = (typeof AUTOPAY_STATUSES)[number];
export const FINAL_STATUSES: readonly AutopayStatus[] = ['cancelled', 'completed'];

export const SUBSCRIPTION_WEBHOOKS = [
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.paused',
  'subscription.resumed',
  'subscription.cancelled',
  'subscription.completed',
] as const;
export type SubscriptionWebhook = (typeof SUBSCRIPTION_WEBHOOKS)[number];

/** The status a webhook moves the subscription to when its entity does not say (it always does, from Razorpay). */
const STATUS_OF: Record<SubscriptionWebhook, AutopayStatus> = {
  'subscription.authenticated': 'authenticated',
  'subscription.activated': 'active',
  'subscription.charged': 'active',
  'subscription.pending': 'pending',
  'subscription.halted': 'halted',
  'subscription.paused': 'paused',
  'subscription.resumed': 'active',
  'subscription.cancelled': 'cancelled',
  'subscription.completed': 'completed',
};

export interface Actor {
  id: string;
  name: string;
}

export interface AutopayTerms {
  subscriptionId: string;
  orgId: string;
  locationId: string;
  memberId: string;
  memberName: string;
  /** The gym's membership plan (Settings → Gym) and its Razorpay plan. */
  planId: string;
  planName: string;
  membershipType: MembershipType;
  periodMonths: number;
  /** What each cycle charges, GST included (integer paise). */
  amountPaise: number;
  razorpaySubscriptionId: string;
  razorpayPlanId: string;
  /** The first day the first charge pays for (the member's current end date, or the day autopay began). */
  startDate: CalendarDate;
  /** Cycles authorised (Razorpay's total_count). */
  totalCount: number;
  /** Razorpay's hosted authorisation page for the subscription. */
  shortUrl: string | null;
}

// ── Commands ────────────────────────────────────────────────────────────────────────────────────────────────────
export interface StartAutopay {
  type: 'StartAutopay';
  data: AutopayTerms & { at: string; by: Actor | null };
}
/** A subscription webhook whose signature was checked: its event, the entity's status and paid_count, its payment. */
export interface ObserveWebhook {
  type: 'ObserveWebhook';
  data: {
    event: SubscriptionWebhook;
    /** The subscription entity's status in the webhook (null: the one the event implies). */
    status: AutopayStatus | null;
    paidCount: number;
    /** Razorpay's event time (the webhook's created_at, unix seconds). */
    occurredAt: number;
    payment: { id: string; amountPaise: number; captured: boolean; method: string | null } | null;
    /** The Razorpay subscription the webhook is of (absent: the autopay's current one). */
    razorpaySubscriptionId?: string | undefined;
    at: string;
  };
}
export interface RequestCancel {
  type: 'RequestCancel';
  data: { atCycleEnd: boolean; at: string; by: Actor | null };
}
/**
 * The member paid a failed cycle's "Pay now" payment (app/autopay-dunning.ts): that payment counts as the cycle's charge,
 * once by its payment id (`akhada:<paymentId>`), so the paid-through date moves one period as for a captured charge.
 * Razorpay's own retry of that cycle, when it later succeeds, is a captured charge too and counts as the NEXT period
 * (every captured payment buys exactly one period, nothing is counted twice and no money is kept without a period).
 */
export interface CoverCycle {
  type: 'CoverCycle';
  data: { paymentId: string; amountPaise: number; at: string };
}
/**
 * The member changes the method (issue 28): Razorpay cannot change a subscription's method, so a new subscription on
 * the same plan, its first charge at the next charge date, is made for the member to authorise. Until its
 * `subscription.authenticated` nothing changes (abandoned, it stays a request); then the autopay follows it
 * (AutopayReplaced) and the old one is cancelled at its cycle end. The charges go on counting on this autopay, so the
 * new subscription's first charge is the next period: none twice, none skipped.
 */
export interface RequestReplacement {
  type: 'RequestReplacement';
  data: { razorpaySubscriptionId: string; shortUrl: string | null; at: string; by: Actor | null };
}
export type AutopayCommand = StartAutopay | ObserveWebhook | RequestCancel | CoverCycle | RequestReplacement;

/** The charge id a manually paid cycle is counted under. */
export const manualChargeId = (paymentId: string): string => `akhada:${paymentId}`;

// ── Events ──────────────────────────────────────────────────────────────────────────────────────────────────────
export interface AutopayStarted {
  type: 'AutopayStarted';
  data: AutopayTerms & { at: string; by: Actor | null };
}
/** The status a newer webhook reported; `from` = `to` when it only confirmed the status (its time is kept). */
export interface AutopayStatusChanged {
  type: 'AutopayStatusChanged';
  data: { subscriptionId: string; from: AutopayStatus; to: AutopayStatus; cause: SubscriptionWebhook; observedAt: number; paidCount: number; at: string };
}
export interface AutopayCharged {
  type: 'AutopayCharged';
  data: {
    subscriptionId: string;
    razorpayPaymentId: string;
    amountPaise: number;
    method: string | null;
    /** 1 for the first charge counted. */
    chargeNo: number;
    periodStart: CalendarDate;
    periodEnd: CalendarDate;
    /** The webhook's event time and paid_count (what the status compares against). */
    observedAt: number;
    paidCount: number;
    at: string;
  };
}
export interface AutopayChargeFailed {
  type: 'AutopayChargeFailed';
  data: { subscriptionId: string; razorpayPaymentId: string | null; halted: boolean; observedAt: number; paidCount: number; at: string };
}
export interface AutopayCancelRequested {
  type: 'AutopayCancelRequested';
  data: { subscriptionId: string; atCycleEnd: boolean; at: string; by: Actor | null };
}
/**
 * The mandate's payment method (issue 28), from the payment entity a subscription webhook carries (Razorpay's `method`:
 * upi, card, emandate or nach — the last two both e-NACH here). Set by the first payment that names it; afterwards a
 * payment of another method changes it only when its webhook is not older than the newest one seen (a late redelivery
 * of an earlier payment leaves it).
 */
export interface AutopayMethodSet {
  type: 'AutopayMethodSet';
  data: { subscriptionId: string; method: AutopayMethod; from: AutopayMethod | null; razorpayPaymentId: string; observedAt: number; at: string };
}
export interface AutopayReplacementRequested {
  type: 'AutopayReplacementRequested';
  /** `from`: the next charge date it was made for (its first charge); a later charge of the old one makes it stale. */
  data: { subscriptionId: string; razorpaySubscriptionId: string; previous: string; shortUrl: string | null; from: CalendarDate; at: string; by: Actor | null };
}
/** The new subscription was authorised: the autopay follows it; the previous one is to be cancelled at its cycle end. */
export interface AutopayReplaced {
  type: 'AutopayReplaced';
  data: { subscriptionId: string; razorpaySubscriptionId: string; previous: string; shortUrl: string | null; at: string };
}
export type AutopayEvent =
  | AutopayReplacementRequested
  | AutopayReplaced
  | AutopayStarted
  | AutopayStatusChanged
  | AutopayCharged
  | AutopayChargeFailed
  | AutopayCancelRequested
  | AutopayMethodSet;

export const AUTOPAY_METHODS = ['upi', 'card', 'emandate'] as const;
export type AutopayMethod = (typeof AUTOPAY_METHODS)[number];
/** Razorpay's payment `method` as an autopay method; null for one a mandate cannot have (netbanking, wallet…). */
export const autopayMethodOf = (method: string | null): AutopayMethod | null =>
  method === 'upi' || method === 'card' || method === 'emandate' ? method : method === 'nach' ? 'emandate' : null;

// ── State ───────────────────────────────────────────────────────────────────────────────────────────────────────
export interface AutopayState {
  terms: AutopayTerms | null;
  status: AutopayStatus;
  /** The (event time, paid_count) of the webhook the status came from; [-1, -1] before any. */
  statusSeen: [number, number];
  /** The webhooks (event names) applied at that mark. */
  causesAtMark: SubscriptionWebhook[];
  /** Razorpay payment ids of the charges counted, in the order they were counted. */
  charges: string[];
  failedPayments: string[];
  /** The end of the last period paid (start + charges × period); null before the first charge. */
  paidThrough: CalendarDate | null;
  cancelRequested: { atCycleEnd: boolean } | null;
  /** The mandate's payment method, once a webhook's payment named it. */
  method: AutopayMethod | null;
  /** A new subscription asked for to change the method, not yet authorised. */
  replacement: { razorpaySubscriptionId: string; shortUrl: string | null; from: CalendarDate } | null;
  /** The Razorpay subscriptions this autopay followed before (replaced). */
  replaced: string[];
}

export const initialAutopayState = (): AutopayState => ({
  terms: null,
  status: 'created',
  statusSeen: [-1, -1],
  causesAtMark: [],
  charges: [],
  failedPayments: [],
  paidThrough: null,
  cancelRequested: null,
  method: null,
  replacement: null,
  replaced: [],
});

/** The end of the period the n-th charge pays for: start + n × period (n = 0: the start). */
export const paidThroughAfter = (terms: Pick<AutopayTerms, 'startDate' | 'periodMonths'>, charges: number): CalendarDate =>
  addMonths(terms.startDate, charges * terms.periodMonths);

/** The day the next charge pays from: the paid-through date, or the start before any charge. */
export const nextChargeOf = (s: AutopayState): CalendarDate => s.paidThrough ?? s.terms!.startDate;

const bad = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const isWholePaise = (n: number) => Number.isSafeInteger(n) && n >= 0;

const startAutopay = (c: StartAutopay, s: AutopayState): AutopayEvent[] => {
  const d = c.data;
  if (s.terms) {
    if (s.terms.razorpaySubscriptionId === d.razorpaySubscriptionId) return [];
    throw new DomainError('CONFLICT', 'This autopay exists already');
  }
  if (!Number.isInteger(d.periodMonths) || d.periodMonths < 1 || d.periodMonths > 36) throw bad('A plan period is 1 to 36 months');
  if (!isWholePaise(d.amountPaise) || d.amountPaise < 100) throw bad('An autopay charge must be at least ₹1');
  if (!Number.isInteger(d.totalCount) || d.totalCount < 1) throw bad('Autopay needs at least one cycle');
  return [{ type: 'AutopayStarted', data: { ...d } }];
};

const observe = (c: ObserveWebhook, s: AutopayState): AutopayEvent[] => {
  const terms = s.terms;
  if (!terms) throw new DomainError('NOT_FOUND', 'Autopay not found', 404);
  const d = c.data;
  const of = d.razorpaySubscriptionId;
  if (of !== undefined && of !== terms.razorpaySubscriptionId) {
    const p = d.payment;
    // A replaced subscription: its statuses are no longer this autopay's; only money it still took buys a period.
    if (s.replaced.includes(of))
      return d.event === 'subscription.charged' && p?.captured
        ? observe({ ...c, data: { ...d, razorpaySubscriptionId: undefined, event: 'subscription.charged', status: s.status } }, s).filter(
            (e) => e.type === 'AutopayCharged',
          )
        : [];
    // The requested replacement authorised: the autopay follows it from now on, then the webhook applies to it.
    // Made for the next charge date as it still is (an old one's later charge makes it stale: it is not followed).
    if (
      s.replacement?.razorpaySubscriptionId === of &&
      s.replacement.from === nextChargeOf(s) &&
      !FINAL_STATUSES.includes(s.status) &&
      (d.status === null || !FINAL_STATUSES.includes(d.status))
    ) {
      if (!['subscription.authenticated', 'subscription.activated', 'subscription.charged'].includes(d.event)) return [];
      const replaced: AutopayReplaced = {
        type: 'AutopayReplaced',
        data: {
          subscriptionId: terms.subscriptionId,
          razorpaySubscriptionId: of,
          previous: terms.razorpaySubscriptionId,
          shortUrl: s.replacement.shortUrl,
          at: d.at,
        },
      };
      return [replaced, ...observe({ ...c, data: { ...d, razorpaySubscriptionId: undefined } }, autopayDecider.evolve(s, replaced))];
    }
    return [];
  }
  const out: AutopayEvent[] = [];
  const to = d.status ?? STATUS_OF[d.event];
  const [seenAt, seenCount] = s.statusSeen;
  const strictlyNewer = d.occurredAt > seenAt || (d.occurredAt === seenAt && d.paidCount > seenCount);
  const sameMark = d.occurredAt === seenAt && d.paidCount === seenCount;
  // Every newer webhook is kept, of the same status too (from = to): its mark is what a late, older one is compared
  // with. Webhooks of the same mark (Razorpay's times are whole seconds: a pause and a resume in one second) apply in
  // the order they arrive, each kind once, so a redelivery of one of them never flips the status back.
  if (!FINAL_STATUSES.includes(s.status) && (strictlyNewer || (sameMark && !s.causesAtMark.includes(d.event)))) {
    out.push({
      type: 'AutopayStatusChanged',
      data: { subscriptionId: terms.subscriptionId, from: s.status, to, cause: d.event, observedAt: d.occurredAt, paidCount: d.paidCount, at: d.at },
    });
  }
  const p = d.payment;
  const method = p ? autopayMethodOf(p.method) : null;
  // Compared with the mark before this webhook: not older than the newest webhook seen, or the first method named.
  if (p && method && method !== s.method && (s.method === null || d.occurredAt >= s.statusSeen[0])) {
    out.push({
      type: 'AutopayMethodSet',
      data: { subscriptionId: terms.subscriptionId, method, from: s.method, razorpayPaymentId: p.id, observedAt: d.occurredAt, at: d.at },
    });
  }
  if (d.event === 'subscription.charged' && p && p.captured && !s.charges.includes(p.id)) {
    if (!isWholePaise(p.amountPaise)) throw bad('A charge is whole paise');
    const n = s.charges.length + 1;
    out.push({
      type: 'AutopayCharged',
      data: {
        subscriptionId: terms.subscriptionId,
        razorpayPaymentId: p.id,
        amountPaise: p.amountPaise,
        method: p.method,
        chargeNo: n,
        periodStart: paidThroughAfter(terms, n - 1),
        periodEnd: paidThroughAfter(terms, n),
        observedAt: d.occurredAt,
        paidCount: d.paidCount,
        at: d.at,
      },
    });
  }
  if ((d.event === 'subscription.pending' || d.event === 'subscription.halted') && !(p && (s.failedPayments.includes(p.id) || s.charges.includes(p.id)))) {
    // Without a payment in it (Razorpay always sends one), a repeat of the same status is the same failure.
    if (p || out.some((e) => e.type === 'AutopayStatusChanged')) {
      out.push({
        type: 'AutopayChargeFailed',
        data: {
          subscriptionId: terms.subscriptionId,
          razorpayPaymentId: p?.id ?? null,
          halted: d.event === 'subscription.halted',
          observedAt: d.occurredAt,
          paidCount: d.paidCount,
          at: d.at,
        },
      });
    }
  }
  return out;
};

const requestCancel = (c: RequestCancel, s: AutopayState): AutopayEvent[] => {
  if (!s.terms) throw new DomainError('NOT_FOUND', 'Autopay not found', 404);
  if (FINAL_STATUSES.includes(s.status)) throw new DomainError('CONFLICT', `This autopay is ${s.status} already`);
  if (s.cancelRequested && (s.cancelRequested.atCycleEnd === c.data.atCycleEnd || !s.cancelRequested.atCycleEnd)) return [];
  return [{ type: 'AutopayCancelRequested', data: { subscriptionId: s.terms.subscriptionId, atCycleEnd: c.data.atCycleEnd, at: c.data.at, by: c.data.by } }];
};

const requestReplacement = (c: RequestReplacement, s: AutopayState): AutopayEvent[] => {
  const terms = s.terms;
  if (!terms) throw new DomainError('NOT_FOUND', 'Autopay not found', 404);
  if (FINAL_STATUSES.includes(s.status) || s.status === 'created' || s.cancelRequested)
    throw new DomainError('CONFLICT', 'Only a running autopay can change its payment method');
  if (s.replacement?.razorpaySubscriptionId === c.data.razorpaySubscriptionId) return [];
  const from = nextChargeOf(s);
  return [
    {
      type: 'AutopayReplacementRequested',
      data: {
        subscriptionId: terms.subscriptionId,
        razorpaySubscriptionId: c.data.razorpaySubscriptionId,
        previous: terms.razorpaySubscriptionId,
        shortUrl: c.data.shortUrl,
        from,
        at: c.data.at,
        by: c.data.by,
      },
    },
  ];
};

const coverCycle = (c: CoverCycle, s: AutopayState): AutopayEvent[] => {
  const terms = s.terms;
  if (!terms) throw new DomainError('NOT_FOUND', 'Autopay not found', 404);
  const id = manualChargeId(c.data.paymentId);
  if (s.charges.includes(id)) return [];
  if (!isWholePaise(c.data.amountPaise)) throw bad('A charge is whole paise');
  const n = s.charges.length + 1;
  return [
    {
      type: 'AutopayCharged',
      data: {
        subscriptionId: terms.subscriptionId,
        razorpayPaymentId: id,
        amountPaise: c.data.amountPaise,
        method: null,
        chargeNo: n,
        periodStart: paidThroughAfter(terms, n - 1),
        periodEnd: paidThroughAfter(terms, n),
        // Not a webhook: the payment's time, and the status mark kept as it is.
        observedAt: Math.floor(Date.parse(c.data.at) / 1000),
        paidCount: s.statusSeen[1],
        at: c.data.at,
      },
    },
  ];
};

export const autopayDecider: Decider<AutopayCommand, AutopayEvent, AutopayState> = {
  initialState: initialAutopayState,
  decide(command, state) {
    switch (command.type) {
      case 'StartAutopay':
        return startAutopay(command, state);
      case 'ObserveWebhook':
        return observe(command, state);
      case 'RequestCancel':
        return requestCancel(command, state);
      case 'CoverCycle':
        return coverCycle(command, state);
      case 'RequestReplacement':
        return requestReplacement(command, state);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'AutopayStarted': {
        const { at: _at, by: _by, ...terms } = event.data;
        return { ...state, terms, status: 'created' };
      }
      case 'AutopayStatusChanged': {
        const d = event.data;
        const same = d.observedAt === state.statusSeen[0] && d.paidCount === state.statusSeen[1];
        return { ...state, status: d.to, statusSeen: [d.observedAt, d.paidCount], causesAtMark: same ? [...state.causesAtMark, d.cause] : [d.cause] };
      }
      case 'AutopayCharged': {
        const charges = [...state.charges, event.data.razorpayPaymentId];
        return {
          ...state,
          charges,
          paidThrough: state.terms ? paidThroughAfter(state.terms, charges.length) : event.data.periodEnd,
        };
      }
      case 'AutopayChargeFailed':
        return {
          ...state,
          failedPayments: event.data.razorpayPaymentId ? [...state.failedPayments, event.data.razorpayPaymentId] : state.failedPayments,
        };
      case 'AutopayCancelRequested':
        return { ...state, cancelRequested: { atCycleEnd: event.data.atCycleEnd } };
      case 'AutopayMethodSet':
        return { ...state, method: event.data.method };
      case 'AutopayReplacementRequested':
        return { ...state, replacement: { razorpaySubscriptionId: event.data.razorpaySubscriptionId, shortUrl: event.data.shortUrl, from: event.data.from } };
      case 'AutopayReplaced':
        return {
          ...state,
          terms: state.terms ? { ...state.terms, razorpaySubscriptionId: event.data.razorpaySubscriptionId, shortUrl: event.data.shortUrl } : state.terms,
          replacement: null,
          replaced: [...state.replaced, event.data.previous],
          // The new subscription's webhooks count from its own start (its paid_count begins at 0 again).
          statusSeen: [-1, -1],
          causesAtMark: [],
        };
    }
  },
};
