import { DomainError, fold } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  awaitsLateRefund,
  CAPTURED_AFTER_CANCEL_REASON,
  paymentDecider,
  type PaymentCommand,
  type PaymentEvent,
  type PaymentRecorded,
  type PaymentState,
  type RecordPayment,
} from './decider.ts';

const given = DeciderSpecification.for(paymentDecider);
const P = '0198a7c0-0000-7000-8000-000000000001';
const by = { id: '0198a7c0-0000-7000-8000-0000000000ee', name: 'Owner One' };
const AT = '2026-11-20T05:00:00.000Z';

const record = (overrides: Partial<RecordPayment['data']> = {}): RecordPayment => ({
  type: 'RecordPayment',
  data: {
    paymentId: P,
    orgId: '0198a7c0-0000-7000-8000-0000000000aa',
    locationId: '0198a7c0-0000-7000-8000-0000000000bb',
    category: 'member',
    type: 'membership_fee',
    memberId: '0198a7c0-0000-7000-8000-0000000000cc',
    memberName: 'Asha Verma',
    trainerId: null,
    trainerName: '',
    amountPaise: 200_000,
    gstPaise: 10_000,
    method: 'cash',
    description: 'November membership',
    notes: '',
    membershipType: 'basic',
    membershipPeriod: { startDate: '2026-11-01', endDate: '2026-12-01' },
    paymentFrequency: 'monthly',
    salaryPeriod: null,
    dueDate: '2026-11-05',
    source: 'staff',
    sourceId: null,
    status: 'pending',
    at: AT,
    by,
    ...overrides,
  },
});
const recorded = (overrides: Partial<RecordPayment['data']> = {}): PaymentRecorded => ({ type: 'PaymentRecorded', data: record(overrides).data });
const completed = () => recorded({ status: 'completed' });
const refund = (amountPaise: number | null, refundId = 'r1'): PaymentCommand => ({
  type: 'RefundPayment',
  data: { refundId, amountPaise, reason: 'Moved city', razorpayRefundId: null, at: AT, by },
});
const markPaid: PaymentCommand = { type: 'MarkPaid', data: { method: 'upi', paidAt: AT, reference: 'UPI-1', notes: null, at: AT, by } };

