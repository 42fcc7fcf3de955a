import { z } from 'zod';
import { AnalyticsPeriod, Language, MembershipType, PaymentCategory, PaymentMethod, PaymentStatus, PaymentTypeByCategory } from '../enums.ts';
import { CustomerGstin } from '../gstin.ts';
import { Rupees } from './members.ts';
import { ANY_ROLE, DateWithin, IdParams, IsoDate, IsoDateTime, ok, okMessage, Pagination, Problem, route, Text } from './route.ts';

/**
 * Spec part 2 "Payments" (screens) and §7 Payments (calls), as the payments service answers them.
 *
 * MONEY CONVENTION (one rule for every payments route):
 * - On the wire every amount is a JSON number of RUPEES with at most two decimals (`1999.5` = ₹1,999.50). Request
 *   bodies use `Rupees` (≥ 0, ≤ 1 crore, two decimals at most); replies give rupees the same way, computed as
 *   `paise / 100` from the stored integer, so they never carry float noise beyond two decimals.
 * - `formatted` fields are the en-IN display text of the same amount (`₹1,999.50`), for screens that show it as is.
 * - Inside the service, in storage and in every Kafka event (contracts/src/events/payments.ts) money is INTEGER PAISE
 *   (`amountPaise`, `gstPaise`, `totalPaise`, …). Converting is `Math.round(rupees * 100)` in, `paise / 100` out.
 *
 * Who sees what (decided on the server from the token, never from ids the client sends): owner and admin see the
 * payments of the locations they may manage; a member sees only their own payments (member category, member = self);
 * a trainer sees only payments to themselves (trainer category: salary, commission, …). Another organization's id,
 * or an id the caller may not see, is 404.
 */

export const PaymentType = z.enum([
  ...new Set([...PaymentTypeByCategory.member, ...PaymentTypeByCategory.trainer, ...PaymentTypeByCategory.expense, ...PaymentTypeByCategory.other]),
] as [string, ...string[]]);
export type PaymentType = z.infer<typeof PaymentType>;
type PaymentCategoryValue = z.infer<typeof PaymentCategory>;
/** Membership payment types: these carry a membership type and period, and may start a new term in members. */
export const MEMBERSHIP_PAYMENT_TYPES = ['membership_fee', 'membership_renewal'] as const;
export const isPaymentTypeOf = (category: PaymentCategoryValue, type: string): boolean => (PaymentTypeByCategory[category] as readonly string[]).includes(type);

/** Pending-payment urgency by daysPastDue: > 7 critical, > 3 urgent, > 0 overdue, else due_soon ("Due soon"). */
export const PaymentUrgency = z.enum(['critical', 'urgent', 'overdue', 'due_soon']);
export type PaymentUrgency = z.infer<typeof PaymentUrgency>;
export const urgencyOf = (daysPastDue: number): PaymentUrgency =>
  daysPastDue > 7 ? 'critical' : daysPastDue > 3 ? 'urgent' : daysPastDue > 0 ? 'overdue' : 'due_soon';

/** Where a payment came from: staff recorded it, a members renewal/registration with a fee, an online checkout, the demo seed. */
export const PaymentSource = z.enum(['staff', 'members', 'online', 'seed', 'pos', 'scheduling', 'autopay']);
export type PaymentSource = z.infer<typeof PaymentSource>;

const PersonRef = z.object({ _id: z.uuid(), name: z.string() });
export const MembershipPeriod = z.object({ startDate: IsoDate, endDate: IsoDate });
export const SalaryPeriod = z.object({ month: z.number().int().min(1).max(12), year: z.number().int().min(2000).max(2100) });

/** One step of the payment's life, oldest first (who and when). */
export const PaymentHistoryEntry = z.object({
  action: z.enum(['recorded', 'updated', 'marked_paid', 'captured_online', 'failed', 'refunded', 'cancelled', 'reminder_sent', 'payment_link_created']),
  at: IsoDateTime,
  /** The staff user who did it; null for the system (webhook, members event). */
  by: PersonRef.nullable(),
  /** Rupees: the refund amount of a refund, the amount captured online. */
  amount: z.number().nullable(),
  note: z.string().nullable(),
});
export type PaymentHistoryEntry = z.infer<typeof PaymentHistoryEntry>;

export const Payment = z.object({
  _id: z.uuid(),
  locationId: z.uuid(),
  paymentCategory: PaymentCategory,
  paymentType: PaymentType,
  /** Rupees (see the money convention above). */
  amount: z.number(),
  gstAmount: z.number(),
  /** amount + gstAmount. */
  totalAmount: z.number(),
  /**
   * How gstAmount splits, decided once by the server when the payment was recorded (the date-effective rule of
   * contracts/src/gym-gst.ts and the location's GST settings): the rate in percent, the supply, CGST, SGST and IGST in
   * rupees. The invoice, the exports and the GST report show exactly these. null: money going out (no GST of the
   * gym's), or a payment recorded before the split was kept.
   */
  gstSplit: z
    .object({ ratePercent: z.number(), supply: z.enum(['intra_state', 'inter_state', 'none']), cgst: z.number(), sgst: z.number(), igst: z.number() })
    .nullable()
    .optional(),
  /**
   * Rupees taken off a membership payment by the member's referral credits ("Referral credit"): like a discount, it
   * lowers the taxable value, so `amount` and the GST are already after it. Absent: none.
   */
  referralCredit: z.number().min(0).optional(),
  /** Refunded so far (rupees); 0 when none. */
  refundedAmount: z.number(),
  status: PaymentStatus,
  paymentMethod: PaymentMethod,
  description: z.string(),
  notes: z.string(),
  member: PersonRef.nullable(),
  trainer: PersonRef.nullable(),
  membershipType: MembershipType.nullable(),
  membershipPeriod: MembershipPeriod.nullable(),
  salaryPeriod: SalaryPeriod.nullable(),
  dueDate: IsoDate.nullable(),
  paidAt: IsoDateTime.nullable(),
  source: PaymentSource,
  /** Set once an online (Razorpay) order or link exists for it. */
  razorpay: z.object({ orderId: z.string().nullable(), paymentId: z.string().nullable(), paymentLinkUrl: z.string().nullable() }).nullable(),
  /** The invoice issued for it (filled from payments.invoice_issued), if any. */
  invoice: z.object({ _id: z.uuid(), number: z.string() }).nullable(),
  /** A business customer's GSTIN, name and billing address for a B2B tax invoice; null for a consumer. */
  billing: z.object({ gstin: z.string(), name: z.string(), address: z.string() }).nullable(),
  history: z.array(PaymentHistoryEntry),
  /** true: money captured online after its order expired (the payment was cancelled), refunded automatically in full. */
  refundedAfterExpiry: z.boolean().optional(),
  createdBy: PersonRef.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  version: z.number().int(),
});
export type Payment = z.infer<typeof Payment>;

