import { addMonths, DomainError, fold } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autopayDecider,
  initialAutopayState,
  SUBSCRIPTION_WEBHOOKS,
  type AutopayEvent,
  type AutopayStarted,
  type AutopayStatus,
  type CoverCycle,
  type ObserveWebhook,
  type RequestReplacement,
  type StartAutopay,
  type SubscriptionWebhook,
} from './decider.ts';

const given = DeciderSpecification.for(autopayDecider);
const S = '0198a7c0-0000-7000-8000-00000000a001';
const AT = '2026-11-20T05:00:00.000Z';
const by = { id: '0198a7c0-0000-7000-8000-0000000000ee', name: 'Asha Verma' };
const T0 = 1_795_000_000;

const terms = {
  subscriptionId: S,
  orgId: '0198a7c0-0000-7000-8000-0000000000aa',
  locationId: '0198a7c0-0000-7000-8000-0000000000bb',
  memberId: '0198a7c0-0000-7000-8000-0000000000cc',
  memberName: 'Asha Verma',
  planId: '0198a7c0-0000-7000-8000-0000000000dd',
  planName: 'Premium monthly',
  membershipType: 'premium' as const,
  periodMonths: 1,
  amountPaise: 236_000,
  razorpaySubscriptionId: 'sub_AAAAAAAAAAAAAA',
  razorpayPlanId: 'plan_AAAAAAAAAAAAAA',
  startDate: '2026-01-31',
  totalCount: 120,
  shortUrl: null,
};
const start = (o: Partial<StartAutopay['data']> = {}): StartAutopay => ({ type: 'StartAutopay', data: { ...terms, at: AT, by, ...o } });
const started: AutopayStarted = { type: 'AutopayStarted', data: { ...terms, at: AT, by } };

/** A webhook as Razorpay sends it: its event, the entity's status and paid_count, its time and payment. */
const hook = (
  event: SubscriptionWebhook,
  o: { t?: number; paid?: number; status?: AutopayStatus | null; pay?: string | null; captured?: boolean; amount?: number; method?: string | null } = {},
): ObserveWebhook => ({
  type: 'ObserveWebhook',
  data: {
    event,
    status: o.status ?? null,
    paidCount: o.paid ?? 0,
    occurredAt: o.t ?? T0,
    payment: o.pay ? { id: o.pay, amountPaise: o.amount ?? 236_000, captured: o.captured ?? event === 'subscription.charged', method: o.method ?? null } : null,
    at: AT,
  },
});
const changed = (from: AutopayStatus, to: AutopayStatus, cause: SubscriptionWebhook, t = T0, paid = 0): AutopayEvent => ({
  type: 'AutopayStatusChanged',
  data: { subscriptionId: S, from, to, cause, observedAt: t, paidCount: paid, at: AT },
});
const charged = (pay: string, n: number, t = T0, paid = n, method: string | null = null): AutopayEvent => ({
  type: 'AutopayCharged',
  data: {
    subscriptionId: S,
    razorpayPaymentId: pay,
    amountPaise: 236_000,
    method,
    chargeNo: n,
    periodStart: addMonths('2026-01-31', n - 1),
    periodEnd: addMonths('2026-01-31', n),
    observedAt: t,
    paidCount: paid,
    at: AT,
  },
});
const failed = (pay: string | null, halted: boolean, t = T0, paid = 1): AutopayEvent => ({
  type: 'AutopayChargeFailed',
  data: { subscriptionId: S, razorpayPaymentId: pay, halted, observedAt: t, paidCount: paid, at: AT },
});
const stateAfter = (events: AutopayEvent[]) => fold(autopayDecider, events);
/** Decides each command on the state so far and keeps its events (what the stream holds after them). */
const run = (commands: (StartAutopay | ObserveWebhook | CoverCycle)[], from: AutopayEvent[] = [started]) =>
  commands.reduce<AutopayEvent[]>((events, c) => [...events, ...autopayDecider.decide(c, stateAfter(events))], from);

