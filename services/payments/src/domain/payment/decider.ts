import { gstOfSplit, type GstSplit } from '@akhada/contracts';
import type { ErrorCode, MembershipType, PaymentFrequency, PaymentMethod, PaymentSource, PaymentType } from '@akhada/contracts';
import { DomainError, type Decider } from '@akhada/kit/domain';

/**
 * One payment, event-sourced: recorded (pending or completed), updated while pending, marked paid, captured online
 * (verify or webhook, whichever comes first; the other changes nothing), failed online (can still be paid), refunded
 * fully or partly (partially_refunded until the whole total is refunded), cancelled (a pending one deleted). Money is
 * integer paise; times are ISO-8601 strings the commands carry (the decider has no clock).
 */

/** One stream per payment: `payment-<paymentId>`. */
export const paymentStreamId = (paymentId: string): string => `payment-${paymentId}`;

export type Status = 'pending' | 'completed' | 'failed' | 'refunded' | 'cancelled' | 'partially_refunded';
export type Category = 'member' | 'trainer' | 'expense' | 'other';
export interface Actor {
  id: string;
  name: string;
}

export interface PaymentDetails {
  paymentId: string;
  orgId: string;
  locationId: string;
  category: Category;
  type: PaymentType;
  memberId: string | null;
  memberName: string;
  trainerId: string | null;
  trainerName: string;
  amountPaise: number;
  gstPaise: number;
  /**
   * How gstPaise splits (rate, CGST + SGST or IGST), decided once by the date-effective rule when the payment is
   * recorded or its amount changes; the invoice, the exports and the reports read it. Absent in older events.
   */
  gst?: GstSplit | null;
  method: PaymentMethod;
  description: string;
  notes: string;
  membershipType: MembershipType | null;
  membershipPeriod: { startDate: string; endDate: string } | null;
  paymentFrequency: PaymentFrequency | null;
  salaryPeriod: { month: number; year: number } | null;
  dueDate: string | null;
  source: PaymentSource;
  sourceId: string | null;
  /** A business customer (B2B invoice); absent in events recorded before it existed. */
  billing?: { gstin: string; name: string; address: string } | null;
  /**
   * Paise of the member's referral credit taken off a membership payment, like a discount: `amountPaise` (the taxable
   * value) and the GST are after it. Absent: none.
   */
  referralCreditPaise?: number;
}

// ── Commands ────────────────────────────────────────────────────────────────────────────────────────────────────
export interface RecordPayment {
  type: 'RecordPayment';
  data: PaymentDetails & { status: 'pending' | 'completed'; at: string; by: Actor | null };
}
export type PaymentChanges = Partial<
  Pick<PaymentDetails, 'type' | 'amountPaise' | 'gstPaise' | 'gst' | 'method' | 'description' | 'notes' | 'membershipType' | 'membershipPeriod' | 'dueDate'>
>;
export interface UpdatePayment {
  type: 'UpdatePayment';
  data: { changes: PaymentChanges; at: string; by: Actor | null };
}
export interface MarkPaid {
  type: 'MarkPaid';
  data: { method: PaymentMethod | null; paidAt: string; reference: string | null; notes: string | null; at: string; by: Actor | null };
}
export interface OpenOnlineOrder {
  type: 'OpenOnlineOrder';
  data: { orderId: string; at: string };
}
export interface CreatePaymentLink {
  type: 'CreatePaymentLink';
  data: { linkId: string; url: string; at: string; by: Actor | null };
}
/** From verify (signature checked), a webhook (HMAC checked) or a reconciliation. Idempotent. */
export interface CaptureOnline {
  type: 'CaptureOnline';
  data: { razorpayPaymentId: string; razorpayOrderId: string | null; method: PaymentMethod; paidAt: string; via: 'verify' | 'webhook' | 'reconcile' };
}
export interface FailOnline {
  type: 'FailOnline';
  data: { razorpayPaymentId: string; reason: string; at: string };
}
export interface RefundPayment {
  type: 'RefundPayment';
  data: {
    refundId: string;
    /** null: everything that remains. */
    amountPaise: number | null;
    reason: string;
    razorpayRefundId: string | null;
    at: string;
    by: Actor | null;
  };
}
export interface CancelPayment {
  type: 'CancelPayment';
  data: { reason: string | null; at: string; by: Actor | null };
}
export interface RequestReminder {
  type: 'RequestReminder';
  /** `day`: today in the location's calendar (one reminder per member per day). */
  data: { reminderId: string; day: string; paymentLinkUrl: string | null; message: string | null; at: string; by: Actor | null };
}
export type PaymentCommand =
  RecordPayment | UpdatePayment | MarkPaid | OpenOnlineOrder | CreatePaymentLink | CaptureOnline | FailOnline | RefundPayment | CancelPayment | RequestReminder;

