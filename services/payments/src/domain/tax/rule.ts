/**
 * The GST rule of an invoice: pure and date-effective. Rates are schedules of (from date, rate), never constants: the
 * rate in force on the invoice date decides. Rates are basis points (1800 = 18%), money integer paise.
 *
 * - Gym and fitness services (SAC 999723 unless the organization configures another): 18% until 21 Sep 2025, 5% from
 *   22 Sep 2025 (GST rate rationalisation, notification 9/2025-CT(Rate)).
 * - Goods (supplements, merchandise from inventory/POS) carry their own HSN code and rate on the line.
 * - Place of supply is where the service is performed (the location's state). Same state as the billing GSTIN →
 *   CGST + SGST, each half of the line's tax (the odd paisa goes to CGST, so the halves always add up to the tax);
 *   another state → IGST.
 * - An unregistered supplier issues a bill of supply: no tax on any line.
 */

import { GYM_SERVICE_RATES, rateOn, splitTax, taxOf, type GstSplit, type RateSchedule } from '@akhada/contracts';

// The gym-service rate schedule is shared with the forms that show what a member pays (contracts/src/gym-gst.ts).
export { GYM_SERVICE_RATES, rateOn, taxOf, type RateSchedule, type RateStep } from '@akhada/contracts';

export const DEFAULT_GYM_SAC = '999723';

export type LineInput =
  | {
      kind: 'service';
      description: string;
      quantity: number;
      /** Value before tax, paise. */
      taxablePaise: number;
      /** Default: the organization's SAC code. */
      sac?: string;
      /** Default: gym and fitness services. */
      rates?: RateSchedule;
      /**
       * The rate and tax decided when the payment was recorded (its stored GST split): used as they are, so the
       * invoice shows exactly the payment's figures whatever the date it is issued on.
       */
      fixed?: { rateBps: number; taxPaise: number };
    }
  | {
      kind: 'goods';
      description: string;
      quantity: number;
      taxablePaise: number;
      hsn: string;
      /** The goods' own rate, from inventory/POS. */
      rateBps: number;
    };

export interface TaxContext {
  /** The invoice date, YYYY-MM-DD (location time). */
  date: string;
  supplier: { registered: boolean; stateCode: string };
  /** Where the service is performed (the location's state). */
  placeOfSupplyStateCode: string;
  /** The organization's SAC code for gym services. */
  sacCode: string;
}

export interface TaxedLine {
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

export interface TaxResult {
  kind: 'tax_invoice' | 'bill_of_supply';
  supply: 'intra_state' | 'inter_state' | 'none';
  lines: TaxedLine[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalTaxPaise: number;
  totalPaise: number;
}

/** The value before tax of a tax-inclusive amount (the tax is the rest, so the two add up exactly). */
export const taxableOfInclusive = (totalPaise: number, rateBps: number): number => Math.round((totalPaise * 10_000) / (10_000 + rateBps));

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export const computeTax = (ctx: TaxContext, inputs: readonly LineInput[]): TaxResult => {
  const registered = ctx.supplier.registered;
  const supply = !registered ? 'none' : ctx.supplier.stateCode === ctx.placeOfSupplyStateCode ? 'intra_state' : 'inter_state';
  const lines = inputs.map((l): TaxedLine => {
    if (!Number.isInteger(l.taxablePaise) || l.taxablePaise < 0) throw new Error('taxable value must be whole paise ≥ 0');
    const sacOrHsn = l.kind === 'goods' ? l.hsn : (l.sac ?? ctx.sacCode);
    const fixed = registered && l.kind === 'service' ? l.fixed : undefined;
    const rateBps = !registered ? 0 : l.kind === 'goods' ? l.rateBps : (fixed?.rateBps ?? rateOn(l.rates ?? GYM_SERVICE_RATES, ctx.date));
    const tax = fixed?.taxPaise ?? taxOf(l.taxablePaise, rateBps);
    const { cgstPaise: cgst, sgstPaise: sgst, igstPaise: igst } = splitTax(tax, supply);
    return {
      description: l.description,
      sacOrHsn,
      quantity: l.quantity,
      taxablePaise: l.taxablePaise,
      rateBps,
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: igst,
      totalPaise: l.taxablePaise + tax,
    };
  });
  const cgstPaise = sum(lines.map((l) => l.cgstPaise));
  const sgstPaise = sum(lines.map((l) => l.sgstPaise));
  const igstPaise = sum(lines.map((l) => l.igstPaise));
  const taxablePaise = sum(lines.map((l) => l.taxablePaise));
  return {
    kind: registered ? 'tax_invoice' : 'bill_of_supply',
    supply,
    lines,
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    totalTaxPaise: cgstPaise + sgstPaise + igstPaise,
    totalPaise: taxablePaise + cgstPaise + sgstPaise + igstPaise,
  };
};

/**
 * The invoice line of a payment recorded with its GST split (the one figure decided when it was recorded): its amount
 * is the taxable value and its GST the tax, at the rate recorded. Null when the payment has no split (recorded before
 * it existed) or its split does not fit this supplier (registered then, not now): the older rule below applies.
 */
export const serviceLineOfSplit = (
  p: { description: string; amountPaise: number; gstPaise: number; gst?: GstSplit | null },
  supplier: { registered: boolean },
): LineInput | null => {
  if (!p.gst || !supplier.registered || p.gst.supply === 'none') return null;
  return { kind: 'service', description: p.description, quantity: 1, taxablePaise: p.amountPaise, fixed: { rateBps: p.gst.rateBps, taxPaise: p.gstPaise } };
};

/**
 * The invoice line of a completed payment (a gym service). The invoice total is always what was received:
 * - unregistered: the whole total, no tax (bill of supply);
 * - registered and the payment's GST is exactly the rule's tax on its amount: the amount is the taxable value;
 * - otherwise (no GST added, or added at another rate): the total is taken as tax-inclusive at the invoice date's rate.
 */
export const serviceLineOfPayment = (
  p: { description: string; amountPaise: number; gstPaise: number; totalPaise: number },
  ctx: Pick<TaxContext, 'date' | 'supplier'>,
  rates: RateSchedule = GYM_SERVICE_RATES,
): LineInput => {
  if (!ctx.supplier.registered) return { kind: 'service', description: p.description, quantity: 1, taxablePaise: p.totalPaise, rates };
  const rate = rateOn(rates, ctx.date);
  const exact = p.gstPaise === taxOf(p.amountPaise, rate) && p.amountPaise + p.gstPaise === p.totalPaise;
  return { kind: 'service', description: p.description, quantity: 1, taxablePaise: exact ? p.amountPaise : taxableOfInclusive(p.totalPaise, rate), rates };
};

/** The financial year (April–March) of a date: '2026-27'. */
export const financialYearOf = (date: string): string => {
  const y = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};
