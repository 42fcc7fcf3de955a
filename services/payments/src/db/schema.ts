import type {
  GstSplit,
  Language,
  MembershipType,
  PaymentCategory,
  PaymentFrequency,
  PaymentMethod,
  PaymentSource,
  PaymentStatus,
  PaymentType,
  TallyLedgers,
} from '@akhada/contracts';
import type { KitTables } from '@akhada/kit';
import type { ColumnType, Generated } from 'kysely';
import type { z } from 'zod';

type Category = z.infer<typeof PaymentCategory>;
type Status = z.infer<typeof PaymentStatus>;

/**
 * The payments read table: one row per payment, projected inline from the payment streams (event-sourced). Money is
 * integer paise; dates 'YYYY-MM-DD' strings (the kit reads `date` columns as strings).
 */
export interface PaymentsTable {
  id: string;
  org_id: string;
  location_id: string;
  category: Category;
  type: PaymentType;
  status: Status;
  member_id: string | null;
  trainer_id: string | null;
  /** Copied at record time from this service's directory (members/trainers events); kept for lists and search. */
  member_name: string;
  trainer_name: string;
  amount_paise: number;
  gst_paise: number;
  total_paise: number;
  refunded_paise: number;
  method: PaymentMethod;
  description: string;
  notes: string;
  membership_type: MembershipType | null;
  period_start: string | null;
  period_end: string | null;
  payment_frequency: PaymentFrequency | null;
  salary_month: number | null;
  salary_year: number | null;
  due_date: string | null;
  paid_at: Date | null;
  source: PaymentSource;
  /** De-dup key of the source (members event / term id); unique per org when set. */
  source_id: string | null;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  razorpay_link_id: string | null;
  razorpay_link_url: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  /** A business customer's GSTIN, name and billing address (B2B); null for a consumer. jsonb. */
  billing: PaymentBilling | null;
  /**
   * The GST split decided once when the payment was recorded (or its amount changed): rate, supply, CGST, SGST, IGST
   * in paise (jsonb). The invoice, the exports and the reports read it; null on payments recorded before it existed.
   */
  gst_split: GstSplit | null;
  /** Paise of referral credit taken off a membership payment (0: none): amount_paise is after it. */
  referral_credit_paise: number;
  /** The payment's history as the API shows it (PaymentHistoryEntry[] with paise amounts). */
  history: unknown;
  created_by_id: string | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  /** Stream version this row reflects. */
  version: number;
  // search_text (generated: member/trainer name, description, notes, lowercase) is read through sql`search_text`.
}

/** A B2B customer of a payment (its GSTIN's state decides CGST + SGST or IGST on the invoice). */
export interface PaymentBilling {
  gstin: string;
  name: string;
  address: string;
}

/** Refunds of a payment (one row per refund, paise). A Razorpay refund is `pending` until refund.processed. */
export interface RefundsTable {
  id: string;
  org_id: string;
  payment_id: string;
  amount_paise: number;
  reason: string;
  status: 'pending' | 'processed';
  razorpay_refund_id: string | null;
  created_by_id: string | null;
  created_at: Date;
}

/** Reminders sent: at most one per member per local day (unique org, member, day). */
export interface RemindersTable {
  id: string;
  org_id: string;
  payment_id: string;
  member_id: string;
  day: string;
  sent_at: Date;
  sent_by_id: string | null;
  payment_link_url: string | null;
}

/** Members as this service knows them from the members service's events (names, contact, current term). */
export interface PayMembersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  membership_type: MembershipType;
  payment_frequency: PaymentFrequency;
  fee_paise: number;
  start_date: string;
  end_date: string;
  /** active, pending, frozen, expired, cancelled, archived (members' status words). */
  status: string;
  trainer_id: string | null;
  locale: Language | null;
  updated_at: Date;
}

/** Trainers as this service knows them from the trainers service's events. */
export interface PayTrainersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  hourly_rate_paise: number;
  status: string;
  updated_at: Date;
}

/** Razorpay keys per organization, the secrets AES-256-GCM encrypted with PAYMENTS_SECRET_KEY (iv:tag:cipher, base64). */
export interface RazorpayKeysTable {
  org_id: string;
  key_id: string;
  key_secret_enc: string;
  key_secret_last4: string;
  webhook_secret_enc: string | null;
  updated_by_id: string;
  updated_at: Date;
}

/** Razorpay orders we opened: the order id → payment and organization (verify and webhooks look it up here). */
export interface RazorpayOrdersTable {
  order_id: string;
  org_id: string;
  payment_id: string;
  amount_paise: number;
  /** A payment link's id when the order came from a link. */
  link_id: string | null;
  created_at: Date;
}

/** Webhook deliveries seen, by x-razorpay-event-id, kept at least 30 days (de-dup). */
export interface RazorpayWebhookEventsTable {
  event_id: string;
  event: string;
  org_id: string | null;
  received_at: Date;
}