describe('autopay decider: start', () => {
  it('starts an autopay for a member on a plan', () => given([]).when(start()).then([started]));
  it('starting the same Razorpay subscription again changes nothing', () => given([started]).when(start()).then([]));
  it('refuses a second subscription on the same autopay', () =>
    given([started])
      .when(start({ razorpaySubscriptionId: 'sub_BBBBBBBBBBBBBB' }))
      .thenThrows(DomainError, (e) => e.status === 409));
  it('refuses a period of no months, a charge under ₹1, no cycles', () => {
    given([])
      .when(start({ periodMonths: 0 }))
      .thenThrows(DomainError, (e) => e.status === 400);
    given([])
      .when(start({ amountPaise: 99 }))
      .thenThrows(DomainError, (e) => e.status === 400);
    given([])
      .when(start({ amountPaise: 100.5 }))
      .thenThrows(DomainError, (e) => e.status === 400);
    given([])
      .when(start({ totalCount: 0 }))
      .thenThrows(DomainError, (e) => e.status === 400);
  });
  it('a webhook for an autopay that was never started is refused', () =>
    given([])
      .when(hook('subscription.activated'))
      .thenThrows(DomainError, (e) => e.status === 404));
});

describe('autopay decider: webhooks in Razorpay’s order', () => {
  it('authenticated', () =>
    given([started])
      .when(hook('subscription.authenticated'))
      .then([changed('created', 'authenticated', 'subscription.authenticated')]));

  it('activated after authenticated', () =>
    given([started, changed('created', 'authenticated', 'subscription.authenticated')])
      .when(hook('subscription.activated', { paid: 1 }))
      .then([changed('authenticated', 'active', 'subscription.activated', T0, 1)]));

  it('the first charge pays start → start + 1 period', () =>
    given([started, changed('created', 'authenticated', 'subscription.authenticated'), changed('authenticated', 'active', 'subscription.activated', T0, 1)])
      .when(hook('subscription.charged', { paid: 1, pay: 'pay_1' }))
      // The same second and paid_count as the activation: kept as seen at that mark (active → active), and counted.
      .then([changed('active', 'active', 'subscription.charged', T0, 1), charged('pay_1', 1)]));

  it('the second charge pays the next period (31 Jan + 2 months: 31 Mar, not 28 Mar)', () => {
    const events = run([
      hook('subscription.authenticated'),
      hook('subscription.activated', { paid: 1 }),
      hook('subscription.charged', { paid: 1, pay: 'pay_1' }),
      hook('subscription.charged', { t: T0 + 2_600_000, paid: 2, pay: 'pay_2' }),
    ]);
    expect(events.at(-1)).toEqual(charged('pay_2', 2, T0 + 2_600_000));
    expect(stateAfter(events).paidThrough).toBe('2026-03-31');
  });

  it('a failed charge: pending, then halted; a later charge activates it and counts', () => {
    const base = run([
      hook('subscription.authenticated'),
      hook('subscription.activated', { paid: 1 }),
      hook('subscription.charged', { paid: 1, pay: 'pay_1' }),
    ]);
    given(base)
      .when(hook('subscription.pending', { t: T0 + 10, paid: 1, pay: 'pay_f1' }))
      .then([changed('active', 'pending', 'subscription.pending', T0 + 10, 1), failed('pay_f1', false, T0 + 10)]);
    const pending = run([hook('subscription.pending', { t: T0 + 10, paid: 1, pay: 'pay_f1' })], base);
    given(pending)
      .when(hook('subscription.halted', { t: T0 + 20, paid: 1, pay: 'pay_f2' }))
      .then([changed('pending', 'halted', 'subscription.halted', T0 + 20, 1), failed('pay_f2', true, T0 + 20)]);
    const halted = run([hook('subscription.halted', { t: T0 + 20, paid: 1, pay: 'pay_f2' })], pending);
    expect(stateAfter(halted)).toMatchObject({ status: 'halted', paidThrough: '2026-02-28', charges: ['pay_1'] });
    given(halted)
      .when(hook('subscription.activated', { t: T0 + 30, paid: 2 }))
      .then([changed('halted', 'active', 'subscription.activated', T0 + 30, 2)]);
    const back = run([hook('subscription.activated', { t: T0 + 30, paid: 2 }), hook('subscription.charged', { t: T0 + 30, paid: 2, pay: 'pay_2' })], halted);
    expect(stateAfter(back)).toMatchObject({ status: 'active', paidThrough: '2026-03-31', charges: ['pay_1', 'pay_2'] });
  });

  it('a second failure of the same cycle is recorded once more (another payment), still pending', () => {
    const base = run([hook('subscription.activated', { paid: 1 }), hook('subscription.pending', { t: T0 + 10, paid: 1, pay: 'pay_f1' })]);
    given(base)
      .when(hook('subscription.pending', { t: T0 + 20, paid: 1, pay: 'pay_f2' }))
      .then([changed('pending', 'pending', 'subscription.pending', T0 + 20, 1), failed('pay_f2', false, T0 + 20)]);
  });

  it('paused, resumed', () => {
    const base = run([hook('subscription.activated', { paid: 1 })]);
    given(base)
      .when(hook('subscription.paused', { t: T0 + 5, paid: 1 }))
      .then([changed('active', 'paused', 'subscription.paused', T0 + 5, 1)]);
    const paused = run([hook('subscription.paused', { t: T0 + 5, paid: 1 })], base);
    given(paused)
      .when(hook('subscription.resumed', { t: T0 + 6, paid: 1 }))
      .then([changed('paused', 'active', 'subscription.resumed', T0 + 6, 1)]);
  });

  it('cancelled and completed are final: nothing later moves the status', () => {
    const cancelled = run([hook('subscription.activated', { paid: 1 }), hook('subscription.cancelled', { t: T0 + 5, paid: 1 })]);
    expect(stateAfter(cancelled).status).toBe('cancelled');
    given(cancelled)
      .when(hook('subscription.activated', { t: T0 + 9, paid: 2 }))
      .thenNothingHappened();
    const completed = run([hook('subscription.activated', { paid: 1 }), hook('subscription.completed', { t: T0 + 5, paid: 1 })]);
    given(completed)
      .when(hook('subscription.pending', { t: T0 + 9, paid: 1 }))
      .thenNothingHappened();
  });
});