const StartDate = DateWithin('Start date', '2026-11-01', { yearsBack: 10, yearsAhead: 1 });
const EndDate = DateWithin('End date', '2026-11-30', { yearsBack: 10, yearsAhead: 1 });
const DueDate = DateWithin('Due date', '2026-12-01', { yearsBack: 5, yearsAhead: 1 });
const LocationId = z.uuid({ message: 'Not a valid location' });
const dateRangeOk = (q: { startDate?: string; endDate?: string }): boolean => !q.startDate || !q.endDate || q.endDate >= q.startDate;
const DATE_RANGE_MESSAGE = { message: 'End date must be on or after the start date', path: ['endDate'] };
const Search = Text('Search').trim().max(100, 'Search must be at most 100 characters');
const Notes = Text('Notes', { multiline: true }).trim().max(1000, 'Notes must be at most 1000 characters');
const Description = Text('Description').trim().min(1, 'Description is required').max(200, 'Description must be at most 200 characters');

export const PaymentSortBy = z.enum(['createdAt', 'paidAt', 'dueDate', 'totalAmount', 'status']);
export const PaymentListFilters = z.object({
  status: PaymentStatus.optional(),
  /** Payments created (or, when paid, paid) on or after this local date. */
  startDate: StartDate.optional(),
  endDate: EndDate.optional(),
  member: z.uuid({ message: 'Not a valid member' }).optional(),
  trainer: z.uuid({ message: 'Not a valid trainer' }).optional(),
  category: PaymentCategory.optional(),
  method: PaymentMethod.optional(),
  /** Member or trainer name, description, notes. */
  search: Search.optional(),
  locationId: LocationId.optional(),
});
export type PaymentListFilters = z.infer<typeof PaymentListFilters>;
export const PaymentListQuery = PaymentListFilters.extend({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  sortBy: PaymentSortBy.default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
}).refine(dateRangeOk, DATE_RANGE_MESSAGE);
export type PaymentListQuery = z.infer<typeof PaymentListQuery>;
export const PaymentList = z.object({
  success: z.literal(true),
  data: z.array(Payment),
  totalCount: z.number().int(),
  pagination: Pagination,
  /** Rupees over every matching payment (not just this page): completed total, pending total. */
  summary: z.object({ totalAmount: z.number(), completedAmount: z.number(), pendingAmount: z.number(), refundedAmount: z.number() }),
});

const MemberOrTrainerId = (what: 'member' | 'trainer') => z.uuid({ message: `Please select a ${what}` });
/**
 * Spec "Payment create payload" and "Record Payment" rules. `totalAmount`, when sent, must equal amount + gstAmount
 * (the server computes it anyway).
 *
 * GST is decided by the server, once: for money received (category member or other) `amount` is the value before tax
 * and the GST is the gym-service rate in force on the location's day (contracts/src/gym-gst.ts `gymServiceGst`) where
 * the location is GST-registered, else 0; the gstAmount sent is not used (the form shows a preview from the same rule
 * and sends none). For money going out (trainer, expense) the gstAmount sent is recorded as entered (a supplier's GST).
 */
export const CreatePaymentBody = z
  .object({
    paymentCategory: PaymentCategory,
    paymentType: PaymentType,
    amount: Rupees,
    gstAmount: Rupees.default(0),
    totalAmount: Rupees.optional(),
    paymentMethod: PaymentMethod.default('cash'),
    description: Description,
    notes: Notes.optional(),
    member: MemberOrTrainerId('member').optional(),
    trainer: MemberOrTrainerId('trainer').optional(),
    membershipType: MembershipType.optional(),
    membershipPeriod: z
      .object({
        startDate: DateWithin('Start date', '2026-11-01', { yearsBack: 5, yearsAhead: 1 }),
        endDate: DateWithin('End date', '2026-11-30', { yearsBack: 5, yearsAhead: 3 }),
      })
      .refine((p) => p.endDate >= p.startDate, { message: 'End date must be on or after the start date', path: ['endDate'] })
      .optional(),
    salaryPeriod: z
      .object({
        month: z.number({ message: 'Choose a month' }).int().min(1, 'Choose a month').max(12, 'Choose a month'),
        year: z.number({ message: 'Choose a year' }).int().min(2000, 'Choose a year from 2000').max(2100, 'Choose a year up to 2100'),
      })
      .optional(),
    dueDate: DueDate.optional(),
    /** pending: owed (due date optional); completed (default): the money was received. */
    status: z.enum(['pending', 'completed']).default('completed'),
    /** Default the caller's current location, or the member's / trainer's location. */
    locationId: LocationId.optional(),
    /**
     * A business customer (B2B tax invoice): its GSTIN (checked; its state decides CGST + SGST or IGST), the name
     * to bill and the billing address. Only with a GSTIN.
     */
    billing: z
      .object({
        gstin: CustomerGstin,
        name: Text('Business name').trim().max(120, 'Business name must be at most 120 characters').default(''),
        address: Text('Billing address', { multiline: true })
          .trim()
          .min(1, 'Billing address is required')
          .max(300, 'Billing address must be at most 300 characters'),
      })
      .optional(),
  })
  .refine((b) => isPaymentTypeOf(b.paymentCategory, b.paymentType), { message: 'This payment type does not belong to the category', path: ['paymentType'] })
  .refine((b) => b.paymentCategory !== 'member' || b.member !== undefined, { message: 'Please select a member', path: ['member'] })
  .refine((b) => b.paymentCategory !== 'trainer' || b.trainer !== undefined, { message: 'Please select a trainer', path: ['trainer'] })
  .refine((b) => b.paymentCategory !== 'trainer' || b.salaryPeriod !== undefined, { message: 'Choose the salary month and year', path: ['salaryPeriod'] })
  .refine((b) => b.totalAmount === undefined || Math.round(b.totalAmount * 100) === Math.round(b.amount * 100) + Math.round(b.gstAmount * 100), {
    message: 'Total must equal amount plus GST',
    path: ['totalAmount'],
  });
