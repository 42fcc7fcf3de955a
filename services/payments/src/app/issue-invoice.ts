import { PaymentEvents, topicOf, type GstSplit, type PaymentStatus } from '@akhada/contracts';
import { badRequest, conflict, enqueue, makeEnvelope, type EventMetadata } from '@akhada/kit';
import { DEFAULT_TIME_ZONE } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { InvoiceLineRow, PaymentsDb } from '../db/schema.ts';
import { creditLines } from '../domain/tax/credit.ts';
import { documentNumber } from '../domain/tax/numbering.ts';
import { gstinState } from '../domain/tax/gstin.ts';
import { computeTax, DEFAULT_GYM_SAC, financialYearOf, serviceLineOfPayment, serviceLineOfSplit, type LineInput } from '../domain/tax/rule.ts';
import { stateName } from '../domain/tax/states.ts';
import {
  creditedPaise,
  findCreditNoteOfRefund,
  findInvoiceOfPayment,
  findMember,
  insertInvoice,
  lockKey,
  nextSerial,
  type InvoiceRow,
} from '../db/invoices-repo.ts';
import { findLocationTaxSettings, findOrgTaxSettings, locationOf } from '../db/tax-settings-repo.ts';

const TOPIC = topicOf('payments');
const INVOICED_STATUSES: readonly z.infer<typeof PaymentStatus>[] = ['completed', 'partially_refunded', 'refunded'];
/** Money received from members (and other income) is invoiced; trainer payouts and expenses are not supplies we make. */
const INVOICED_CATEGORIES = ['member', 'other'];

/** What an invoice needs of a payment: from the payments table (POST) or a payment_completed event (consumer). */
export interface PaymentForInvoice {
  paymentId: string;
  orgId: string;
  locationId: string;
  category: string;
  type: string;
  status: z.infer<typeof PaymentStatus>;
  memberId: string | null;
  memberName: string;
  description: string;
  amountPaise: number;
  gstPaise: number;
  totalPaise: number;
  /** The GST split stored on the payment when it was recorded: the invoice uses exactly it (absent on older payments). */
  gst?: GstSplit | null;
  /**
   * The invoice's own lines (a point-of-sale sale: goods with their HSN and rate, services at the service rate);
   * without them, one gym-service line of the payment.
   */
  lines?: readonly LineInput[];
  /** A business customer (B2B): its GSTIN decides the place of supply (its state: CGST + SGST, or IGST) and its address. */
  recipient?: { name?: string; gstin: string | null; address: string | null };
}

const TYPE_LABELS: Record<string, string> = {
  membership_fee: 'Membership fee',
  membership_renewal: 'Membership renewal',
  registration_fee: 'Registration fee',
  personal_training: 'Personal training',
  group_class: 'Group class',
  supplement_purchase: 'Supplements',
  product_sale: 'Sale',
  equipment_rental: 'Equipment rental',
  locker_fee: 'Locker fee',
};
const lineDescription = (type: string, description: string) => {
  const label = TYPE_LABELS[type] ?? 'Gym and fitness services';
  const d = description.trim();
  return d && d.toLowerCase() !== label.toLowerCase() ? `${label} - ${d}` : label;
};

/** The referral credit the payment took (its own line on the document: the amounts are after it). */
const referralCreditOf = async (trx: Transaction<PaymentsDb>, p: PaymentForInvoice): Promise<number> =>
  (await trx.selectFrom('payments').select('referral_credit_paise').where('id', '=', p.paymentId).where('org_id', '=', p.orgId).executeTakeFirst())
    ?.referral_credit_paise ?? 0;

/** The calendar date of an instant in a time zone, YYYY-MM-DD. */
export const localDate = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The series prefix from a number (everything before the first '/'). */
const prefixOf = (number: string) => number.split('/')[0] ?? number;

/**
 * Issues the invoice (tax invoice, or bill of supply at an unregistered location) of a completed payment, in the
 * caller's transaction: once per payment (an existing one is returned), numbered from the series' counter row, and
 * announced through the outbox. The invoice date is `at` in the location's time zone; its rate decides the tax.
 */