describe('autopay decider: repetition', () => {
  it.each(SUBSCRIPTION_WEBHOOKS)('%s delivered twice: the second changes nothing', (event) => {
    const first = hook(event, { t: T0 + 1, paid: 1, pay: 'pay_x' });
    const events = run([hook('subscription.authenticated'), first]);
    given(events).when(first).thenNothingHappened();
  });

  it('the same charge redelivered after later webhooks still counts once', () => {
    const events = run([
      hook('subscription.charged', { paid: 1, pay: 'pay_1' }),
      hook('subscription.charged', { t: T0 + 100, paid: 2, pay: 'pay_2' }),
      hook('subscription.charged', { paid: 1, pay: 'pay_1' }),
    ]);
    expect(stateAfter(events)).toMatchObject({ charges: ['pay_1', 'pay_2'], paidThrough: '2026-03-31' });
  });

  it('a charge webhook whose payment is not captured counts nothing', () =>
    given([started])
      .when(hook('subscription.charged', { paid: 1, pay: 'pay_1', captured: false }))
      .then([changed('created', 'active', 'subscription.charged', T0, 1)]));
});

describe('autopay decider: any order', () => {
  it('charged before authenticated and activated: counted, and the older webhooks leave the status active', () => {
    const events = run([
      hook('subscription.charged', { t: T0 + 2, paid: 1, pay: 'pay_1' }),
      hook('subscription.activated', { t: T0 + 1, paid: 1 }),
      hook('subscription.authenticated', { t: T0, paid: 0 }),
    ]);
    expect(stateAfter(events)).toMatchObject({ status: 'active', charges: ['pay_1'], paidThrough: '2026-02-28' });
  });

  it('an old pending arriving after the charge that settled it leaves the status active', () => {
    const events = run([
      hook('subscription.activated', { paid: 1 }),
      hook('subscription.charged', { t: T0 + 50, paid: 2, pay: 'pay_2' }),
      hook('subscription.pending', { t: T0 + 40, paid: 1, pay: 'pay_f1' }),
    ]);
    expect(stateAfter(events)).toMatchObject({ status: 'active', failedPayments: ['pay_f1'], charges: ['pay_2'] });
  });

  it('a charge whose webhook comes after the cancellation still renews (the money was taken)', () => {
    const events = run([hook('subscription.cancelled', { t: T0 + 10, paid: 1 }), hook('subscription.charged', { t: T0 + 5, paid: 1, pay: 'pay_1' })]);
    expect(stateAfter(events)).toMatchObject({ status: 'cancelled', charges: ['pay_1'], paidThrough: '2026-02-28' });
  });

  it('a gap (the second charge’s webhook never came): the third counts as the next period, nothing is skipped or doubled', () => {
    const events = run([hook('subscription.charged', { paid: 1, pay: 'pay_1' }), hook('subscription.charged', { t: T0 + 200, paid: 3, pay: 'pay_3' })]);
    expect(events.at(-1)).toEqual(charged('pay_3', 2, T0 + 200, 3));
    expect(stateAfter(events).paidThrough).toBe('2026-03-31');
  });

  it('paused and resumed in the same second apply in the order they came, and a redelivery of either flips nothing', () => {
    const events = run([
      hook('subscription.activated', { paid: 1 }),
      hook('subscription.paused', { t: T0 + 5, paid: 1 }),
      hook('subscription.resumed', { t: T0 + 5, paid: 1 }),
    ]);
    expect(stateAfter(events).status).toBe('active');
    given(events)
      .when(hook('subscription.paused', { t: T0 + 5, paid: 1 }))
      .thenNothingHappened();
    given(events)
      .when(hook('subscription.resumed', { t: T0 + 5, paid: 1 }))
      .thenNothingHappened();
  });

  it('a halted webhook overtaken by the pending before it ends halted', () => {
    const events = run([
      hook('subscription.activated', { paid: 1 }),
      hook('subscription.halted', { t: T0 + 20, paid: 1, pay: 'pay_f2' }),
      hook('subscription.pending', { t: T0 + 10, paid: 1, pay: 'pay_f1' }),
    ]);
    expect(stateAfter(events)).toMatchObject({ status: 'halted', failedPayments: ['pay_f2', 'pay_f1'] });
  });
});