// ── Events ──────────────────────────────────────────────────────────────────────────────────────────────────────
export interface PaymentRecorded {
  type: 'PaymentRecorded';
  data: PaymentDetails & { status: 'pending' | 'completed'; at: string; by: Actor | null };
}
export interface PaymentUpdated {
  type: 'PaymentUpdated';
  data: { paymentId: string; changes: PaymentChanges; at: string; by: Actor | null };
}
export interface PaymentMarkedPaid {
  type: 'PaymentMarkedPaid';
  data: { paymentId: string; method: PaymentMethod; paidAt: string; reference: string | null; notes: string | null; at: string; by: Actor | null };
}
export interface OnlineOrderOpened {
  type: 'OnlineOrderOpened';
  data: { paymentId: string; orderId: string; at: string };
}
export interface PaymentLinkCreated {
  type: 'PaymentLinkCreated';
  data: { paymentId: string; linkId: string; url: string; at: string; by: Actor | null };
}
export interface PaymentCapturedOnline {
  type: 'PaymentCapturedOnline';
  data: { paymentId: string } & CaptureOnline['data'];
}
export interface PaymentFailedOnline {
  type: 'PaymentFailedOnline';
  data: { paymentId: string } & FailOnline['data'];
}
export interface PaymentRefunded {
  type: 'PaymentRefunded';
  data: {
    paymentId: string;
    refundId: string;
    amountPaise: number;
    fully: boolean;
    reason: string;
    razorpayRefundId: string | null;
    at: string;
    by: Actor | null;
    /** The refund of money captured after the payment was cancelled (absent in older events). */
    afterCancel?: boolean;
  };
}
/**
 * Money captured online for a payment that was cancelled meanwhile (a member-shop order that expired before the
 * capture arrived). Recorded once; the payment stays cancelled until the automatic refund (PaymentRefunded with
 * afterCancel) refunds it in full.
 */
export interface PaymentCapturedAfterCancel {
  type: 'PaymentCapturedAfterCancel';
  data: { paymentId: string; amountPaise: number; reason: string } & CaptureOnline['data'];
}
export interface PaymentCancelled {
  type: 'PaymentCancelled';
  data: { paymentId: string; reason: string | null; at: string; by: Actor | null };
}
export interface ReminderRequested {
  type: 'ReminderRequested';
  data: { paymentId: string } & RequestReminder['data'];
}
export type PaymentEvent =
  | PaymentRecorded
  | PaymentUpdated
  | PaymentMarkedPaid
  | OnlineOrderOpened
  | PaymentLinkCreated
  | PaymentCapturedOnline
  | PaymentFailedOnline
  | PaymentRefunded
  | PaymentCapturedAfterCancel
  | PaymentCancelled
  | ReminderRequested;

