import type { Payment } from '@akhada/contracts';
import type { PaymentsTable } from '../db/schema.ts';
import { paiseToRupees } from '../domain/money.ts';
import type { StoredHistoryEntry } from '../db/schema.ts';

const iso = (d: Date | string): string => new Date(d).toISOString();

/** The contract's Payment of a read row: rupees out of paise, people as { _id, name }. */
export const toPayment = (r: PaymentsTable): Payment => ({
  _id: r.id,
  locationId: r.location_id,
  paymentCategory: r.category,
  paymentType: r.type,
  amount: paiseToRupees(r.amount_paise),
  gstAmount: paiseToRupees(r.gst_paise),
  totalAmount: paiseToRupees(r.total_paise),
  gstSplit: r.gst_split
    ? {
        ratePercent: r.gst_split.rateBps / 100,
        supply: r.gst_split.supply,
        cgst: paiseToRupees(r.gst_split.cgstPaise),
        sgst: paiseToRupees(r.gst_split.sgstPaise),
        igst: paiseToRupees(r.gst_split.igstPaise),
      }
    : null,
  ...(r.referral_credit_paise > 0 ? { referralCredit: paiseToRupees(r.referral_credit_paise) } : {}),
  refundedAmount: paiseToRupees(r.refunded_paise),
  status: r.status,
  paymentMethod: r.method,
  description: r.description,
  notes: r.notes,
  member: r.member_id ? { _id: r.member_id, name: r.member_name } : null,
  trainer: r.trainer_id ? { _id: r.trainer_id, name: r.trainer_name } : null,
  membershipType: r.membership_type,
  membershipPeriod: r.period_start && r.period_end ? { startDate: r.period_start, endDate: r.period_end } : null,
  salaryPeriod: r.salary_month && r.salary_year ? { month: r.salary_month, year: r.salary_year } : null,
  dueDate: r.due_date,
  paidAt: r.paid_at ? iso(r.paid_at) : null,
  source: r.source,
  razorpay:
    r.razorpay_order_id || r.razorpay_payment_id || r.razorpay_link_url
      ? { orderId: r.razorpay_order_id, paymentId: r.razorpay_payment_id, paymentLinkUrl: r.razorpay_link_url }
      : null,
  invoice: r.invoice_id && r.invoice_number ? { _id: r.invoice_id, number: r.invoice_number } : null,
  billing: r.billing ?? null,
  history: (r.history as StoredHistoryEntry[]).map((h) => ({
    action: h.action,
    at: h.at,
    by: h.by,
    amount: h.amountPaise === null ? null : paiseToRupees(h.amountPaise),
    note: h.note,
  })),
  // Only a late capture puts a Razorpay payment on a cancelled payment; its automatic refund ends it refunded.
  ...(r.status === 'refunded' && r.razorpay_payment_id && (r.history as StoredHistoryEntry[]).some((h) => h.action === 'cancelled')
    ? { refundedAfterExpiry: true }
    : {}),
  createdBy: r.created_by_id ? { _id: r.created_by_id, name: r.created_by_name ?? '' } : null,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  version: r.version,
});
