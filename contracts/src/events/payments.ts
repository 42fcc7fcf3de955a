import { z } from 'zod';
import { Language, MembershipType, PaymentCategory, PaymentFrequency, PaymentMethod, PaymentStatus } from '../enums.ts';
import { defineEvent } from '../envelope.ts';
import { PaymentSource, PaymentType } from '../http/payments.ts';

/**
 * Integration events of the payments service (topic akhada.payments.events; aggregate = the payment, or the invoice
 * for invoice events). Envelope: orgId = the organization, locationId = the payment's location. MONEY IS INTEGER PAISE
 * in every event (`…Paise`); the HTTP API speaks rupees.
 *
 * Consumers: members (a completed membership payment with a period → a new term, de-duplicated by paymentId; payments
 * whose `source` is `members` came from a members renewal and are skipped, so nothing loops), trainers (earnings from
 * completed/refunded trainer payments), dashboard (revenue figures), notifications (reminders, receipts, invoices),
 * the invoices part of this service (invoice on payment_completed, credit note on payment_refunded).
 */

/** Everything a consumer needs to know of a payment as it is after the event (the whole set, no earlier state needed). */
export const PaymentFacts = z.object({
  paymentId: z.uuid(),
  organizationId: z.uuid(),
  locationId: z.uuid(),
  category: PaymentCategory,
  type: PaymentType,
  status: PaymentStatus,
  memberId: z.uuid().nullable(),
  /** "First Last" of the member or trainer as this service knows them (for messages); '' when unknown. */
  memberName: z.string(),
  trainerId: z.uuid().nullable(),
  trainerName: z.string(),
  /** Integer paise: amount before tax, GST, and total = amount + GST. */
  amountPaise: z.number().int().min(0),
  gstPaise: z.number().int().min(0),
  totalPaise: z.number().int().min(0),
  /** Refunded so far, integer paise. */
  refundedPaise: z.number().int().min(0),
  method: PaymentMethod,
  description: z.string(),
  membershipType: MembershipType.nullable(),
  /** Set for membership_fee / membership_renewal payments with both dates. */
  membershipPeriod: z.object({ startDate: z.iso.date(), endDate: z.iso.date() }).nullable(),
  /** The frequency the period stands for, when known (a members renewal, or POST /payments/member/{id}/membership). */
  paymentFrequency: PaymentFrequency.nullable(),
  salaryPeriod: z.object({ month: z.number().int().min(1).max(12), year: z.number().int() }).nullable(),
  dueDate: z.iso.date().nullable(),
  /** Where the payment came from; `members` = made from a members event (renewal/registration with a fee). */
  source: PaymentSource,
  /** De-dup key of the source: the members event id / `<memberId>:<termNo>` for `members`; null otherwise. */
  sourceId: z.string().nullable(),
  /** A business customer's GSTIN, name and billing address (B2B invoice); absent or null for a consumer. */
  billing: z.object({ gstin: z.string(), name: z.string(), address: z.string() }).nullable().optional(),
  /**
   * How gstPaise splits, decided once by the date-effective rule when the payment was recorded (contracts/src/gym-gst.ts):
   * the rate in basis points, the supply, CGST, SGST and IGST in paise. The invoice uses exactly these figures. Absent
   * or null on payments recorded before it existed.
   */
  gst: z
    .object({
      rateBps: z.number().int().min(0),
      supply: z.enum(['intra_state', 'inter_state', 'none']),
      cgstPaise: z.number().int().min(0),
      sgstPaise: z.number().int().min(0),
      igstPaise: z.number().int().min(0),
    })
    .nullable()
    .optional(),
  /** When the thing the event tells happened. */
  occurredAt: z.iso.datetime({ offset: true }),
});
export type PaymentFacts = z.infer<typeof PaymentFacts>;

/** A payment was recorded, pending or completed (a completed one is followed by payment_completed). */
export const PaymentRecorded = defineEvent('payments.payment_recorded', 1, PaymentFacts.extend({ recordedBy: z.uuid().nullable() }));

/** A pending payment changed (amount, type, due date…). */
export const PaymentUpdated = defineEvent('payments.payment_updated', 1, PaymentFacts);

/**
 * The money was received: recorded as completed, marked paid, or captured online (verify or webhook, once).
 * Revenue counts here; members turns a membership payment with a period into a term (unless source = members).
 */
export const PaymentCompleted = defineEvent(
  'payments.payment_completed',
  1,
  PaymentFacts.extend({
    paidAt: z.iso.datetime({ offset: true }),
    completedVia: z.enum(['recorded', 'mark_paid', 'online']),
    razorpayPaymentId: z.string().nullable(),
    razorpayOrderId: z.string().nullable(),
  }),
);

/** An online attempt failed (payment.failed); the payment stays pending and can be paid again. */
export const PaymentFailed = defineEvent('payments.payment_failed', 1, PaymentFacts.extend({ reason: z.string(), razorpayPaymentId: z.string().nullable() }));