export const issueInvoiceIn = async (
  trx: Transaction<PaymentsDb>,
  p: PaymentForInvoice,
  at: Date,
  meta: EventMetadata,
): Promise<{ row: InvoiceRow; created: boolean }> => {
  await lockKey(trx, `invoice:${p.orgId}:${p.paymentId}`);
  const existing = await findInvoiceOfPayment(trx, p.orgId, p.paymentId);
  if (existing) return { row: existing, created: false };
  if (!INVOICED_CATEGORIES.includes(p.category)) throw badRequest('Only payments received from members are invoiced');
  if (!INVOICED_STATUSES.includes(p.status)) throw conflict('PAYMENT_NOT_COMPLETED', 'An invoice needs a completed payment');
  const settings = await findLocationTaxSettings(trx, p.orgId, p.locationId);
  // A gym without GST settings still owes its member a receipt: a plain one, not a tax document.
  if (!settings) return issueReceiptIn(trx, p, at, meta);
  if (settings.gst_registered && !settings.gstin)
    throw conflict('TAX_SETTINGS_MISSING', "Set the location's GST details in tax settings before issuing invoices");
  const org = await findOrgTaxSettings(trx, p.orgId);
  const location = await locationOf(trx, p.orgId, p.locationId);
  const date = localDate(at, location?.timezone ?? DEFAULT_TIME_ZONE);
  const financialYear = financialYearOf(date);
  const supplier = { registered: settings.gst_registered, stateCode: settings.state_code };
  const sacCode = org?.sac_code ?? DEFAULT_GYM_SAC;
  const description = lineDescription(p.type, p.description);
  const lines = p.lines?.length
    ? p.lines
    : [
        serviceLineOfSplit({ description, amountPaise: p.amountPaise, gstPaise: p.gstPaise, gst: p.gst }, supplier) ??
          serviceLineOfPayment({ description, amountPaise: p.amountPaise, gstPaise: p.gstPaise, totalPaise: p.totalPaise }, { date, supplier }),
      ];
  // The place of supply is where the service is performed (the location's state), or a business customer's state
  // from its GSTIN.
  const recipientGstin = p.recipient?.gstin ?? null;
  const placeOfSupply = recipientGstin ? gstinState(recipientGstin) : settings.state_code;
  const tax = computeTax({ date, supplier, placeOfSupplyStateCode: placeOfSupply, sacCode }, lines);
  const series = settings.gst_registered && settings.gstin ? settings.gstin : `loc:${p.locationId}`;
  const serial = await nextSerial(trx, { orgId: p.orgId, series, financialYear, doc: 'invoice' });
  const member = p.memberId ? await findMember(trx, p.orgId, p.memberId) : undefined;
  const row = await insertInvoice(trx, {
    id: randomUUID(),
    org_id: p.orgId,
    location_id: p.locationId,
    kind: tax.kind,
    number: documentNumber('invoice', settings.invoice_prefix, financialYear, serial),
    series,
    financial_year: financialYear,
    serial,
    issue_date: date,
    payment_id: p.paymentId,
    refund_id: null,
    original_invoice_id: null,
    original_number: null,
    member_id: p.memberId,
    recipient_name: p.recipient?.name || p.memberName || (member ? `${member.first_name} ${member.last_name}`.trim() : '') || 'Walk-in customer',
    recipient_gstin: recipientGstin,
    recipient_address: p.recipient?.address ?? null,
    supplier: {
      legalName: settings.legal_name,
      address: settings.address,
      gstin: settings.gst_registered ? settings.gstin : null,
      stateCode: settings.state_code,
      locationName: location?.name ?? '',
    },
    place_of_supply: { stateCode: placeOfSupply, stateName: stateName(placeOfSupply) },
    lines: tax.lines,
    taxable_paise: tax.taxablePaise,
    cgst_paise: tax.cgstPaise,
    sgst_paise: tax.sgstPaise,
    igst_paise: tax.igstPaise,
    total_paise: tax.totalPaise,
    referral_credit_paise: await referralCreditOf(trx, p),
    language: org?.hindi_invoices || member?.locale === 'hi' ? 'en_hi' : 'en',
    created_at: at,
  });
  await linkAndAnnounce(trx, p, row, at, meta);
  return { row, created: true };
};