export type CreatePaymentBody = z.infer<typeof CreatePaymentBody>;

/** Only while pending: every field optional; the category and the member/trainer stay. */
export const UpdatePaymentBody = z.object({
  paymentType: PaymentType.optional(),
  amount: Rupees.optional(),
  gstAmount: Rupees.optional(),
  paymentMethod: PaymentMethod.optional(),
  description: Description.optional(),
  notes: Notes.optional(),
  membershipType: MembershipType.nullable().optional(),
  membershipPeriod: MembershipPeriod.nullable().optional(),
  dueDate: DueDate.nullable().optional(),
  /** Optimistic concurrency: 409 when the payment changed since the editor read it. */
  expectedVersion: z.number().int().min(0).optional(),
});
export type UpdatePaymentBody = z.infer<typeof UpdatePaymentBody>;

export const MarkPaidBody = z.object({
  /** The method the money came by; default the payment's own. */
  paymentMethod: PaymentMethod.optional(),
  /** When it was received; default now. At most 30 days back. */
  paidAt: z.iso
    .datetime({ offset: true, error: 'Choose a date and time' })
    .refine((v) => Date.parse(v) >= Date.now() - 30 * 86_400_000, 'Paid date cannot be more than 30 days ago')
    .refine((v) => Date.parse(v) <= Date.now() + 86_400_000, 'Paid date cannot be in the future')
    .optional(),
  /** A cheque number, UPI reference… */
  reference: Text('Reference').trim().max(100, 'Reference must be at most 100 characters').optional(),
  notes: Notes.optional(),
});
export type MarkPaidBody = z.infer<typeof MarkPaidBody>;

/**
 * A refund of a completed (or partly refunded) payment: `amount` rupees, default everything that remains; more than
 * remains → 400 REFUND_EXCEEDS_REMAINING. Cash and offline methods are recorded as refunded by the original method;
 * Razorpay payments are refunded through Razorpay (the refund completes on refund.processed).
 */
export const RefundBody = z.object({
  amount: Rupees.refine((v) => v > 0, 'Refund amount must be more than 0').optional(),
  reason: Text('Reason').trim().min(1, 'Enter a reason for the refund').max(200, 'Reason must be at most 200 characters'),
});
export type RefundBody = z.infer<typeof RefundBody>;

export const PaymentLocationQuery = z.object({ locationId: LocationId.optional() });
export type PaymentLocationQuery = z.infer<typeof PaymentLocationQuery>;

/** Spec "Payment dashboard". Rupees. */
export const PaymentDashboard = z.object({
  revenue: z.object({
    thisMonth: z.number(),
    lastMonth: z.number(),
    /** Financial year to date (from 1 April). */
    ytd: z.number(),
    /** Percent change of thisMonth against lastMonth (0 when last month had none). */
    growth: z.number(),
  }),
  pendingPayments: z.object({ count: z.number().int(), amount: z.number() }),
  upcomingRenewals: z.object({
    count: z.number().int(),
    members: z.array(z.object({ memberId: z.uuid(), memberName: z.string(), membershipType: MembershipType, expiryDate: IsoDate, amount: z.number() })),
  }),
  trainerSalaries: z.object({
    /** Active trainers this month. */
    total: z.number().int(),
    paid: z.number().int(),
    pending: z.number().int(),
    paidAmount: z.number(),
    pendingAmount: z.number(),
  }),
  quickStats: z.object({ avgRevenuePerMember: z.number(), totalActiveMembers: z.number().int(), mostPopularMembershipType: MembershipType.nullable() }),
});
export type PaymentDashboard = z.infer<typeof PaymentDashboard>;

export const AnalyticsQuery = z
  .object({ period: AnalyticsPeriod.default('month'), startDate: StartDate.optional(), endDate: EndDate.optional(), locationId: LocationId.optional() })
  .refine((q) => q.period !== 'custom' || (q.startDate !== undefined && q.endDate !== undefined), {
    message: 'Choose a start and an end date',
    path: ['startDate'],
  })
  .refine(dateRangeOk, DATE_RANGE_MESSAGE);
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;
/** Spec "Payment analytics". Rupees; `formatted` = en-IN text of the amount. */
export const PaymentAnalytics = z.object({
  period: z.object({ start: IsoDate, end: IsoDate, type: AnalyticsPeriod }),
  revenue: z.object({
    /** Completed payments received in the period (gross, before refunds). */
    total: z.number(),
    /** total − refunds. */
    net: z.number(),
    refunds: z.number(),
    transactions: z.number().int(),
    formatted: z.object({ total: z.string(), net: z.string(), refunds: z.string() }),
  }),
  paymentMethods: z.array(z.object({ _id: PaymentMethod, totalAmount: z.number(), count: z.number().int(), formatted: z.string() })),
  membershipTypes: z.array(z.object({ _id: MembershipType, totalRevenue: z.number(), count: z.number().int(), formatted: z.string() })),
  /** The last 30 days up to the period's end, one entry per local day (zeros included); the screen shows the last 15. */
  dailyTrend: z.array(z.object({ date: IsoDate, revenue: z.number(), transactions: z.number().int(), formatted: z.string() })),
});
export type PaymentAnalytics = z.infer<typeof PaymentAnalytics>;