/** Part or all of a completed payment was refunded (status partially_refunded or refunded). */
export const PaymentRefunded = defineEvent(
  'payments.payment_refunded',
  1,
  PaymentFacts.extend({
    /** Unique per refund (de-dup for credit notes). */
    refundId: z.string(),
    /** This refund, integer paise (of the total, GST included). */
    refundPaise: z.number().int().min(1),
    /** Whether the whole total is now refunded. */
    fully: z.boolean(),
    reason: z.string(),
    refundedAt: z.iso.datetime({ offset: true }),
    refundedBy: z.uuid().nullable(),
    /**
     * The automatic refund of money captured online after the payment was cancelled (a member-shop order that expired
     * before the member paid): the payment was never completed. Absent otherwise.
     */
    afterCancel: z.boolean().optional(),
  }),
);

/** A pending payment was cancelled (deleted): it no longer counts as owed. */
export const PaymentCancelled = defineEvent(
  'payments.payment_cancelled',
  1,
  PaymentFacts.extend({ reason: z.string().nullable(), cancelledBy: z.uuid().nullable() }),
);

/**
 * Staff asked to remind a member of a pending payment (at most one per member per day, decided here). Notifications
 * delivers it by email (and WhatsApp/SMS when configured), in the member's language when known.
 */
export const PaymentReminderRequested = defineEvent(
  'payments.payment_reminder_requested',
  1,
  z.object({
    reminderId: z.uuid(),
    paymentId: z.uuid(),
    organizationId: z.uuid(),
    locationId: z.uuid(),
    memberId: z.uuid(),
    memberName: z.string(),
    /** As this service knows them from members' events; '' when unknown. */
    email: z.string(),
    phone: z.string(),
    amountPaise: z.number().int().min(0),
    description: z.string(),
    dueDate: z.iso.date().nullable(),
    /** A Razorpay payment link when the gym has online payments; else the app's own payments page. */
    paymentLinkUrl: z.string().nullable(),
    locale: Language.nullable(),
    message: z.string().nullable(),
    requestedBy: z.uuid().nullable(),
    occurredAt: z.iso.datetime({ offset: true }),
  }),
);