// ── State ───────────────────────────────────────────────────────────────────────────────────────────────────────
export interface RecordedPayment {
  status: Status;
  details: PaymentDetails;
  refundedPaise: number;
  refundIds: string[];
  razorpayRefundIds: string[];
  razorpayPaymentId: string | null;
  orderIds: string[];
  failedPaymentIds: string[];
  paidAt: string | null;
  /** Paise captured online after the payment was cancelled (0: none), refunded automatically. */
  capturedAfterCancelPaise: number;
}
export type PaymentState = { status: 'none' } | RecordedPayment;

export const totalOf = (d: Pick<PaymentDetails, 'amountPaise' | 'gstPaise'>): number => d.amountPaise + d.gstPaise;
const isRecorded = (s: PaymentState): s is RecordedPayment => s.status !== 'none';

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const refuse = (code: ErrorCode, message: string, status = 409) => new DomainError(code, message, status);
const notFound = () => new DomainError('NOT_FOUND', 'Payment not found', 404);

const checkMoney = (label: string, paise: number) => {
  if (!Number.isInteger(paise) || paise < 0) throw invalid(`${label} must be whole paise, 0 or more`);
};

/** A GST split must add up to the GST it explains. */
const checkSplit = (gstPaise: number | undefined, split: GstSplit | null | undefined) => {
  if (split && gstPaise !== undefined && gstOfSplit(split) !== gstPaise) throw invalid('GST must equal CGST + SGST + IGST');
};

const unpaid = (s: RecordedPayment): boolean => s.status === 'pending' || s.status === 'failed';

/** The reason recorded (and shown to staff) for money captured after its order expired or was cancelled. */
export const CAPTURED_AFTER_CANCEL_REASON = 'Order expired before payment';

/** Money captured after the payment was cancelled and not refunded yet. */
export const awaitsLateRefund = (s: PaymentState): boolean =>
  isRecorded(s) && s.status === 'cancelled' && s.capturedAfterCancelPaise > 0 && s.refundedPaise < s.capturedAfterCancelPaise;

const recorded = (s: PaymentState): RecordedPayment => {
  if (!isRecorded(s)) throw notFound();
  return s;
};

