import type { Invoice } from '@akhada/contracts';
import { rupeesInWords } from '../domain/tax/words.ts';
import type { InvoiceRow } from '../db/invoices-repo.ts';

const rupees = (paise: number) => Number(paise) / 100;

/** A stored invoice as the API shows it (rupees, two decimals). */
export const toInvoice = (r: InvoiceRow): Invoice => ({
  _id: r.id,
  kind: r.kind,
  number: r.number,
  issueDate: r.issue_date,
  financialYear: r.financial_year,
  paymentId: r.payment_id,
  locationId: r.location_id,
  originalInvoice: r.original_invoice_id && r.original_number ? { _id: r.original_invoice_id, number: r.original_number } : null,
  supplier: { legalName: r.supplier.legalName, address: r.supplier.address, gstin: r.supplier.gstin, stateCode: r.supplier.stateCode },
  recipient: { memberId: r.member_id, name: r.recipient_name, gstin: r.recipient_gstin, address: r.recipient_address },
  placeOfSupply: r.place_of_supply,
  lines: r.lines.map((l) => ({
    description: l.description,
    sacOrHsn: l.sacOrHsn,
    quantity: l.quantity,
    taxableValue: rupees(l.taxablePaise),
    gstRate: l.rateBps / 100,
    cgst: rupees(l.cgstPaise),
    sgst: rupees(l.sgstPaise),
    igst: rupees(l.igstPaise),
    total: rupees(l.totalPaise),
  })),
  taxableValue: rupees(r.taxable_paise),
  cgstAmount: rupees(r.cgst_paise),
  sgstAmount: rupees(r.sgst_paise),
  igstAmount: rupees(r.igst_paise),
  totalTax: rupees(r.cgst_paise + r.sgst_paise + r.igst_paise),
  totalAmount: rupees(r.total_paise),
  ...(Number(r.referral_credit_paise) > 0 ? { referralCredit: rupees(r.referral_credit_paise) } : {}),
  amountInWords: rupeesInWords(r.total_paise),
  language: r.language,
  sentAt: r.sent_at ? r.sent_at.toISOString() : null,
  createdAt: r.created_at.toISOString(),
});
