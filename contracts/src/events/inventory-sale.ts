import { z } from 'zod';
import { PaymentMethod } from '../enums.ts';
import { defineEvent } from '../envelope.ts';

/**
 * The point of sale's integration event (issue 13), published by the inventory service on akhada.inventory.events and
 * consumed by payments, which records the sale as a completed payment with its tax invoice and answers with
 * `payments.sale_invoiced`. MONEY IS INTEGER PAISE. `saleId` is the idempotency key: the same sale delivered twice is
 * one payment and one invoice. Envelope: orgId = organizationId, locationId = locationId, aggregateId = saleId.
 *
 * Line rule (the same on both sides; use `saleLineTotals`): taxable = quantity × unitPricePaise − discountPaise;
 * tax = round(taxable × gstRatePercent / 100), half up, to the paisa, per line; total = taxable + tax.
 * Goods lines carry their HSN and rate. Service lines (e.g. a personal-training session sold at the counter) carry the
 * SAC in `hsn` (or '' for the gym's own SAC); payments bills them at the gym-service rate of the tax rule on the sale
 * date, so a POS should show that rate for them.
 */

export const SaleLineKind = z.enum(['goods', 'service']);
export type SaleLineKind = z.infer<typeof SaleLineKind>;

export const SaleLine = z.object({
  itemId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  /** HSN code of goods (4–8 digits); the SAC of a service line, or '' for the organization's gym-service SAC. */
  hsn: z.string().regex(/^([0-9]{4,8})?$/),
  quantity: z.number().int().positive(),
  unitPricePaise: z.number().int().min(0),
  /** The discount on the whole line (not per unit), paise; at most quantity × unitPricePaise. */
  discountPaise: z.number().int().min(0),
  /** 0, 0.25, 3, 5, 12, 18, 28, 40 … */
  gstRatePercent: z.number().min(0).max(100),
  kind: SaleLineKind,
});
export type SaleLine = z.infer<typeof SaleLine>;

export const SaleBuyer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('member'), memberId: z.uuid() }),
  z.object({ type: z.literal('walk_in'), name: z.string().trim().max(120), phone: z.string().trim().max(20).nullable() }),
]);
export type SaleBuyer = z.infer<typeof SaleBuyer>;

export const SaleTotals = z.object({
  /** Σ quantity × unitPricePaise. */
  grossPaise: z.number().int().min(0),
  discountPaise: z.number().int().min(0),
  taxablePaise: z.number().int().min(0),
  taxPaise: z.number().int().min(0),
  totalPaise: z.number().int().min(0),
});
export type SaleTotals = z.infer<typeof SaleTotals>;

export const SaleCompletedData = z.object({
  saleId: z.uuid(),
  organizationId: z.uuid(),
  locationId: z.uuid(),
  buyer: SaleBuyer,
  lines: z.array(SaleLine).min(1).max(200),
  paymentMethod: PaymentMethod,
  totals: SaleTotals,
  /** The user who sold (staff at the counter) or the member buying from their own login. */
  soldBy: z.uuid(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type SaleCompletedData = z.infer<typeof SaleCompletedData>;

export const SaleCompleted = defineEvent('inventory.sale_completed', 1, SaleCompletedData);

/** Tax of a taxable value at a percent rate, half up to the paisa (integer arithmetic on basis points). */
export const saleLineTax = (taxablePaise: number, gstRatePercent: number): number => {
  const bps = Math.round(gstRatePercent * 100);
  return Math.floor((taxablePaise * bps + 5000) / 10_000);
};

/** One line's figures by the rule above. */
export const saleLineTotals = (line: Pick<SaleLine, 'quantity' | 'unitPricePaise' | 'discountPaise' | 'gstRatePercent'>) => {
  const grossPaise = line.quantity * line.unitPricePaise;
  const taxablePaise = Math.max(0, grossPaise - line.discountPaise);
  const taxPaise = saleLineTax(taxablePaise, line.gstRatePercent);
  return { grossPaise, discountPaise: grossPaise - taxablePaise, taxablePaise, taxPaise, totalPaise: taxablePaise + taxPaise };
};

/** A sale's totals: the sum of its lines' figures (each line rounded on its own). */
export const saleTotals = (lines: readonly Pick<SaleLine, 'quantity' | 'unitPricePaise' | 'discountPaise' | 'gstRatePercent'>[]): SaleTotals =>
  lines.map(saleLineTotals).reduce(
    (t, l) => ({
      grossPaise: t.grossPaise + l.grossPaise,
      discountPaise: t.discountPaise + l.discountPaise,
      taxablePaise: t.taxablePaise + l.taxablePaise,
      taxPaise: t.taxPaise + l.taxPaise,
      totalPaise: t.totalPaise + l.totalPaise,
    }),
    { grossPaise: 0, discountPaise: 0, taxablePaise: 0, taxPaise: 0, totalPaise: 0 },
  );