/** Spec "Pending payment" plus what the list needs to act on it. Rupees. */
export const PendingPayment = z.object({
  _id: z.uuid(),
  memberId: z.uuid().nullable(),
  memberName: z.string(),
  totalAmount: z.number(),
  membershipType: MembershipType.nullable(),
  /** Days from the due date to today (location calendar); 0 or less when not yet due; 0 without a due date. */
  daysPastDue: z.number().int(),
  urgency: PaymentUrgency,
  dueDate: IsoDate.nullable(),
  description: z.string(),
  /** When the member was last reminded; null when never. */
  lastReminderAt: IsoDateTime.nullable(),
});
export type PendingPayment = z.infer<typeof PendingPayment>;
export const PendingQuery = z.object({
  locationId: LocationId.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type PendingQuery = z.infer<typeof PendingQuery>;
export const PendingList = z.object({ success: z.literal(true), data: z.array(PendingPayment), totalCount: z.number().int(), pagination: Pagination });

export const RenewalsQuery = z.object({
  days: z.coerce.number().int().min(1, 'Days must be between 1 and 365').max(365, 'Days must be between 1 and 365').default(30),
  locationId: LocationId.optional(),
});
export type RenewalsQuery = z.infer<typeof RenewalsQuery>;
/** A membership ending within `days` (from members' events), soonest first. Rupees. */
export const Renewal = z.object({
  memberId: z.uuid(),
  memberName: z.string(),
  membershipType: MembershipType,
  expiryDate: IsoDate,
  daysLeft: z.number().int(),
  /** The current term's fee. */
  amount: z.number(),
  /** A pending renewal payment already recorded for the next term. */
  pendingPaymentId: z.uuid().nullable(),
});
export type Renewal = z.infer<typeof Renewal>;

export const PersonPaymentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PersonPaymentsQuery = z.infer<typeof PersonPaymentsQuery>;
export const PersonPayments = z.object({
  success: z.literal(true),
  data: z.array(Payment),
  totalCount: z.number().int(),
  pagination: Pagination,
  /** Rupees: paid (completed, net of refunds) and still pending. */
  summary: z.object({ totalPaid: z.number(), totalPending: z.number(), lastPaymentAt: IsoDateTime.nullable() }),
});

/**
 * POST /payments/member/{id}/membership: a membership payment for the member's next (or a given) term. Without
 * startDate the term starts the day after the current one ends (or today when expired); the end date follows the
 * frequency. A completed one becomes a new term in members (payments.payment_completed).
 */
export const MemberMembershipBody = z.object({
  membershipType: MembershipType,
  paymentFrequency: z.enum(['monthly', 'quarterly', 'annually']),
  amount: Rupees,
  paymentMethod: PaymentMethod.default('cash'),
  startDate: DateWithin('Start date', '2026-11-01', { yearsBack: 5, yearsAhead: 1 }).optional(),
  status: z.enum(['pending', 'completed']).default('completed'),
  dueDate: DueDate.optional(),
  notes: Notes.optional(),
});
export type MemberMembershipBody = z.infer<typeof MemberMembershipBody>;

/** POST /payments/trainer/{id}/salary: once per trainer per month (409 SALARY_ALREADY_PAID). */
export const TrainerSalaryBody = z.object({
  month: z.number({ message: 'Choose a month' }).int().min(1, 'Choose a month').max(12, 'Choose a month'),
  year: z.number({ message: 'Choose a year' }).int().min(2000, 'Choose a year from 2000').max(2100, 'Choose a year up to 2100'),
  amount: Rupees,
  paymentType: z.enum(['salary', 'commission', 'bonus', 'incentive']).default('salary'),
  paymentMethod: PaymentMethod.default('netbanking'),
  status: z.enum(['pending', 'completed']).default('completed'),
  notes: Notes.optional(),
});
export type TrainerSalaryBody = z.infer<typeof TrainerSalaryBody>;

export const SalariesQuery = z.object({
  month: z.coerce.number().int().min(1, 'Choose a month').max(12, 'Choose a month').optional(),
  year: z.coerce.number().int().min(2000, 'Choose a year from 2000').max(2100, 'Choose a year up to 2100').optional(),
  locationId: LocationId.optional(),
});
export type SalariesQuery = z.infer<typeof SalariesQuery>;
/** Trainer Salaries page: every active trainer of the month (default the current month) and their salary state. Rupees. */
export const TrainerSalaryRow = z.object({
  trainerId: z.uuid(),
  trainerName: z.string(),
  locationId: z.uuid(),
  month: z.number().int(),
  year: z.number().int(),
  status: z.enum(['paid', 'pending', 'unpaid']),
  /** Salary (type salary) of the month, 0 when none recorded. */
  salaryAmount: z.number(),
  /** Everything paid to the trainer in the month (salary, commission, bonus, incentive). */
  totalPaid: z.number(),
  paymentId: z.uuid().nullable(),
});
export type TrainerSalaryRow = z.infer<typeof TrainerSalaryRow>;

/** CSV (a spreadsheet) or JSON (Settings → Data management asks for either); the same columns, amounts in rupees. */
export const PaymentExportQuery = PaymentListFilters.extend({ format: z.enum(['csv', 'json']).default('csv') }).refine(dateRangeOk, DATE_RANGE_MESSAGE);
export type PaymentExportQuery = z.infer<typeof PaymentExportQuery>;

export const ReportsQuery = z
  .object({ startDate: StartDate.optional(), endDate: EndDate.optional(), locationId: LocationId.optional() })
  .refine(dateRangeOk, DATE_RANGE_MESSAGE);
export type ReportsQuery = z.infer<typeof ReportsQuery>;
/** Payment Reports (default: the current financial year to today). Rupees; months are 'YYYY-MM' in the location's calendar. */
export const PaymentReports = z.object({
  startDate: IsoDate,
  endDate: IsoDate,
  monthlyCollections: z.array(z.object({ month: z.string(), collected: z.number(), refunded: z.number(), net: z.number(), transactions: z.number().int() })),
  byMethod: z.array(z.object({ method: PaymentMethod, amount: z.number(), count: z.number().int() })),
  byType: z.array(z.object({ category: PaymentCategory, paymentType: PaymentType, amount: z.number(), count: z.number().int() })),
  /** Pending payments now, by age of the due date. */
  outstanding: z.object({
    count: z.number().int(),
    amount: z.number(),
    buckets: z.array(z.object({ bucket: z.enum(['not_due', '1_30', '31_60', '61_90', 'over_90']), count: z.number().int(), amount: z.number() })),
  }),
  /** For GST filing, from the issued invoices (credit notes subtract): per GSTIN (null = unregistered locations, bills of supply) per month. */
  gstSummary: z.array(
    z.object({
      gstin: z.string().nullable(),
      month: z.string(),
      taxableValue: z.number(),
      cgst: z.number(),
      sgst: z.number(),
      igst: z.number(),
      totalTax: z.number(),
      invoices: z.number().int(),
      creditNotes: z.number().int(),
    }),
  ),
  /**
   * The same invoices per GSTIN per place of supply (state) over the period: intra_state (CGST + SGST), inter_state
   * (IGST; a business customer in another state), none (bills of supply of unregistered locations).
   */
  gstByState: z.array(
    z.object({
      gstin: z.string().nullable(),
      placeOfSupply: z.object({ stateCode: z.string(), stateName: z.string() }),
      supply: z.enum(['intra_state', 'inter_state', 'none']),
      taxableValue: z.number(),
      cgst: z.number(),
      sgst: z.number(),
      igst: z.number(),
      totalTax: z.number(),
      invoices: z.number().int(),
      creditNotes: z.number().int(),
    }),
  ),
});
export type PaymentReports = z.infer<typeof PaymentReports>;

/** A reminder recorded and handed to notifications (payments.payment_reminder_requested). At most one per member per day. */
export const PaymentReminder = z.object({
  _id: z.uuid(),
  paymentId: z.uuid(),
  memberId: z.uuid(),
  sentAt: IsoDateTime,
  paymentLinkUrl: z.string().nullable(),
});
export type PaymentReminder = z.infer<typeof PaymentReminder>;
export const RemindBody = z.object({ message: Text('Message', { multiline: true }).trim().max(500, 'Message must be at most 500 characters').optional() });
export type RemindBody = z.infer<typeof RemindBody>;

/** A Razorpay payment link (UPI included) for a pending payment; the same link is answered again while it is open. */
export const PaymentLink = z.object({ paymentId: z.uuid(), url: z.string(), razorpayLinkId: z.string(), expiresAt: IsoDateTime.nullable() });
export type PaymentLink = z.infer<typeof PaymentLink>;

// ── Razorpay ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Opens a Razorpay order for a pending payment (staff, or the member for their own: "Pay now"). The browser loads
 * `checkoutScriptUrl` and opens Checkout with keyId and orderId. `amount` is in PAISE here (Razorpay's own unit, as
 * Checkout wants it); `amountRupees` is the same in rupees for display.
 */
export const CreateOrderBody = z.object({ paymentId: z.uuid({ message: 'Not a valid payment' }) });
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;
export const RazorpayOrder = z.object({
  keyId: z.string(),
  orderId: z.string(),
  amount: z.number().int(),
  amountRupees: z.number(),
  currency: z.literal('INR'),
  checkoutScriptUrl: z.string(),
  paymentId: z.uuid(),
  /** Prefill for Checkout. */
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});
export type RazorpayOrder = z.infer<typeof RazorpayOrder>;
/** Checkout's handler response as Razorpay names it. The signature is checked on the order id we stored. */
export const VerifyBody = z.object({
  razorpay_order_id: Text('Order id').trim().min(1, 'Order id is required').max(100, 'Order id is too long'),
  razorpay_payment_id: Text('Payment id').trim().min(1, 'Payment id is required').max(100, 'Payment id is too long'),
  razorpay_signature: Text('Signature').trim().min(1, 'Signature is required').max(200, 'Signature is too long'),
});
export type VerifyBody = z.infer<typeof VerifyBody>;
/** Razorpay's webhook body (only the fields read; the HMAC is of the raw bytes). */
/** Razorpay's event names are dotted lower-case words; any such name is accepted (and an unknown one ignored, so Razorpay never retries it). */
export const RazorpayWebhookBody = z
  .object({ event: z.string().regex(/^[a-z][a-z0-9_.]{0,63}$/, 'Not a Razorpay event name'), payload: z.record(z.string(), z.unknown()) })
  .loose();
export const RazorpayStatus = z.object({
  /** Keys are configured for the organization: online options are shown. */
  enabled: z.boolean(),
  keyId: z.string().nullable(),
});
export type RazorpayStatus = z.infer<typeof RazorpayStatus>;
/** Integrations (owner only). Secrets are never answered: only whether they are set and their last 4 characters. */
export const RazorpayIntegration = z.object({
  configured: z.boolean(),
  keyId: z.string().nullable(),
  keySecretLast4: z.string().nullable(),
  webhookSecretSet: z.boolean(),
  /** Where to point Razorpay's webhook (the gateway's public URL). */
  webhookUrl: z.string(),
  updatedAt: IsoDateTime.nullable(),
});
export type RazorpayIntegration = z.infer<typeof RazorpayIntegration>;
const Secret = (label: string) => Text(label).trim().min(8, `${label} must be at least 8 characters`).max(200, `${label} must be at most 200 characters`);
export const PutRazorpayIntegrationBody = z.object({
  keyId: Text('Key id')
    .trim()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, 'Key id looks like rzp_test_… or rzp_live_…'),
  /** Omit to keep the stored one. */
  keySecret: Secret('Key secret').optional(),
  /**
   * The secret entered for the webhook in Razorpay's dashboard: Razorpay signs every webhook with it. Required the
   * first time (400 "Enter the webhook secret you set in Razorpay" otherwise); omit later to keep the stored one.
   * Online payments are on only once it is set, so a payment by link is never left pending for want of it.
   */
  webhookSecret: Secret('Webhook secret').optional(),
});
export type PutRazorpayIntegrationBody = z.infer<typeof PutRazorpayIntegrationBody>;

// ── Invoices and tax settings (built by the invoices part of the service) ─────────────────────────────────────────

/** receipt: a plain receipt (not a tax document) of a payment at a location without GST settings, in its own series. */
export const InvoiceKind = z.enum(['tax_invoice', 'bill_of_supply', 'credit_note', 'receipt']);
export type InvoiceKind = z.infer<typeof InvoiceKind>;
/** 15-character GSTIN: 2-digit state code, PAN, entity number, Z, check character. */
export const Gstin = Text('GSTIN')
  .trim()
  .toUpperCase()
  .regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'GSTIN must be 15 characters such as 27AAPFU0939F1ZV');
