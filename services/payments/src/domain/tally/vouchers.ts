import type { TallyLedgers } from '@akhada/contracts';
import { paiseToRupees } from '@akhada/kit/domain';

/**
 * Tally's vouchers of the gym's tax documents (issue 29), pure: what the XML adapter renders.
 *
 * Tally's sign convention in an import file: a debit is a negative AMOUNT with ISDEEMEDPOSITIVE Yes, a credit a positive
 * AMOUNT with ISDEEMEDPOSITIVE No; a voucher's amounts sum to zero.
 * - Sales (tax invoice): party Dr total; sales Cr taxable value; CGST, SGST, IGST Cr; round off for any paise between.
 * - Credit Note: the same ledgers the other way round.
 * - Receipt: the payment method's ledger Dr; party Cr.
 */

/** One ledger line: `paise` signed as Tally reads it (negative = debit). */
export interface TallyEntry {
  ledger: string;
  paise: number;
}

export type TallyVoucherType = 'Sales' | 'Credit Note' | 'Receipt';

export interface TallyVoucher {
  type: TallyVoucherType;
  /** The location's calendar day, YYYY-MM-DD. */
  date: string;
  number: string;
  party: string;
  narration: string;
  entries: TallyEntry[];
}

export interface TallyLedgerMaster {
  name: string;
  /** Tally's group: Sales Accounts, Duties & Taxes, Sundry Debtors, Cash-in-Hand, Bank Accounts, Indirect Expenses. */
  parent: string;
  /** A GST output ledger's duty head. */
  taxHead?: 'Central Tax' | 'State Tax' | 'Integrated Tax';
  /** A business customer's GSTIN (party ledgers). */
  gstin?: string | null;
}

/** An invoice or credit note as the export reads it (integer paise, the location's calendar day). */
export interface TallyDocument {
  kind: 'tax_invoice' | 'credit_note';
  number: string;
  date: string;
  party: string;
  partyGstin: string | null;
  originalNumber: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** A payment received against an invoice. */
export interface TallyReceipt {
  number: string;
  date: string;
  party: string;
  method: keyof TallyLedgers['methods'];
  totalPaise: number;
}

/** The party ledger of a customer: a business customer's GSTIN keeps two of the same name apart. */
export const partyLedgerName = (name: string, gstin: string | null): string => {
  const n = name.trim() || 'Walk-in customer';
  return gstin ? `${n} (${gstin})` : n;
};

const nonZero = (entries: TallyEntry[]) => entries.filter((e) => e.paise !== 0);

/** A tax invoice's Sales voucher, or a credit note's Credit Note voucher. */
export const documentVoucher = (d: TallyDocument, l: TallyLedgers): TallyVoucher => {
  const sign = d.kind === 'credit_note' ? -1 : 1;
  const roundOff = d.totalPaise - (d.taxablePaise + d.cgstPaise + d.sgstPaise + d.igstPaise);
  const credits: TallyEntry[] = [
    { ledger: l.sales, paise: d.taxablePaise },
    { ledger: l.cgst, paise: d.cgstPaise },
    { ledger: l.sgst, paise: d.sgstPaise },
    { ledger: l.igst, paise: d.igstPaise },
    { ledger: l.roundOff, paise: roundOff },
  ];
  return {
    type: d.kind === 'credit_note' ? 'Credit Note' : 'Sales',
    date: d.date,
    number: d.number,
    party: partyLedgerName(d.party, d.partyGstin),
    narration: d.kind === 'credit_note' ? `Credit note ${d.number} against invoice ${d.originalNumber ?? ''}`.trim() : `Tax invoice ${d.number}`,
    entries: nonZero([
      { ledger: partyLedgerName(d.party, d.partyGstin), paise: -sign * d.totalPaise },
      ...credits.map((e) => ({ ...e, paise: sign * e.paise })),
    ]),
  };
};

/** A payment received: its method's ledger Dr, the party Cr. */
export const receiptVoucher = (r: TallyReceipt, l: TallyLedgers, partyGstin: string | null): TallyVoucher => ({
  type: 'Receipt',
  date: r.date,
  number: r.number,
  party: partyLedgerName(r.party, partyGstin),
  narration: `Payment received by ${r.method} for ${r.number}`,
  entries: [
    { ledger: l.methods[r.method], paise: -r.totalPaise },
    { ledger: partyLedgerName(r.party, partyGstin), paise: r.totalPaise },
  ],
});

/** The ledger masters the vouchers use (each once; the configured ones in their groups, parties as sundry debtors). */
export const mastersOf = (vouchers: readonly TallyVoucher[], l: TallyLedgers, partyGstins: ReadonlyMap<string, string | null>): TallyLedgerMaster[] => {
  const known = new Map<string, TallyLedgerMaster>([
    [l.sales, { name: l.sales, parent: 'Sales Accounts' }],
    [l.cgst, { name: l.cgst, parent: 'Duties & Taxes', taxHead: 'Central Tax' }],
    [l.sgst, { name: l.sgst, parent: 'Duties & Taxes', taxHead: 'State Tax' }],
    [l.igst, { name: l.igst, parent: 'Duties & Taxes', taxHead: 'Integrated Tax' }],
    [l.roundOff, { name: l.roundOff, parent: 'Indirect Expenses' }],
  ]);
  for (const [method, name] of Object.entries(l.methods))
    if (!known.has(name)) known.set(name, { name, parent: method === 'cash' ? 'Cash-in-Hand' : 'Bank Accounts' });
  const used = new Map<string, TallyLedgerMaster>();
  for (const v of vouchers)
    for (const e of v.entries)
      if (!used.has(e.ledger))
        used.set(e.ledger, known.get(e.ledger) ?? { name: e.ledger, parent: 'Sundry Debtors', gstin: partyGstins.get(e.ledger) ?? null });
  return [...used.values()];
};

/** Paise as Tally's amount text: rupees with two decimals (`-2100.00`). */
export const tallyAmount = (paise: number): string => paiseToRupees(paise).toFixed(2);

/** YYYY-MM-DD as Tally's YYYYMMDD. */
export const tallyDate = (isoDate: string): string => isoDate.replaceAll('-', '');