/** The payment shows its document (its read table lives in this service: same transaction), announced through the outbox. */
const linkAndAnnounce = async (trx: Transaction<PaymentsDb>, p: PaymentForInvoice, row: InvoiceRow, at: Date, meta: EventMetadata) => {
  await trx
    .updateTable('payments')
    .set({ invoice_id: row.id, invoice_number: row.number })
    .where('id', '=', p.paymentId)
    .where('org_id', '=', p.orgId)
    .where('invoice_id', 'is', null)
    .execute();
  await enqueue(
    trx,
    TOPIC,
    makeEnvelope(PaymentEvents.InvoiceIssued, {
      ...meta,
      locationId: p.locationId,
      aggregateId: row.id,
      occurredAt: at.toISOString(),
      data: { ...totalsOf(row), invoiceId: row.id, kind: row.kind === 'bill_of_supply' || row.kind === 'receipt' ? row.kind : 'tax_invoice' },
    }),
  );
};

/** Receipts have their own series per location and financial year: RCPT/26-27/00001. */
export const RECEIPT_PREFIX = 'RCPT';

/**
 * The receipt of a payment at a location without GST settings: titled "Receipt", never a tax invoice, no tax on it,
 * the whole amount received on one line, numbered in the location's own receipt series. Not part of the GST report.
 */
const issueReceiptIn = async (
  trx: Transaction<PaymentsDb>,
  p: PaymentForInvoice,
  at: Date,
  meta: EventMetadata,
): Promise<{ row: InvoiceRow; created: boolean }> => {
  const location = await locationOf(trx, p.orgId, p.locationId);
  const date = localDate(at, location?.timezone ?? DEFAULT_TIME_ZONE);
  const financialYear = financialYearOf(date);
  const series = `receipt:${p.locationId}`;
  const serial = await nextSerial(trx, { orgId: p.orgId, series, financialYear, doc: 'receipt' });
  const member = p.memberId ? await findMember(trx, p.orgId, p.memberId) : undefined;
  const org = await findOrgTaxSettings(trx, p.orgId);
  const items = p.lines?.length
    ? p.lines.map((l) => ({ description: l.description, quantity: l.quantity }))
    : [{ description: lineDescription(p.type, p.description), quantity: 1 }];
  const lines = items.map((l, i) => ({
    description: l.description,
    sacOrHsn: '',
    quantity: l.quantity,
    // One amount received: on the first line (a sale's items are listed, the money is the payment's).
    taxablePaise: i === 0 ? p.totalPaise : 0,
    rateBps: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise: i === 0 ? p.totalPaise : 0,
  }));
  const row = await insertInvoice(trx, {
    id: randomUUID(),
    org_id: p.orgId,
    location_id: p.locationId,
    kind: 'receipt',
    number: documentNumber('invoice', RECEIPT_PREFIX, financialYear, serial),
    series,
    financial_year: financialYear,
    serial,
    issue_date: date,
    payment_id: p.paymentId,
    refund_id: null,
    original_invoice_id: null,
    original_number: null,
    member_id: p.memberId,
    recipient_name: p.recipient?.name || p.memberName || (member ? `${member.first_name} ${member.last_name}`.trim() : '') || 'Walk-in customer',
    recipient_gstin: null,
    recipient_address: p.recipient?.address ?? null,
    supplier: {
      legalName: location?.name ?? '',
      address: location?.city ?? '',
      gstin: null,
      stateCode: '',
      locationName: location?.name ?? '',
    },
    place_of_supply: { stateCode: '', stateName: '' },
    lines,
    taxable_paise: p.totalPaise,
    cgst_paise: 0,
    sgst_paise: 0,
    igst_paise: 0,
    total_paise: p.totalPaise,
    referral_credit_paise: await referralCreditOf(trx, p),
    language: org?.hindi_invoices || member?.locale === 'hi' ? 'en_hi' : 'en',
    created_at: at,
  });
  await linkAndAnnounce(trx, p, row, at, meta);
  return { row, created: true };
};