const decide = (command: PaymentCommand, state: PaymentState): PaymentEvent[] => {
  switch (command.type) {
    case 'RecordPayment': {
      const d = command.data;
      if (isRecorded(state)) {
        // The same payment recorded again (a redelivered members event, a retried request): nothing new.
        if (d.sourceId !== null && state.details.sourceId === d.sourceId) return [];
        throw refuse('CONFLICT', 'This payment exists already');
      }
      checkMoney('Amount', d.amountPaise);
      checkMoney('GST', d.gstPaise);
      if (d.referralCreditPaise !== undefined) checkMoney('Referral credit', d.referralCreditPaise);
      if (d.referralCreditPaise && (d.category !== 'member' || !d.memberId || !d.membershipPeriod))
        throw invalid('A referral credit goes only to a member’s membership payment');
      checkSplit(d.gstPaise, d.gst);
      if (d.category === 'member' && !d.memberId) throw invalid('Please select a member');
      if (d.category === 'trainer' && !d.trainerId) throw invalid('Please select a trainer');
      if (d.membershipPeriod && d.membershipPeriod.endDate < d.membershipPeriod.startDate) throw invalid('End date must be on or after the start date');
      return [{ type: 'PaymentRecorded', data: d }];
    }
    case 'UpdatePayment': {
      const s = recorded(state);
      if (s.status !== 'pending') throw refuse('PAYMENT_NOT_PENDING', 'Only a pending payment can be changed');
      const c = command.data.changes;
      if (c.amountPaise !== undefined) checkMoney('Amount', c.amountPaise);
      if (c.gstPaise !== undefined) checkMoney('GST', c.gstPaise);
      checkSplit(c.gstPaise ?? s.details.gstPaise, c.gst);
      return [{ type: 'PaymentUpdated', data: { paymentId: s.details.paymentId, ...command.data } }];
    }
    case 'MarkPaid': {
      const s = recorded(state);
      if (s.status === 'cancelled') throw refuse('PAYMENT_NOT_PENDING', 'This payment was cancelled');
      if (!unpaid(s)) throw refuse('PAYMENT_ALREADY_PAID', 'This payment is paid already');
      const d = command.data;
      return [
        {
          type: 'PaymentMarkedPaid',
          data: {
            paymentId: s.details.paymentId,
            method: d.method ?? s.details.method,
            paidAt: d.paidAt,
            reference: d.reference,
            notes: d.notes,
            at: d.at,
            by: d.by,
          },
        },
      ];
    }
    case 'OpenOnlineOrder': {
      const s = recorded(state);
      if (!unpaid(s)) throw refuse('PAYMENT_NOT_PENDING', s.status === 'cancelled' ? 'This payment was cancelled' : 'This payment is paid already');
      if (totalOf(s.details) < 100) throw invalid('An online payment must be at least ₹1');
      return [{ type: 'OnlineOrderOpened', data: { paymentId: s.details.paymentId, ...command.data } }];
    }
    case 'CreatePaymentLink': {
      const s = recorded(state);
      if (!unpaid(s)) throw refuse('PAYMENT_NOT_PENDING', s.status === 'cancelled' ? 'This payment was cancelled' : 'This payment is paid already');
      if (totalOf(s.details) < 100) throw invalid('An online payment must be at least ₹1');
      return [{ type: 'PaymentLinkCreated', data: { paymentId: s.details.paymentId, ...command.data } }];
    }
    case 'CaptureOnline': {
      const s = recorded(state);
      // Captured once: verify and the webhook (in any order, each maybe twice) end here with one event.
      if (s.razorpayPaymentId !== null) return [];
      // Cancelled meanwhile (an order that expired): the money is recorded as captured late, to be refunded in full.
      if (s.status === 'cancelled') {
        const amountPaise = totalOf(s.details) - s.refundedPaise;
        if (amountPaise <= 0) return [];
        return [
          {
            type: 'PaymentCapturedAfterCancel',
            data: { paymentId: s.details.paymentId, amountPaise, reason: CAPTURED_AFTER_CANCEL_REASON, ...command.data },
          },
        ];
      }
      // Paid another way meanwhile: the capture is not counted again (staff reconcile with a refund).
      if (!unpaid(s)) return [];
      return [{ type: 'PaymentCapturedOnline', data: { paymentId: s.details.paymentId, ...command.data } }];
    }
    case 'FailOnline': {
      const s = recorded(state);
      // A failed attempt after a success (or a repeat) changes nothing.
      if (!unpaid(s) || s.failedPaymentIds.includes(command.data.razorpayPaymentId)) return [];
      return [{ type: 'PaymentFailedOnline', data: { paymentId: s.details.paymentId, ...command.data } }];
    }
    case 'RefundPayment': {
      const s = recorded(state);
      const d = command.data;
      if (s.refundIds.includes(d.refundId)) return [];
      if (d.razorpayRefundId !== null && s.razorpayRefundIds.includes(d.razorpayRefundId)) return [];
      if (awaitsLateRefund(s)) {
        // Money captured after cancelling: refunded in full (never partly), once; the payment ends refunded.
        const amount = s.capturedAfterCancelPaise - s.refundedPaise;
        return [
          {
            type: 'PaymentRefunded',
            data: {
              paymentId: s.details.paymentId,
              refundId: d.refundId,
              amountPaise: amount,
              fully: true,
              reason: CAPTURED_AFTER_CANCEL_REASON,
              razorpayRefundId: d.razorpayRefundId,
              at: d.at,
              by: d.by,
              afterCancel: true,
            },
          },
        ];
      }
      if (s.status !== 'completed' && s.status !== 'partially_refunded') {
        throw refuse('PAYMENT_NOT_REFUNDABLE', s.status === 'refunded' ? 'This payment is refunded already' : 'Only a completed payment can be refunded');
      }
      const remaining = totalOf(s.details) - s.refundedPaise;
      const amount = d.amountPaise ?? remaining;
      if (!Number.isInteger(amount) || amount <= 0) throw invalid('Refund amount must be more than 0');
      if (amount > remaining) throw refuse('REFUND_EXCEEDS_REMAINING', `Refund cannot be more than the ₹${(remaining / 100).toFixed(2)} that remains`, 400);
      return [
        {
          type: 'PaymentRefunded',
          data: {
            paymentId: s.details.paymentId,
            refundId: d.refundId,
            amountPaise: amount,
            fully: amount === remaining,
            reason: d.reason,
            razorpayRefundId: d.razorpayRefundId,
            at: d.at,
            by: d.by,
          },
        },
      ];
    }
    case 'CancelPayment': {
      const s = recorded(state);
      if (s.status === 'cancelled') throw refuse('PAYMENT_NOT_PENDING', 'This payment was cancelled already');
      if (!unpaid(s)) throw refuse('PAYMENT_COMPLETED', 'A completed payment cannot be deleted: refund it instead');
      return [{ type: 'PaymentCancelled', data: { paymentId: s.details.paymentId, ...command.data } }];
    }
    case 'RequestReminder': {
      const s = recorded(state);
      if (!unpaid(s)) throw refuse('PAYMENT_NOT_PENDING', 'Only a pending payment can be reminded');
      if (!s.details.memberId) throw refuse('CONFLICT', 'Only a member payment can be reminded');
      return [{ type: 'ReminderRequested', data: { paymentId: s.details.paymentId, ...command.data } }];
    }
  }
};