/** GST state code '01'–'38' (97 = other territory). */
export const StateCode = z.string().regex(/^(0[1-9]|[1-3][0-9]|97)$/, 'Choose a state');
export const InvoiceLine = z.object({
  description: z.string(),
  /** SAC for services (999723 gym), HSN for goods. */
  sacOrHsn: z.string(),
  quantity: z.number(),
  /** Rupees. */
  taxableValue: z.number(),
  /** Percent, e.g. 18 or 5; 0 on a bill of supply. */
  gstRate: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;
export const Invoice = z.object({
  _id: z.uuid(),
  kind: InvoiceKind,
  /** e.g. PUN/26-27/000123: the GSTIN's own gap-free series per financial year. */
  number: z.string(),
  issueDate: IsoDate,
  /** '2026-27'. */
  financialYear: z.string(),
  paymentId: z.uuid(),
  locationId: z.uuid(),
  /** A credit note's original invoice. */
  originalInvoice: z.object({ _id: z.uuid(), number: z.string() }).nullable(),
  supplier: z.object({ legalName: z.string(), address: z.string(), gstin: z.string().nullable(), stateCode: z.string() }),
  recipient: z.object({ memberId: z.uuid().nullable(), name: z.string(), gstin: z.string().nullable(), address: z.string().nullable() }),
  placeOfSupply: z.object({ stateCode: z.string(), stateName: z.string() }),
  lines: z.array(InvoiceLine),
  /** Rupees. */
  taxableValue: z.number(),
  cgstAmount: z.number(),
  sgstAmount: z.number(),
  igstAmount: z.number(),
  totalTax: z.number(),
  totalAmount: z.number(),
  /** Rupees of the member's referral credit taken off before tax ("Referral credit"): the taxable value is after it. */
  referralCredit: z.number().min(0).optional(),
  amountInWords: z.string(),
  language: z.enum(['en', 'en_hi']),
  sentAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type Invoice = z.infer<typeof Invoice>;
export const CreateInvoiceBody = z.object({ paymentId: z.uuid({ message: 'Not a valid payment' }) });
export type CreateInvoiceBody = z.infer<typeof CreateInvoiceBody>;
export const InvoiceListQuery = z
  .object({
    /** Invoice number, member name. */
    search: Search.optional(),
    kind: InvoiceKind.optional(),
    memberId: z.uuid({ message: 'Not a valid member' }).optional(),
    startDate: StartDate.optional(),
    endDate: EndDate.optional(),
    locationId: LocationId.optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine(dateRangeOk, DATE_RANGE_MESSAGE);
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;
export const InvoiceList = z.object({ success: z.literal(true), data: z.array(Invoice), totalCount: z.number().int(), pagination: Pagination });
export const InvoiceDownloadQuery = z.object({ lang: z.enum(['en', 'hi']).optional() });
export const SendInvoiceBody = z.object({
  /** Default the member's email. */
  email: Text('Email')
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid email' }))
    .optional(),
});
export type SendInvoiceBody = z.infer<typeof SendInvoiceBody>;

export const LocationTaxSettings = z.object({
  locationId: z.uuid(),
  gstRegistered: z.boolean(),
  gstin: z.string().nullable(),
  /** The state where the service is performed (place of supply). */
  stateCode: z.string(),
  legalName: z.string(),
  address: z.string(),
  /** Series prefix of the location's GSTIN (e.g. PUN). */
  invoicePrefix: z.string(),
});
export type LocationTaxSettings = z.infer<typeof LocationTaxSettings>;
export const TaxSettings = z.object({
  /** SAC of gym and fitness services; default 999723. */
  sacCode: z.string(),
  /** Invoices in English and Hindi when true (a member's own preference also counts). */
  hindiInvoices: z.boolean(),
  locations: z.array(LocationTaxSettings),
});
export type TaxSettings = z.infer<typeof TaxSettings>;
export const PutLocationTaxSettings = z
  .object({
    locationId: LocationId,
    gstRegistered: z.boolean(),
    gstin: Gstin.nullable().optional(),
    stateCode: StateCode,
    legalName: Text('Legal name').trim().min(1, 'Legal name is required').max(120, 'Legal name must be at most 120 characters'),
    address: Text('Address', { multiline: true }).trim().min(1, 'Address is required').max(300, 'Address must be at most 300 characters'),
    invoicePrefix: Text('Invoice prefix')
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,4}$/, 'Invoice prefix is 1 to 4 letters or digits'),
  })
  .refine((l) => !l.gstRegistered || (l.gstin !== undefined && l.gstin !== null), { message: 'Enter the GSTIN of a registered location', path: ['gstin'] })
  .refine((l) => !l.gstin || l.gstin.slice(0, 2) === l.stateCode, { message: "The GSTIN's first two digits must be the state code", path: ['gstin'] });
export type PutLocationTaxSettings = z.infer<typeof PutLocationTaxSettings>;
export const PutTaxSettingsBody = z.object({
  sacCode: z
    .string()
    .regex(/^[0-9]{4,8}$/, 'SAC code is 4 to 8 digits')
    .default('999723'),
  hindiInvoices: z.boolean().default(false),
  locations: z.array(PutLocationTaxSettings).max(100),
});
export type PutTaxSettingsBody = z.infer<typeof PutTaxSettingsBody>;

export const InvoiceLanguage = Language;

const STAFF = ['owner', 'admin'] as const;
const STAFF_TRAINER = ['owner', 'admin', 'trainer'] as const;
const STAFF_MEMBER = ['owner', 'admin', 'member'] as const;
const SCOPED_READ = ANY_ROLE;

export const paymentsRoutes = {
  list: route({
    method: 'GET',
    path: '/payments',
    query: PaymentListQuery,
    responses: { 200: PaymentList, 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: SCOPED_READ,
    apiScope: { area: 'payments', access: 'read' },
    summary: 'Payments, filtered, sorted and paged (default 20, newest first); a member gets only their own, a trainer only payments to them.',
  }),
  overview: route({
    method: 'GET',
    path: '/payments/dashboard/overview',
    query: PaymentLocationQuery,
    responses: { 200: ok(PaymentDashboard), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'The Payment Dashboard: revenue, pending payments, upcoming renewals, trainer salaries and quick stats.',
  }),
  analytics: route({
    method: 'GET',
    path: '/payments/analytics',
    query: AnalyticsQuery,
    responses: { 200: ok(PaymentAnalytics), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'reports', access: 'read' },
    summary: 'Revenue, refunds, methods, membership types and the 30-day trend for a period (day, week, month, year or custom).',
  }),
  pending: route({
    method: 'GET',
    path: '/payments/pending',
    query: PendingQuery,
    responses: { 200: PendingList, 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'payments', access: 'read' },
    summary: 'Pending member payments, most overdue first, with daysPastDue and urgency.',
  }),
  renewals: route({
    method: 'GET',
    path: '/payments/renewals',
    query: RenewalsQuery,
    responses: { 200: ok(z.array(Renewal)), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Memberships ending within the next `days` (default 30), soonest first.',
  }),
  salaries: route({
    method: 'GET',
    path: '/payments/salaries',
    query: SalariesQuery,
    responses: { 200: ok(z.array(TrainerSalaryRow)), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: "Every active trainer's salary state for a month (default the current one).",
  }),
  export: route({
    method: 'GET',
    path: '/payments/export',
    query: PaymentExportQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    // A member exports their own payments (Settings → Data management, DPDP access): the usual scope applies.
    roles: STAFF_MEMBER,
    summary: 'The filtered payments as a CSV or JSON file download, streamed (a member: their own payments).',
    description:
      'format=csv (default): text/csv; charset=utf-8, attachment; filename="payments-<start>-<end>.csv"; format=json: application/json, a JSON array, filename "payments-<start>-<end>.json". Amounts in rupees; the GST columns are the figures stored on each payment.',
  }),
  reports: route({
    method: 'GET',
    path: '/payments/reports',
    query: ReportsQuery,
    responses: { 200: ok(PaymentReports), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'reports', access: 'read' },
    summary: 'Monthly collections, by method, by type, outstanding dues and the GST summary per GSTIN per month.',
  }),
  memberPayments: route({
    method: 'GET',
    path: '/payments/member/:id',
    params: IdParams,
    query: PersonPaymentsQuery,
    responses: { 200: PersonPayments, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ['owner', 'admin', 'trainer', 'member'],
    summary: "A member's payments, newest first. A member may read only their own; a trainer only their clients'.",
  }),
  memberMembership: route({
    method: 'POST',
    path: '/payments/member/:id/membership',
    params: IdParams,
    body: MemberMembershipBody,
    responses: { 201: ok(Payment), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: "Records a membership payment for the member's next term; once completed, members starts that term.",
  }),
  trainerPayments: route({
    method: 'GET',
    path: '/payments/trainer/:id',
    params: IdParams,
    query: PersonPaymentsQuery,
    responses: { 200: PersonPayments, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF_TRAINER,
    summary: 'Payments to a trainer (salary, commission, bonus, incentive). A trainer may read only their own.',
  }),
  trainerSalary: route({
    method: 'POST',
    path: '/payments/trainer/:id/salary',
    params: IdParams,
    body: TrainerSalaryBody,
    responses: { 201: ok(Payment), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: "Records a trainer's salary for a month; a second salary for the same month is refused (409).",
  }),
  razorpayStatus: route({
    method: 'GET',
    path: '/payments/razorpay/status',
    responses: { 200: ok(RazorpayStatus), 401: Problem, 403: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Whether online payments are available for the organization (its Razorpay keys are set).',
  }),
  razorpayCreateOrder: route({
    method: 'POST',
    path: '/payments/razorpay/create-order',
    body: CreateOrderBody,
    responses: { 201: ok(RazorpayOrder), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem, 502: Problem },
    auth: true,
    roles: STAFF_MEMBER,
    summary: 'Opens a Razorpay order for a pending payment (a member for their own); answers what Checkout needs.',
    description: '409 RAZORPAY_NOT_CONFIGURED without keys, 409 PAYMENT_NOT_PENDING when already paid; 502 RAZORPAY_ERROR when Razorpay fails.',
  }),
  razorpayVerify: route({
    method: 'POST',
    path: '/payments/razorpay/verify',
    body: VerifyBody,
    responses: { 200: ok(Payment), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF_MEMBER,
    description: '409 CONFLICT when the Razorpay payment id is recorded on another payment already (one payment per Razorpay payment).',
    summary: "Checks Checkout's payment signature on the stored order and marks the payment captured (once, whatever the webhook did).",
  }),
  razorpayWebhook: route({
    method: 'POST',
    path: '/payments/razorpay/webhook',
    body: RazorpayWebhookBody,
    responses: { 200: okMessage, 400: Problem },
    auth: false,
    summary: "Razorpay's webhook (payments, refunds, payment links, subscription.* for autopay): the raw body's HMAC checked, de-duplicated by event id.",
    description: 'Headers x-razorpay-signature and x-razorpay-event-id. Answers at once; the work is done through the outbox. A bad signature is 400.',
  }),
  razorpayIntegration: route({
    method: 'GET',
    path: '/payments/integrations/razorpay',
    responses: { 200: ok(RazorpayIntegration), 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner'],
    summary: "The organization's Razorpay keys as set (secrets shown only by their last 4 characters).",
  }),
  putRazorpayIntegration: route({
    method: 'PUT',
    path: '/payments/integrations/razorpay',
    body: PutRazorpayIntegrationBody,
    responses: { 200: ok(RazorpayIntegration), 400: Problem, 401: Problem, 402: Problem, 403: Problem },
    auth: true,
    roles: ['owner'],
    summary: "Stores the organization's Razorpay keys, encrypted; the answer never carries the secrets.",
  }),
  createInvoice: route({
    method: 'POST',
    path: '/payments/invoices',
    body: CreateInvoiceBody,
    responses: { 201: ok(Invoice), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'payments', access: 'write' },
    summary: 'Issues the tax invoice (or bill of supply) of a completed payment; the same invoice again if it exists.',
  }),
  listInvoices: route({
    method: 'GET',
    path: '/payments/invoices',
    query: InvoiceListQuery,
    responses: { 200: InvoiceList, 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF_MEMBER,
    apiScope: { area: 'payments', access: 'read' },
    summary: 'Invoices, bills of supply and credit notes, newest first, with search and paging; a member gets only their own.',
  }),
  taxSettings: route({
    method: 'GET',
    path: '/payments/tax-settings',
    responses: { 200: ok(TaxSettings), 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: "The organization's SAC code and each location's GST registration, GSTIN, state, legal name and address.",
  }),
  putTaxSettings: route({
    method: 'PUT',
    path: '/payments/tax-settings',
    body: PutTaxSettingsBody,
    responses: { 200: ok(TaxSettings), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ['owner'],
    summary: 'Sets the SAC code and the GST details of the locations listed (owner only).',
  }),
  getInvoice: route({
    method: 'GET',
    path: '/payments/invoices/:id',
    params: IdParams,
    responses: { 200: ok(Invoice), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF_MEMBER,
    apiScope: { area: 'payments', access: 'read' },
    summary: 'One invoice or credit note. A member may read only their own.',
  }),
  downloadInvoice: route({
    method: 'GET',
    path: '/payments/invoices/:id/download',
    params: IdParams,
    query: InvoiceDownloadQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF_MEMBER,
    summary: 'The invoice as a PDF (application/pdf, attachment "<number>.pdf"); bilingual when Hindi is preferred.',
  }),
  sendInvoice: route({
    method: 'POST',
    path: '/payments/invoices/:id/send',
    params: IdParams,
    body: SendInvoiceBody,
    responses: { 200: okMessage, 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Emails the invoice PDF to the member (or the address given), through notifications.',
  }),
  get: route({
    method: 'GET',
    path: '/payments/:id',
    params: IdParams,
    responses: { 200: ok(Payment), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: SCOPED_READ,
    apiScope: { area: 'payments', access: 'read' },
    summary: 'One payment with its history. A member may read only their own; a trainer only payments to them.',
  }),
  create: route({
    method: 'POST',
    path: '/payments',
    body: CreatePaymentBody,
    responses: { 201: ok(Payment), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'payments', access: 'write' },
    summary: 'Records a payment (Record New Payment): completed by default, or pending with a due date.',
    description: 'GST of a membership payment at a GST-registered location is computed by the server. A trainer salary twice in one month is 409.',
  }),
  update: route({
    method: 'PUT',
    path: '/payments/:id',
    params: IdParams,
    body: UpdatePaymentBody,
    responses: { 200: ok(Payment), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Changes a pending payment; any other status is 409 PAYMENT_NOT_PENDING.',
  }),
  delete: route({
    method: 'DELETE',
    path: '/payments/:id',
    params: IdParams,
    responses: { 200: okMessage, 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Deletes (cancels) a pending payment; a completed payment is refunded, not deleted (409).',
  }),
  markPaid: route({
    method: 'POST',
    path: '/payments/:id/mark-paid',
    params: IdParams,
    body: MarkPaidBody,
    responses: { 200: ok(Payment), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'payments', access: 'write' },
    summary: 'Marks a pending payment as received; a second time is 409 PAYMENT_ALREADY_PAID.',
  }),
  refund: route({
    method: 'POST',
    path: '/payments/:id/refund',
    params: IdParams,
    body: RefundBody,
    responses: { 200: ok(Payment), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem, 502: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Refunds all or part of what remains of a completed payment (to the original method, or through Razorpay).',
  }),
  remind: route({
    method: 'POST',
    path: '/payments/:id/remind',
    params: IdParams,
    body: RemindBody,
    responses: { 201: ok(PaymentReminder), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem, 429: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Sends the member a reminder of a pending payment (email, WhatsApp when configured) with a payment link.',
    description: 'At most one reminder per member per day: another is 429 REMINDER_ALREADY_SENT. Delivered by notifications.',
  }),
  paymentLink: route({
    method: 'POST',
    path: '/payments/:id/payment-link',
    params: IdParams,
    responses: { 201: ok(PaymentLink), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem, 502: Problem },
    auth: true,
    roles: STAFF_MEMBER,
    summary: 'A Razorpay payment link (UPI included) for a pending payment; a member for their own.',
  }),
} as const;