const totalsOf = (row: InvoiceRow) => ({
  organizationId: row.org_id,
  locationId: row.location_id,
  paymentId: row.payment_id,
  memberId: row.member_id,
  gstin: row.supplier.gstin,
  number: row.number,
  issueDate: row.issue_date,
  financialYear: row.financial_year,
  taxablePaise: Number(row.taxable_paise),
  cgstPaise: Number(row.cgst_paise),
  sgstPaise: Number(row.sgst_paise),
  igstPaise: Number(row.igst_paise),
  totalPaise: Number(row.total_paise),
  occurredAt: row.created_at.toISOString(),
});

/**
 * A refund of an invoiced payment issues a credit note referencing the invoice (once per refund id), in the same
 * GSTIN's own credit-note series for the refund's financial year (`PUN/CN26/0000012`), at the invoice's rates.
 * Nothing is issued when the payment has no invoice or the invoice is fully credited already.
 */
export const issueCreditNoteIn = async (
  trx: Transaction<PaymentsDb>,
  r: { orgId: string; paymentId: string; refundId: string; refundPaise: number; at: Date },
  meta: EventMetadata,
): Promise<InvoiceRow | null> => {
  await lockKey(trx, `invoice:${r.orgId}:${r.paymentId}`);
  const existing = await findCreditNoteOfRefund(trx, r.orgId, r.refundId);
  if (existing) return existing;
  const invoice = await findInvoiceOfPayment(trx, r.orgId, r.paymentId);
  // A receipt is not a tax document: a refund of its payment needs no credit note.
  if (!invoice || invoice.kind === 'receipt') return null;
  const remaining = Number(invoice.total_paise) - (await creditedPaise(trx, r.orgId, invoice.id));
  const amount = Math.min(r.refundPaise, remaining);
  if (amount <= 0) return null;
  const location = await locationOf(trx, r.orgId, invoice.location_id);
  const date = localDate(r.at, location?.timezone ?? DEFAULT_TIME_ZONE);
  const financialYear = financialYearOf(date);
  const lines = creditLines(invoice.lines, amount, invoice.number);
  const sum = (k: keyof InvoiceLineRow) => lines.reduce((a, l) => a + Number(l[k]), 0);
  const serial = await nextSerial(trx, { orgId: r.orgId, series: invoice.series, financialYear, doc: 'credit_note' });
  const row = await insertInvoice(trx, {
    id: randomUUID(),
    org_id: r.orgId,
    location_id: invoice.location_id,
    kind: 'credit_note',
    number: documentNumber('credit_note', prefixOf(invoice.number), financialYear, serial),
    series: invoice.series,
    financial_year: financialYear,
    serial,
    issue_date: date,
    payment_id: r.paymentId,
    refund_id: r.refundId,
    original_invoice_id: invoice.id,
    original_number: invoice.number,
    member_id: invoice.member_id,
    recipient_name: invoice.recipient_name,
    recipient_gstin: invoice.recipient_gstin,
    recipient_address: invoice.recipient_address,
    supplier: invoice.supplier,
    place_of_supply: invoice.place_of_supply,
    lines,
    taxable_paise: sum('taxablePaise'),
    cgst_paise: sum('cgstPaise'),
    sgst_paise: sum('sgstPaise'),
    igst_paise: sum('igstPaise'),
    total_paise: sum('totalPaise'),
    language: invoice.language,
    created_at: r.at,
  });
  await enqueue(
    trx,
    TOPIC,
    makeEnvelope(PaymentEvents.CreditNoteIssued, {
      ...meta,
      locationId: invoice.location_id,
      aggregateId: row.id,
      occurredAt: r.at.toISOString(),
      data: { ...totalsOf(row), creditNoteId: row.id, originalInvoiceId: invoice.id, originalNumber: invoice.number, refundId: r.refundId },
    }),
  );
  return row;
};
