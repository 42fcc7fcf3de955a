import { z } from 'zod';
import { defineEvent } from '../envelope.ts';
import { PaymentMethod } from '../enums.ts';

/**
 * A completed sale at the point of sale (or a member's own purchase), published by the inventory service once the
 * stock is taken. The payments service turns it into a completed payment and a tax invoice whose lines carry their own
 * HSN/SAC code and GST rate, exactly once per `saleId` (its idempotency key), and answers `payments.sale_invoiced`.
 *
 * Money is integer paise. Per line: gross = unitPricePaise × quantity − discountPaise (the taxable value: prices are
 * before GST), tax = saleLineTaxPaise(gross, gstRatePercent) — per line, rounded half up — and the line total gross + tax.
 */

export const SaleLineKind = z.enum(['goods', 'service']);
export type SaleLineKind = z.infer<typeof SaleLineKind>;

/** GST rates a line may carry (percent; the slabs in force since 22 Sep 2025, plus the old 12 % and 28 % for old stock). */
export const GST_RATES_PERCENT = [0, 0.25, 3, 5, 12, 18, 28, 40] as const;

export const SaleLine = z.object({
  itemId: z.uuid(),
  name: z.string(),
  /** HSN code for goods, SAC for services (4–8 digits); '' on a service line means the organization's own SAC. */
  hsn: z.string().regex(/^(\d{4,8})?$/),
  quantity: z.number().int().min(1),
  /** Price of one unit before GST, paise. */
  unitPricePaise: z.number().int().min(0),
  /** Discount on the whole line, paise (≤ unitPricePaise × quantity). */
  discountPaise: z.number().int().min(0),
  gstRatePercent: z.number().min(0).max(40),
  kind: SaleLineKind,
});
export type SaleLine = z.infer<typeof SaleLine>;

export const SaleBuyer = z.union([
  z.object({ kind: z.literal('member'), memberId: z.uuid(), name: z.string() }),
  z.object({ kind: z.literal('walk_in'), name: z.string().nullable(), phone: z.string().nullable() }),
]);
export type SaleBuyer = z.infer<typeof SaleBuyer>;

export const SaleTotals = z.object({
  /** Σ gross (after discounts, before GST). */
  taxablePaise: z.number().int().min(0),
  discountPaise: z.number().int().min(0),
  gstPaise: z.number().int().min(0),
  totalPaise: z.number().int().min(0),
});
export type SaleTotals = z.infer<typeof SaleTotals>;

export const SaleCompleted = defineEvent(
  'inventory.sale_completed',
  1,
  z.object({
    saleId: z.uuid(),
    organizationId: z.uuid(),
    locationId: z.uuid(),
    buyer: SaleBuyer,
    lines: z.array(SaleLine).min(1),
    paymentMethod: PaymentMethod,
    totals: SaleTotals,
    /** Who rang it up (the member themself for an online purchase). */
    soldBy: z.uuid(),
    occurredAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A member's own order (or a desk sale paid by Razorpay) is waiting for its online payment; its stock is already held.
 * Same payload as SaleCompleted. The payments service answers with a pending payment for the buyer (id
 * salePaymentId(org, sale), exactly once per saleId) and `payments.sale_payment_created`; once that payment is captured
 * (`payments.payment_completed`), inventory completes the sale and publishes `inventory.sale_completed`.
 */
export const SalePaymentRequested = defineEvent('inventory.sale_payment_requested', 1, SaleCompleted.data);

/**
 * An order left unpaid past its time was cancelled by inventory and its held stock returned; the payments service
 * cancels the sale's pending payment, if any.
 */
export const SaleCancelled = defineEvent(
  'inventory.sale_cancelled',
  1,
  z.object({
    saleId: z.uuid(),
    organizationId: z.uuid(),
    locationId: z.uuid(),
    reason: z.string(),
    occurredAt: z.iso.datetime({ offset: true }),
  }),
);

/** GST of one line in paise: round(taxable × rate / 100), half up. */
export const saleLineTaxPaise = (taxablePaise: number, gstRatePercent: number): number => Math.round((taxablePaise * gstRatePercent * 100) / 10_000);

/** A line's taxable value (paise): unit price × quantity − discount, never below zero. */
export const saleLineTaxablePaise = (line: Pick<SaleLine, 'unitPricePaise' | 'quantity' | 'discountPaise'>): number =>
  Math.max(0, line.unitPricePaise * line.quantity - line.discountPaise);

/** Totals of a sale from its lines, the same way on both sides (inventory shows them, payments invoices them). */
export const saleTotalsOf = (lines: readonly Pick<SaleLine, 'unitPricePaise' | 'quantity' | 'discountPaise' | 'gstRatePercent'>[]): SaleTotals => {
  let taxablePaise = 0;
  let discountPaise = 0;
  let gstPaise = 0;
  for (const line of lines) {
    const taxable = saleLineTaxablePaise(line);
    taxablePaise += taxable;
    discountPaise += line.discountPaise;
    gstPaise += saleLineTaxPaise(taxable, line.gstRatePercent);
  }
  return { taxablePaise, discountPaise, gstPaise, totalPaise: taxablePaise + gstPaise };
};