export interface PaymentsDb extends KitTables {
  payments: PaymentsTable;
  refunds: RefundsTable;
  reminders: RemindersTable;
  pay_members: PayMembersTable;
  pay_trainers: PayTrainersTable;
  razorpay_keys: RazorpayKeysTable;
  razorpay_orders: RazorpayOrdersTable;
  razorpay_webhook_events: RazorpayWebhookEventsTable;
  tax_org_settings: TaxOrgSettingsTable;
  tax_location_settings: TaxLocationSettingsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  subscription_orders: SubscriptionOrdersTable;
  subscription_invoice_counters: SubscriptionInvoiceCountersTable;
  razorpay_payment_conflicts: RazorpayPaymentConflictsTable;
  purchase_refunds: PurchaseRefundsTable;
  pay_plans: PayPlansTable;
  autopay_plans: AutopayPlansTable;
  autopay_subscriptions: AutopaySubscriptionsTable;
  autopay_actions: AutopayActionsTable;
  autopay_notices: AutopayNoticesTable;
  tally_ledgers: TallyLedgersTable;
  referral_credits: ReferralCreditsTable;
  referral_credit_uses: ReferralCreditUsesTable;
}

/** A credit a member's referral earned (members.referral_credit_granted), spent on their next membership payments. */
export interface ReferralCreditsTable {
  lead_id: string;
  org_id: string;
  member_id: string;
  credit_paise: number;
  /** What is left of it (a payment smaller than the credit leaves the rest for the next). */
  remaining_paise: number;
  granted_at: Date;
}
/** How much of which credit went to a payment (given back when that payment is cancelled). */
export interface ReferralCreditUsesTable {
  payment_id: string;
  lead_id: string;
  org_id: string;
  paise: number;
}

/** A pre-debit notice announced: one per autopay and charge number. */
export interface AutopayNoticesTable {
  autopay_id: string;
  charge_no: number;
  due_date: string;
  sent_at: Date;
}

/** A pause or resume of an autopay to ask Razorpay for (a member's freeze, unfreeze): requested, then done or failed. */
export interface AutopayActionsTable {
  /** `<member event id>:<action>`: one request per member event. */
  id: string;
  org_id: string;
  autopay_id: string;
  action: 'pause' | 'resume';
  status: 'requested' | 'done' | 'failed';
  attempts: Generated<number>;
  last_error: string | null;
  requested_at: Date;
  done_at: Date | null;
}

/** The gym's membership plans as auth announces them (auth.membership_plans_changed); a plan no longer sold: inactive. */
export interface PayPlansTable {
  plan_id: string;
  org_id: string;
  name: string;
  membership_type: MembershipType;
  duration_months: number;
  /** The plan's price in paise, GST included when gst_inclusive. */
  price_paise: number;
  gst_inclusive: boolean;
  active: boolean;
  updated_at: Date;
}

/** A plan staff turned autopay on for: its Razorpay plan (on the gym's key), what each cycle charges, GST included. */
export interface AutopayPlansTable {
  plan_id: string;
  org_id: string;
  enabled: boolean;
  razorpay_plan_id: string;
  key_id: string;
  amount_paise: number;
  period_months: number;
  updated_by_id: string | null;
  updated_at: Date;
}