describe('autopay decider: cancel', () => {
  it('asks for a cancellation once (at cycle end, then now is a further request)', () => {
    given([started])
      .when({ type: 'RequestCancel', data: { atCycleEnd: true, at: AT, by } })
      .then([{ type: 'AutopayCancelRequested', data: { subscriptionId: S, atCycleEnd: true, at: AT, by } }]);
    const asked: AutopayEvent = { type: 'AutopayCancelRequested', data: { subscriptionId: S, atCycleEnd: true, at: AT, by } };
    given([started, asked])
      .when({ type: 'RequestCancel', data: { atCycleEnd: true, at: AT, by } })
      .thenNothingHappened();
    given([started, asked])
      .when({ type: 'RequestCancel', data: { atCycleEnd: false, at: AT, by } })
      .then([{ type: 'AutopayCancelRequested', data: { subscriptionId: S, atCycleEnd: false, at: AT, by } }]);
  });
  it('refuses to cancel a cancelled autopay', () =>
    given(run([hook('subscription.cancelled', { t: T0 + 1 })]))
      .when({ type: 'RequestCancel', data: { atCycleEnd: false, at: AT, by } })
      .thenThrows(DomainError, (e) => e.status === 409));
});

const methodSet = (method: 'upi' | 'card' | 'emandate', from: 'upi' | 'card' | 'emandate' | null, pay: string, t = T0): AutopayEvent => ({
  type: 'AutopayMethodSet',
  data: { subscriptionId: S, method, from, razorpayPaymentId: pay, observedAt: t, at: AT },
});