const evolve = (state: PaymentState, event: PaymentEvent): PaymentState => {
  if (event.type === 'PaymentRecorded') {
    const { status, at, by: _by, ...details } = event.data;
    return {
      status,
      details,
      refundedPaise: 0,
      refundIds: [],
      razorpayRefundIds: [],
      razorpayPaymentId: null,
      orderIds: [],
      failedPaymentIds: [],
      paidAt: status === 'completed' ? at : null,
      capturedAfterCancelPaise: 0,
    };
  }
  if (!isRecorded(state)) return state;
  switch (event.type) {
    case 'PaymentUpdated':
      return { ...state, details: { ...state.details, ...event.data.changes } };
    case 'PaymentMarkedPaid':
      return { ...state, status: 'completed', paidAt: event.data.paidAt, details: { ...state.details, method: event.data.method } };
    case 'OnlineOrderOpened':
      return { ...state, orderIds: [...state.orderIds, event.data.orderId] };
    case 'PaymentLinkCreated':
      return state;
    case 'PaymentCapturedOnline':
      return {
        ...state,
        status: 'completed',
        paidAt: event.data.paidAt,
        razorpayPaymentId: event.data.razorpayPaymentId,
        details: { ...state.details, method: event.data.method },
      };
    case 'PaymentFailedOnline':
      return { ...state, status: 'failed', failedPaymentIds: [...state.failedPaymentIds, event.data.razorpayPaymentId] };
    case 'PaymentCapturedAfterCancel':
      return {
        ...state,
        razorpayPaymentId: event.data.razorpayPaymentId,
        capturedAfterCancelPaise: state.capturedAfterCancelPaise + event.data.amountPaise,
      };
    case 'PaymentRefunded': {
      const refundedPaise = state.refundedPaise + event.data.amountPaise;
      return {
        ...state,
        refundedPaise,
        status: event.data.afterCancel || refundedPaise >= totalOf(state.details) ? 'refunded' : 'partially_refunded',
        refundIds: [...state.refundIds, event.data.refundId],
        razorpayRefundIds: event.data.razorpayRefundId ? [...state.razorpayRefundIds, event.data.razorpayRefundId] : state.razorpayRefundIds,
      };
    }
    case 'PaymentCancelled':
      return { ...state, status: 'cancelled' };
    case 'ReminderRequested':
      return state;
    default:
      return state;
  }
};

export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