/** A member's autopay (the autopay stream's read row): its Razorpay subscription, status and charges. */
export interface AutopaySubscriptionsTable {
  id: string;
  org_id: string;
  location_id: string;
  member_id: string;
  member_name: string;
  plan_id: string;
  plan_name: string;
  membership_type: MembershipType;
  period_months: number;
  amount_paise: number;
  razorpay_subscription_id: string;
  /** The new subscription a member asked for to change the method, until authorised (issue 28). */
  replacement_subscription_id: string | null;
  /** The next charge date it was made for ('YYYY-MM-DD'). */
  replacement_from: string | null;
  /** The Razorpay subscriptions this autopay followed before being replaced. */
  previous_subscription_ids: string[];
  razorpay_plan_id: string;
  short_url: string | null;
  start_date: string;
  total_count: number;
  status: string;
  charges: number;
  paid_through: string | null;
  last_charge_at: Date | null;
  last_charge_paise: number | null;
  failures: number;
  last_failure_at: Date | null;
  /** 'now' | 'cycle_end' once asked. */
  cancel_requested: string | null;
  /** upi, card or emandate (issue 28); null until a webhook's payment names it. */
  method: string | null;
  created_by_id: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/**
 * A refund of a scheduling purchase paid online (1006): requested by the purchases consumer, made through Razorpay by
 * the purchase-refunds job (idempotency key per payment), then done; failed after repeated refusals (staff refund it).
 */
export interface PurchaseRefundsTable {
  payment_id: string;
  org_id: string;
  purchase_id: string;
  reason: string;
  requested_by: string | null;
  /** The metadata of the request's event (correlation, causation, actor, location) the refund is recorded with. */
  causation: unknown;
  status: 'requested' | 'done' | 'failed';
  attempts: Generated<number>;
  last_error: string | null;
  requested_at: Date;
  done_at: Date | null;
}

/**
 * Payments that carried a Razorpay payment id another payment holds too (found when the unique index came in): the
 * id stays on the earliest payment and is taken off the others, which are listed here for staff to look into.
 */
export interface RazorpayPaymentConflictsTable {
  payment_id: string;
  org_id: string;
  razorpay_payment_id: string;
  kept_on_payment_id: string;
  found_at: Generated<Date>;
}

// ── Invoices (the invoices part of the service) ─────────────────────────────────────────────────────────────────

/** The organization's tax settings: SAC of its gym services, Hindi invoices. */
export interface TaxOrgSettingsTable {
  org_id: string;
  sac_code: string;
  hindi_invoices: boolean;
  updated_by_id: string | null;
  updated_at: Generated<Date>;
}

/** A location's GST registration: the GSTIN (state code = the location's state), legal name, address, series prefix. */
export interface TaxLocationSettingsTable {
  location_id: string;
  org_id: string;
  gst_registered: boolean;
  gstin: string | null;
  /** Where the service is performed (place of supply). */
  state_code: string;
  legal_name: string;
  address: string;
  invoice_prefix: string;
  updated_at: Generated<Date>;
}

/** Last serial issued per series (GSTIN, or `loc:<id>` for an unregistered location), financial year and document kind. */
export interface InvoiceCountersTable {
  org_id: string;
  series: string;
  financial_year: string;
  doc: 'invoice' | 'credit_note' | 'receipt';
  last_serial: number;
}

export interface InvoiceLineRow {
  description: string;
  sacOrHsn: string;
  quantity: number;
  taxablePaise: number;
  rateBps: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** Issued invoices, bills of supply and credit notes: never updated except `sent_at`. Money integer paise. */
export interface InvoicesTable {
  id: string;
  org_id: string;
  location_id: string;
  kind: 'tax_invoice' | 'bill_of_supply' | 'receipt' | 'credit_note';
  number: string;
  series: string;
  financial_year: string;
  serial: number;
  issue_date: string;
  payment_id: string;
  refund_id: string | null;
  original_invoice_id: string | null;
  original_number: string | null;
  member_id: string | null;
  recipient_name: string;
  recipient_gstin: string | null;
  recipient_address: string | null;
  supplier: ColumnType<InvoiceSupplier, string, never>;
  place_of_supply: ColumnType<{ stateCode: string; stateName: string }, string, never>;
  lines: ColumnType<InvoiceLineRow[], string, never>;
  taxable_paise: ColumnType<number, number, never>;
  cgst_paise: ColumnType<number, number, never>;
  sgst_paise: ColumnType<number, number, never>;
  igst_paise: ColumnType<number, number, never>;
  total_paise: ColumnType<number, number, never>;
  /** The payment's referral credit (0: none), shown as its own line: the taxable value is after it. */
  referral_credit_paise: ColumnType<number, number | undefined, never>;
  language: 'en' | 'en_hi';
  sent_at: Date | null;
  created_at: Generated<Date>;
}

export interface InvoiceSupplier {
  legalName: string;
  address: string;
  gstin: string | null;
  stateCode: string;
  /** The location's name (shown under the legal name). */
  locationName: string;
}

// ── Plan and billing: the organization's subscription to Akhada ─────────────────────────────────────────────────────

/** An order on Akhada's platform Razorpay account for a month of a plan; captured once, with Akhada's invoice number. */
export interface SubscriptionOrdersTable {
  order_id: string;
  org_id: string;
  plan: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  supplier_gstin: string;
  recipient_gstin: string | null;
  /** created | captured */
  status: string;
  razorpay_payment_id: string | null;
  invoice_number: string | null;
  created_by_id: string;
  created_at: Date;
  captured_at: Date | null;
}

/** Last serial of Akhada's own invoice series per financial year (e.g. 2026-27). */
export interface SubscriptionInvoiceCountersTable {
  financial_year: string;
  last: number;
}

/** One line of a payment's history as stored (amounts in paise; the view turns them into rupees). */
export interface StoredHistoryEntry {
  action: 'recorded' | 'updated' | 'marked_paid' | 'captured_online' | 'failed' | 'refunded' | 'cancelled' | 'reminder_sent' | 'payment_link_created';
  at: string;
  by: { _id: string; name: string } | null;
  amountPaise: number | null;
  note: string | null;
}

/** The organization's Tally ledger names (issue 29): one row per organization, the names as jsonb (TallyLedgers). */
export interface TallyLedgersTable {
  org_id: string;
  ledgers: ColumnType<TallyLedgers, string, string>;
  updated_by_id: string | null;
  updated_at: Generated<Date>;
}