describe('autopay decider: payment method', () => {
  const authenticated = changed('created', 'authenticated', 'subscription.authenticated');
  it('the authentication’s payment names the mandate’s method (UPI AutoPay)', () =>
    given([started])
      .when(hook('subscription.authenticated', { pay: 'pay_auth', method: 'upi' }))
      .then([authenticated, methodSet('upi', null, 'pay_auth')]));

  it('a card charge sets it when the authentication carried no payment, and counts the charge', () =>
    given([started, authenticated])
      .when(hook('subscription.charged', { t: T0 + 10, paid: 1, pay: 'pay_1', method: 'card' }))
      .then([
        changed('authenticated', 'active', 'subscription.charged', T0 + 10, 1),
        methodSet('card', null, 'pay_1', T0 + 10),
        charged('pay_1', 1, T0 + 10, 1, 'card'),
      ]));

  it('Razorpay’s emandate and nach are both e-NACH; the same method again records nothing', () => {
    given([started, authenticated])
      .when(hook('subscription.charged', { paid: 1, pay: 'pay_1', method: 'nach' }))
      .then([changed('authenticated', 'active', 'subscription.charged', T0, 1), methodSet('emandate', null, 'pay_1'), charged('pay_1', 1, T0, 1, 'nach')]);
    const s = stateAfter([started, authenticated, methodSet('emandate', null, 'pay_auth')]);
    expect(s.method).toBe('emandate');
    given([started, authenticated, methodSet('emandate', null, 'pay_auth')])
      .when(hook('subscription.authenticated', { pay: 'pay_auth', method: 'emandate' }))
      .thenNothingHappened();
  });

  it('a newer payment of another method changes it; a late, older one does not', () => {
    const base = [started, authenticated, methodSet('upi', null, 'pay_auth'), changed('authenticated', 'active', 'subscription.charged', T0 + 100, 1)];
    given(base)
      .when(hook('subscription.charged', { t: T0 + 200, paid: 2, pay: 'pay_2', method: 'card' }))
      .then([
        changed('active', 'active', 'subscription.charged', T0 + 200, 2),
        methodSet('card', 'upi', 'pay_2', T0 + 200),
        charged('pay_2', 1, T0 + 200, 2, 'card'),
      ]);
    given(base)
      .when(hook('subscription.authenticated', { t: T0 - 50, pay: 'pay_old', method: 'card' }))
      .thenNothingHappened();
  });

  it('a method a mandate cannot have (netbanking) or none leaves it unknown', () => {
    given([started])
      .when(hook('subscription.authenticated', { pay: 'pay_auth', method: 'netbanking' }))
      .then([authenticated]);
    given([started])
      .when(hook('subscription.authenticated', { pay: 'pay_auth' }))
      .then([authenticated]);
    expect(stateAfter([started, authenticated]).method).toBeNull();
  });
});