const InvoiceTotals = z.object({
  organizationId: z.uuid(),
  locationId: z.uuid(),
  paymentId: z.uuid(),
  memberId: z.uuid().nullable(),
  /** null for an unregistered location (bill of supply). */
  gstin: z.string().nullable(),
  number: z.string(),
  issueDate: z.iso.date(),
  financialYear: z.string(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
  occurredAt: z.iso.datetime({ offset: true }),
});

/**
 * An invoice (tax invoice or bill of supply) was issued for a completed payment; `receipt`: a plain receipt (no tax
 * document) of a payment at a location without GST settings.
 */
export const InvoiceIssued = defineEvent(
  'payments.invoice_issued',
  1,
  InvoiceTotals.extend({ invoiceId: z.uuid(), kind: z.enum(['tax_invoice', 'bill_of_supply', 'receipt']) }),
);

/** A credit note was issued against an invoice (a refund or correction). */
export const CreditNoteIssued = defineEvent(
  'payments.credit_note_issued',
  1,
  InvoiceTotals.extend({ creditNoteId: z.uuid(), originalInvoiceId: z.uuid(), originalNumber: z.string(), refundId: z.string().nullable() }),
);

/** Staff asked for an invoice to be emailed; notifications sends it with the PDF (fetched from the invoices download). */
export const InvoiceSendRequested = defineEvent(
  'payments.invoice_send_requested',
  1,
  z.object({
    invoiceId: z.uuid(),
    number: z.string(),
    organizationId: z.uuid(),
    locationId: z.uuid(),
    memberId: z.uuid().nullable(),
    email: z.string(),
    recipientName: z.string(),
    totalPaise: z.number().int(),
    locale: Language.nullable(),
    /** Base64 of the PDF (invoices are small: a page or two). */
    pdfBase64: z.string(),
    occurredAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * The organization paid Akhada for a month of a plan (platform Razorpay account; captured once). Auth puts the
 * organization on `plan` (no trial date), which every directory learns from auth.organization_plan_changed.
 * Aggregate = the Razorpay order id.
 */
export const SubscriptionPaid = defineEvent(
  'payments.subscription_paid',
  1,
  z.object({
    organizationId: z.uuid(),
    plan: z.enum(['mini', 'starter', 'pro', 'enterprise']),
    orderId: z.string(),
    razorpayPaymentId: z.string(),
    invoiceNumber: z.string(),
    totalPaise: z.number().int().min(0),
    paidAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A point-of-sale sale (`inventory.sale_completed`) was recorded as a completed payment (type product_sale, source
 * pos) with its tax invoice; inventory links the sale to them. Published once per saleId, even when the sale event
 * was delivered twice.
 */
export const SaleInvoiced = defineEvent(
  'payments.sale_invoiced',
  1,
  z.object({
    saleId: z.uuid(),
    organizationId: z.uuid(),
    locationId: z.uuid(),
    paymentId: z.uuid(),
    invoiceId: z.uuid(),
    invoiceNumber: z.string(),
    totalPaise: z.number().int().min(0),
    occurredAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * The pending payment of an online sale (`inventory.sale_payment_requested`) exists: id salePaymentId(org, sale),
 * category other, type product_sale, source pos, for the buyer. Inventory links the sale to it (onlinePayment). Once
 * per saleId.
 */
export const SalePaymentCreated = defineEvent(
  'payments.sale_payment_created',
  1,
  z.object({ saleId: z.uuid(), organizationId: z.uuid(), paymentId: z.uuid() }),
);

/**
 * The GST details of a location changed (PUT /payments/tax-settings), published in the same transaction as the
 * change (aggregate = the location). Inventory keeps them so the counter charges what the invoice will say: GST on
 * each line only where the location is GST-registered; an unregistered location issues a bill of supply for the
 * taxable value, so its sale total is the taxable value. A location never announced is treated as registered (the
 * item's own rate), which is what payments records for a sale at a location without tax settings.
 */
export const LocationTaxSettingsChanged = defineEvent(
  'payments.location_tax_settings_changed',
  1,
  z.object({
    organizationId: z.uuid(),
    locationId: z.uuid(),
    gstRegistered: z.boolean(),
    /** Set only when registered. */
    gstin: z.string().nullable(),
    /** Two-digit GST state code ('' when not set). */
    stateCode: z.string(),
    occurredAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * The payment of a scheduling purchase (`scheduling.purchase_requested`) exists: id purchasePaymentId(org, purchase),
 * source `scheduling`, sourceId the purchaseId; `pending` for an online purchase (the member pays it with Checkout),
 * `completed` for a desk one (its payment_completed follows on this topic too). Once per purchaseId.
 */
export const PurchasePaymentCreated = defineEvent(
  'payments.purchase_payment_created',
  1,
  z.object({
    purchaseId: z.uuid(),
    organizationId: z.uuid(),
    locationId: z.uuid(),
    paymentId: z.uuid(),
    status: z.enum(['pending', 'completed']),
    totalPaise: z.number().int().min(0),
  }),
);

/** The facts of a member's autopay (a Razorpay subscription renewing a plan) as they are after the change. */
export const AutopayFacts = z.object({
  autopayId: z.uuid(),
  organizationId: z.uuid(),
  locationId: z.uuid(),
  memberId: z.uuid(),
  memberName: z.string(),
  planId: z.uuid(),
  planName: z.string(),
  membershipType: MembershipType,
  periodMonths: z.number().int().min(1),
  /** Each charge, GST included. */
  amountPaise: z.number().int().min(0),
  status: z.enum(['created', 'authenticated', 'active', 'pending', 'halted', 'paused', 'cancelled', 'completed']),
  razorpaySubscriptionId: z.string(),
  /** Charges captured so far; paid-through = start + charges × period (null before the first). */
  charges: z.number().int().min(0),
  paidThrough: z.iso.date().nullable(),
  occurredAt: z.iso.datetime({ offset: true }),
});

/**
 * A member's autopay began, changed status (from Razorpay's webhooks) or was asked to cancel (aggregate = the
 * autopay). Each captured charge is announced as the payment it was recorded as (payment_completed, source `autopay`,
 * sourceId the Razorpay payment id), which renews the membership and is invoiced like any membership payment.
 */
export const AutopayChanged = defineEvent(
  'payments.autopay_changed',
  1,
  AutopayFacts.extend({
    change: z.enum(['started', 'status', 'cancel_requested']),
    /** For `status`: the one before. */
    previousStatus: z.string().nullable(),
  }),
);

/**
 * A charge of a member's autopay failed (subscription.pending; `halted` once Razorpay gave up retrying): for dunning
 * (the member told at once with a way to pay, staff shown it). Once per failed Razorpay payment.
 */
export const AutopayChargeFailed = defineEvent(
  'payments.autopay_charge_failed',
  1,
  AutopayFacts.extend({ razorpayPaymentId: z.string().nullable(), halted: z.boolean() }),
);

/**
 * Pre-debit notice (India's rule for recurring payments): a member's autopay will charge `amountPaise` on `dueDate`.
 * Announced once per charge, a day or two before it, for notifications to tell the member (amount, date, how to
 * cancel) in their language on the channels they allow. `chargeNo` is the charge's number (1 = the first).
 */
export const AutopayChargeDue = defineEvent(
  'payments.autopay_charge_due',
  1,
  AutopayFacts.extend({
    chargeNo: z.number().int().min(1),
    dueDate: z.iso.date(),
    /** As this service knows them from members' events; '' when unknown. */
    email: z.string(),
    phone: z.string(),
    locale: Language.nullable(),
  }),
);