describe('payment decider: record', () => {
  it('records a pending payment', () => given([]).when(record()).then([recorded()]));

  it('refuses amounts that are not whole paise', () =>
    given([])
      .when(record({ amountPaise: 10.5 }))
      .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED' && e.status === 400));

  it('refuses a member payment without a member', () =>
    given([])
      .when(record({ memberId: null }))
      .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED'));

  it('records the same members-sourced payment once (a redelivered renewal changes nothing)', () =>
    given([recorded({ source: 'members', sourceId: 'm:1' })])
      .when(record({ source: 'members', sourceId: 'm:1' }))
      .then([]));

  it('refuses a second recording of the same stream from staff', () =>
    given([recorded()])
      .when(record())
      .thenThrows(DomainError, (e) => e.status === 409));
});

describe('payment decider: mark paid', () => {
  it('marks a pending payment paid with the method given', () =>
    given([recorded()])
      .when(markPaid)
      .then([{ type: 'PaymentMarkedPaid', data: { paymentId: P, method: 'upi', paidAt: AT, reference: 'UPI-1', notes: null, at: AT, by } }]));

  it('refuses to mark paid twice', () =>
    given([recorded(), { type: 'PaymentMarkedPaid', data: { paymentId: P, method: 'upi', paidAt: AT, reference: null, notes: null, at: AT, by } }])
      .when(markPaid)
      .thenThrows(DomainError, (e) => e.code === 'PAYMENT_ALREADY_PAID' && e.status === 409));

  it('refuses to mark a cancelled payment paid', () =>
    given([recorded(), { type: 'PaymentCancelled', data: { paymentId: P, reason: null, at: AT, by } }])
      .when(markPaid)
      .thenThrows(DomainError, (e) => e.code === 'PAYMENT_NOT_PENDING'));

  it('refuses to mark a payment recorded as completed paid', () =>
    given([completed()])
      .when(markPaid)
      .thenThrows(DomainError, (e) => e.code === 'PAYMENT_ALREADY_PAID'));
});

describe('payment decider: refund', () => {
  it('refunds part of a completed payment (partially_refunded), then the rest (refunded)', () => {
    const first: PaymentEvent = {
      type: 'PaymentRefunded',
      data: { paymentId: P, refundId: 'r1', amountPaise: 60_000, fully: false, reason: 'Moved city', razorpayRefundId: null, at: AT, by },
    };
    given([completed()]).when(refund(60_000)).then([first]);
    given([completed(), first])
      .when(refund(null, 'r2'))
      .then([
        {
          type: 'PaymentRefunded',
          data: { paymentId: P, refundId: 'r2', amountPaise: 150_000, fully: true, reason: 'Moved city', razorpayRefundId: null, at: AT, by },
        },
      ]);
    const state = fold(paymentDecider, [completed(), first]);
    expect(state.status).toBe('partially_refunded');
  });

  it('refuses a refund beyond what remains', () =>
    given([
      completed(),
      {
        type: 'PaymentRefunded',
        data: { paymentId: P, refundId: 'r1', amountPaise: 200_000, fully: false, reason: 'x', razorpayRefundId: null, at: AT, by },
      },
    ])
      .when(refund(10_001, 'r2'))
      .thenThrows(DomainError, (e) => e.code === 'REFUND_EXCEEDS_REMAINING' && e.status === 400 && e.message.includes('₹100.00')));

  it('refuses to refund a pending payment', () =>
    given([recorded()])
      .when(refund(100))
      .thenThrows(DomainError, (e) => e.code === 'PAYMENT_NOT_REFUNDABLE'));

  it('refuses to refund a fully refunded payment', () =>
    given([
      completed(),
      { type: 'PaymentRefunded', data: { paymentId: P, refundId: 'r1', amountPaise: 210_000, fully: true, reason: 'x', razorpayRefundId: null, at: AT, by } },
    ])
      .when(refund(null, 'r2'))
      .thenThrows(DomainError, (e) => e.code === 'PAYMENT_NOT_REFUNDABLE'));

  it('records the same refund once (a retried request or refund.processed after our own refund)', () =>
    given([
      completed(),
      { type: 'PaymentRefunded', data: { paymentId: P, refundId: 'r1', amountPaise: 100, fully: false, reason: 'x', razorpayRefundId: 'rfnd_1', at: AT, by } },
    ])
      .when({ type: 'RefundPayment', data: { refundId: 'rfnd_1', amountPaise: 100, reason: 'x', razorpayRefundId: 'rfnd_1', at: AT, by: null } })
      .then([]));
});

describe('payment decider: delete (cancel) and update', () => {
  it('cancels a pending payment', () =>
    given([recorded()])
      .when({ type: 'CancelPayment', data: { reason: 'duplicate', at: AT, by } })
      .then([{ type: 'PaymentCancelled', data: { paymentId: P, reason: 'duplicate', at: AT, by } }]));

  it('refuses to delete a completed payment: it is refunded instead', () =>
    given([completed()])
      .when({ type: 'CancelPayment', data: { reason: null, at: AT, by } })
      .thenThrows(DomainError, (e) => e.code === 'PAYMENT_COMPLETED' && e.status === 409));

  it('refuses to delete a payment after it was marked paid', () =>
    given([recorded(), { type: 'PaymentMarkedPaid', data: { paymentId: P, method: 'cash', paidAt: AT, reference: null, notes: null, at: AT, by } }])
      .when({ type: 'CancelPayment', data: { reason: null, at: AT, by } })
      .thenThrows(DomainError, (e) => e.code === 'PAYMENT_COMPLETED'));

  it('refuses to change a completed payment', () =>
    given([completed()])
      .when({ type: 'UpdatePayment', data: { changes: { amountPaise: 1 }, at: AT, by } })
      .thenThrows(DomainError, (e) => e.code === 'PAYMENT_NOT_PENDING'));
});

describe('payment decider: online capture in any order', () => {
  const ORDER = 'order_1';
  const PAY = 'pay_1';
  type Delivery = 'verify' | 'webhook_captured' | 'webhook_failed_other' | 'reconcile';
  const commandOf = (d: Delivery): PaymentCommand => {
    switch (d) {
      case 'verify':
        return { type: 'CaptureOnline', data: { razorpayPaymentId: PAY, razorpayOrderId: ORDER, method: 'upi', paidAt: AT, via: 'verify' } };
      case 'webhook_captured':
        return { type: 'CaptureOnline', data: { razorpayPaymentId: PAY, razorpayOrderId: ORDER, method: 'upi', paidAt: AT, via: 'webhook' } };
      case 'reconcile':
        return { type: 'CaptureOnline', data: { razorpayPaymentId: PAY, razorpayOrderId: ORDER, method: 'upi', paidAt: AT, via: 'reconcile' } };
      case 'webhook_failed_other':
        return { type: 'FailOnline', data: { razorpayPaymentId: 'pay_failed_attempt', reason: 'card declined', at: AT } };
    }
  };
  const run = (deliveries: Delivery[]): { state: PaymentState; events: PaymentEvent[] } => {
    let events: PaymentEvent[] = [recorded(), { type: 'OnlineOrderOpened', data: { paymentId: P, orderId: ORDER, at: AT } }];
    for (const d of deliveries) {
      const state = fold(paymentDecider, events);
      events = [...events, ...paymentDecider.decide(commandOf(d), state)];
    }
    return { state: fold(paymentDecider, events), events };
  };

  it('ends captured exactly once with the same totals, whatever arrives, twice, reordered or missing (plus a reconciliation)', () => {
    // Each delivery kind appears 0–3 times (missing, once, duplicated), shuffled; the failed attempt of an earlier
    // card may come anywhere; the reconciliation at the end stands for the job that asks Razorpay about open orders.
    const arb = fc
      .record({
        verify: fc.integer({ min: 0, max: 3 }),
        webhook: fc.integer({ min: 0, max: 3 }),
        failed: fc.integer({ min: 0, max: 2 }),
        seed: fc.integer(),
      })
      .chain(({ verify, webhook, failed }) =>
        fc.shuffledSubarray(
          [
            ...Array<Delivery>(verify).fill('verify'),
            ...Array<Delivery>(webhook).fill('webhook_captured'),
            ...Array<Delivery>(failed).fill('webhook_failed_other'),
          ],
          { minLength: verify + webhook + failed, maxLength: verify + webhook + failed },
        ),
      );
    fc.assert(
      fc.property(arb, (deliveries) => {
        const { state, events } = run([...deliveries, 'reconcile']);
        expect(events.filter((e) => e.type === 'PaymentCapturedOnline')).toHaveLength(1);
        expect(state.status).toBe('completed');
        if (state.status === 'none') throw new Error('unreachable');
        expect(state.razorpayPaymentId).toBe(PAY);
        expect(state.details.amountPaise + state.details.gstPaise).toBe(210_000);
        expect(state.refundedPaise).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('does not count a capture of a payment already marked paid in cash', () => {
    const events: PaymentEvent[] = [
      recorded(),
      { type: 'PaymentMarkedPaid', data: { paymentId: P, method: 'cash', paidAt: AT, reference: null, notes: null, at: AT, by } },
    ];
    expect(paymentDecider.decide(commandOf('webhook_captured'), fold(paymentDecider, events))).toEqual([]);
  });
});

describe('payment decider: money captured after the payment was cancelled (an expired order)', () => {
  const cancelled: PaymentEvent = { type: 'PaymentCancelled', data: { paymentId: P, reason: 'expired', at: AT, by: null } };
  const capture = (via: 'verify' | 'webhook'): PaymentCommand => ({
    type: 'CaptureOnline',
    data: { razorpayPaymentId: 'pay_late', razorpayOrderId: 'order_1', method: 'razorpay', paidAt: AT, via },
  });
  const late: PaymentEvent = {
    type: 'PaymentCapturedAfterCancel',
    data: {
      paymentId: P,
      amountPaise: 210_000,
      reason: CAPTURED_AFTER_CANCEL_REASON,
      razorpayPaymentId: 'pay_late',
      razorpayOrderId: 'order_1',
      method: 'razorpay',
      paidAt: AT,
      via: 'verify',
    },
  };
  const autoRefund: PaymentCommand = {
    type: 'RefundPayment',
    data: { refundId: 'rfnd_1', amountPaise: null, reason: CAPTURED_AFTER_CANCEL_REASON, razorpayRefundId: 'rfnd_1', at: AT, by: null },
  };
  const refunded: PaymentEvent = {
    type: 'PaymentRefunded',
    data: {
      paymentId: P,
      refundId: 'rfnd_1',
      amountPaise: 210_000,
      fully: true,
      reason: CAPTURED_AFTER_CANCEL_REASON,
      razorpayRefundId: 'rfnd_1',
      at: AT,
      by: null,
      afterCancel: true,
    },
  };

  it('records the late capture of the whole total, once', () => given([recorded(), cancelled]).when(capture('verify')).then([late]));

  it('records nothing for the second capture (verify then webhook)', () => given([recorded(), cancelled, late]).when(capture('webhook')).then([]));

  it('refunds the late capture in full with the reason, marked afterCancel', () => given([recorded(), cancelled, late]).when(autoRefund).then([refunded]));

  it('ends refunded; a second refund and a later capture change nothing', () => {
    const state = fold(paymentDecider, [recorded(), cancelled, late, refunded]);
    expect(state.status).toBe('refunded');
    expect(awaitsLateRefund(state)).toBe(false);
    expect(paymentDecider.decide(autoRefund, state)).toEqual([]);
    expect(paymentDecider.decide(capture('webhook'), state)).toEqual([]);
  });

  it('refuses a staff refund of a cancelled payment that was never captured', () =>
    given([recorded(), cancelled])
      .when(refund(null))
      .thenThrows(DomainError, (e) => e.code === 'PAYMENT_NOT_REFUNDABLE'));
});