describe('autopay decider: property', () => {
  /** Any sequence of subscription webhooks, Razorpay's kind: repeated, reordered, some lost, charges and failures mixed. */
  const webhook = fc.record({
    event: fc.constantFrom(...SUBSCRIPTION_WEBHOOKS),
    t: fc.integer({ min: 0, max: 50 }),
    paid: fc.integer({ min: 0, max: 12 }),
    pay: fc.option(
      fc.integer({ min: 1, max: 8 }).map((n) => `pay_${n}`),
      { nil: null },
    ),
    captured: fc.boolean(),
  });

  it('paid-through = start + captured charges × period, and no charge counts twice', () => {
    fc.assert(
      fc.property(
        fc.array(webhook, { maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('2026-01-31', '2026-02-28', '2026-05-15'),
        (hooks, months, startDate) => {
          const begun: AutopayStarted = { type: 'AutopayStarted', data: { ...terms, periodMonths: months, startDate, at: AT, by } };
          const commands = hooks.map((h) => hook(h.event, { t: T0 + h.t, paid: h.paid, pay: h.pay, captured: h.captured }));
          const events = run(commands, [begun]);
          const state = stateAfter(events);
          const countedCharges = events.filter((e) => e.type === 'AutopayCharged').map((e) => e.data.razorpayPaymentId);
          // Every captured payment of a charge webhook, once.
          const captured = new Set(hooks.filter((h) => h.event === 'subscription.charged' && h.pay && h.captured).map((h) => h.pay!));
          expect(new Set(countedCharges).size).toBe(countedCharges.length);
          expect(new Set(countedCharges)).toEqual(captured);
          expect(state.paidThrough).toBe(countedCharges.length ? addMonths(startDate, countedCharges.length * months) : null);
          // Each charge's period follows the last one's: together they tile start → paid-through.
          const periods = events.filter((e) => e.type === 'AutopayCharged').map((e) => [e.data.periodStart, e.data.periodEnd]);
          periods.forEach(([from, to], i) => {
            expect(from).toBe(addMonths(startDate, i * months));
            expect(to).toBe(addMonths(startDate, (i + 1) * months));
          });
          // Delivering the whole sequence again changes nothing (every webhook a replay).
          expect(run(commands, events)).toEqual(events);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('hand-paid "Pay now" cycles mixed with charges: paid-through = start + captured payments × period, none counted twice', () => {
    /** A webhook, or the member paying a failed cycle's "Pay now" payment (its id; the same payment may come again). */
    const step = fc.oneof(
      webhook.map((h) => ({ kind: 'hook' as const, ...h })),
      fc.record({ kind: fc.constant('cover' as const), due: fc.integer({ min: 1, max: 5 }).map((n) => `due_${n}`), t: fc.integer({ min: 0, max: 50 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.integer({ min: 1, max: 12 }), (steps, months) => {
        const startDate = '2026-01-31';
        const begun: AutopayStarted = { type: 'AutopayStarted', data: { ...terms, periodMonths: months, startDate, at: AT, by } };
        const commands = steps.map((x) =>
          x.kind === 'hook'
            ? hook(x.event, { t: T0 + x.t, paid: x.paid, pay: x.pay, captured: x.captured })
            : ({ type: 'CoverCycle', data: { paymentId: x.due, amountPaise: 236_000, at: new Date((T0 + x.t) * 1000).toISOString() } } satisfies CoverCycle),
        );
        const events = run(commands, [begun]);
        const counted = events.filter((e) => e.type === 'AutopayCharged').map((e) => e.data.razorpayPaymentId);
        const captured = new Set([
          ...steps.flatMap((x) => (x.kind === 'hook' && x.event === 'subscription.charged' && x.pay && x.captured ? [x.pay] : [])),
          ...steps.flatMap((x) => (x.kind === 'cover' ? [`akhada:${x.due}`] : [])),
        ]);
        expect(new Set(counted).size).toBe(counted.length);
        expect(new Set(counted)).toEqual(captured);
        expect(stateAfter(events).paidThrough).toBe(counted.length ? addMonths(startDate, counted.length * months) : null);
        expect(run(commands, events)).toEqual(events);
      }),
      { numRuns: 500 },
    );
  });

  it('the status is the newest webhook’s, whatever order they arrive in (until a final one)', () => {
    const arrivals = fc
      .uniqueArray(webhook, { selector: (h) => `${h.t}:${h.paid}`, maxLength: 20 })
      .filter((hooks) => !hooks.some((h) => h.event === 'subscription.cancelled' || h.event === 'subscription.completed'))
      .chain((hooks) => fc.tuple(fc.constant(hooks), fc.shuffledSubarray(hooks, { minLength: hooks.length })));
    fc.assert(
      fc.property(arrivals, ([hooks, shuffled]) => {
        const ordered = [...hooks].sort((a, b) => a.t - b.t || a.paid - b.paid);
        const statusOf = (list: typeof hooks) =>
          stateAfter(run(list.map((h) => hook(h.event, { t: T0 + h.t, paid: h.paid, pay: h.pay, captured: h.captured })))).status;
        expect(statusOf(shuffled)).toBe(statusOf(ordered));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('autopay decider: a failed cycle paid by hand ("Pay now")', () => {
  const cover = (paymentId: string, at = '2026-03-05T06:00:00.000Z'): CoverCycle => ({ type: 'CoverCycle', data: { paymentId, amountPaise: 236_000, at } });
  const base = run([
    hook('subscription.authenticated'),
    hook('subscription.activated', { paid: 1 }),
    hook('subscription.charged', { paid: 1, pay: 'pay_1' }),
    hook('subscription.halted', { t: T0 + 20, paid: 1, pay: 'pay_f1' }),
  ]);
  const manual: AutopayEvent = {
    type: 'AutopayCharged',
    data: {
      ...(charged('x', 2).data as Extract<AutopayEvent, { type: 'AutopayCharged' }>['data']),
      razorpayPaymentId: 'akhada:due-1',
      method: null,
      observedAt: Math.floor(Date.parse('2026-03-05T06:00:00.000Z') / 1000),
      paidCount: 1,
      at: '2026-03-05T06:00:00.000Z',
    },
  };

  it('counts as the cycle it paid: paid-through moves one period, the status stays as Razorpay says', () => {
    given(base).when(cover('due-1')).then([manual]);
    expect(stateAfter([...base, manual])).toMatchObject({ status: 'halted', paidThrough: '2026-03-31', charges: ['pay_1', 'akhada:due-1'] });
  });

  it('paid again (a second completion of the same payment) changes nothing', () =>
    given([...base, manual])
      .when(cover('due-1'))
      .then([]));

  it('Razorpay’s retry of that cycle succeeding later is the next period, counted once', () => {
    const after = run(
      [hook('subscription.activated', { t: T0 + 30, paid: 2 }), hook('subscription.charged', { t: T0 + 30, paid: 2, pay: 'pay_2' })],
      [...base, manual],
    );
    expect(after.filter((e) => e.type === 'AutopayCharged').map((e) => [e.data.chargeNo, e.data.periodStart, e.data.periodEnd])).toEqual([
      [1, '2026-01-31', '2026-02-28'],
      [2, '2026-02-28', '2026-03-31'],
      [3, '2026-03-31', '2026-04-30'],
    ]);
    expect(stateAfter(after).paidThrough).toBe('2026-04-30');
    given(after)
      .when(hook('subscription.charged', { t: T0 + 30, paid: 2, pay: 'pay_2' }))
      .then([]);
  });

  it('an autopay that was never started is refused', () => given([]).when(cover('due-1')).thenThrows(DomainError));
});

describe('autopay decider: the member changes the method (a replacing subscription)', () => {
  const NEW = 'sub_BBBBBBBBBBBBBB';
  const run = (cmds: (ObserveWebhook | RequestReplacement)[], from = initialAutopayState()) => {
    let s = autopayDecider.evolve(from, started);
    const out: AutopayEvent[] = [];
    for (const c of cmds) {
      const evs = autopayDecider.decide(c, s);
      out.push(...evs);
      s = evs.reduce(autopayDecider.evolve, s);
    }
    return { s, out };
  };
  const of = (c: ObserveWebhook, sub: string): ObserveWebhook => ({ ...c, data: { ...c.data, razorpaySubscriptionId: sub } });
  const replace: RequestReplacement = { type: 'RequestReplacement', data: { razorpaySubscriptionId: NEW, shortUrl: null, at: AT, by } };
  const charged1 = of(hook('subscription.charged', { t: T0, paid: 1, status: 'active', pay: 'pay_1' }), terms.razorpaySubscriptionId);

  it('requested, never authorised: the old one goes on charging, the autopay follows it only', () => {
    const { s, out } = run([
      charged1,
      replace,
      of(hook('subscription.charged', { t: T0 + 10, paid: 2, status: 'active', pay: 'pay_2' }), terms.razorpaySubscriptionId),
    ]);
    expect(out.filter((e) => e.type === 'AutopayReplacementRequested')).toHaveLength(1);
    expect(s.terms!.razorpaySubscriptionId).toBe(terms.razorpaySubscriptionId);
    expect(s.charges).toEqual(['pay_1', 'pay_2']);
    // Made for the 2nd period's date: stale now, its authorisation is not followed.
    const late = autopayDecider.decide(of(hook('subscription.authenticated', { t: T0 + 20, status: 'authenticated' }), NEW), s);
    expect(late).toEqual([]);
  });

  it('authorised: replaced, its first charge is the next period (none twice, none skipped); the old one’s cancellation changes nothing', () => {
    const { s, out } = run([
      charged1,
      replace,
      of(hook('subscription.authenticated', { t: T0 + 5, status: 'authenticated', pay: 'pay_auth', captured: false, amount: 100, method: 'card' }), NEW),
      of(hook('subscription.cancelled', { t: T0 + 30, paid: 1, status: 'cancelled' }), terms.razorpaySubscriptionId),
      of(hook('subscription.charged', { t: T0 + 40, paid: 1, status: 'active', pay: 'pay_new_1' }), NEW),
    ]);
    expect(out.map((e) => e.type)).toEqual([
      'AutopayStatusChanged',
      'AutopayCharged',
      'AutopayReplacementRequested',
      'AutopayReplaced',
      'AutopayStatusChanged',
      'AutopayMethodSet',
      'AutopayStatusChanged',
      'AutopayCharged',
    ]);
    expect(s).toMatchObject({
      status: 'active',
      charges: ['pay_1', 'pay_new_1'],
      paidThrough: addMonths(terms.startDate, 2),
      method: 'card',
      replaced: [terms.razorpaySubscriptionId],
    });
    expect(s.terms!.razorpaySubscriptionId).toBe(NEW);
  });

  it('refused for an autopay not running or being cancelled; asked again with the same subscription, nothing', () => {
    expect(() => run([replace])).toThrow(DomainError);
    const { s } = run([charged1, replace]);
    expect(autopayDecider.decide(replace, s)).toEqual([]);
    const cancelling = autopayDecider.evolve(s, { type: 'AutopayCancelRequested', data: { subscriptionId: S, atCycleEnd: true, at: AT, by } });
    expect(() => autopayDecider.decide({ ...replace, data: { ...replace.data, razorpaySubscriptionId: 'sub_C' } }, cancelling)).toThrow(DomainError);
  });
});
