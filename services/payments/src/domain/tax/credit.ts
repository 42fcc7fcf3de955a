import type { TaxedLine } from './rule.ts';

/** Splits `amount` over weights in proportion, the rounding remainder on the last share (the shares add up exactly). */
const shares = (amount: number, weights: number[]): number[] => {
  const whole = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => (whole ? Math.floor((amount * w) / whole) : 0));
  out[out.length - 1]! += amount - out.reduce((a, b) => a + b, 0);
  return out;
};

/** The credit note lines for `amountPaise` (tax included) of an invoice: each line's share, taxed as it was invoiced. */
export const creditLines = (original: readonly TaxedLine[], amountPaise: number, originalNumber: string): TaxedLine[] =>
  shares(
    amountPaise,
    original.map((l) => l.totalPaise),
  ).map((share, i) => {
    const l = original[i]!;
    const taxable = l.totalPaise ? Math.round((share * l.taxablePaise) / l.totalPaise) : share;
    const tax = share - taxable;
    const intra = l.cgstPaise + l.sgstPaise > 0;
    const cgst = intra ? Math.ceil(tax / 2) : 0;
    return {
      description: `Refund against ${originalNumber}: ${l.description}`,
      sacOrHsn: l.sacOrHsn,
      quantity: l.quantity,
      taxablePaise: taxable,
      rateBps: l.rateBps,
      cgstPaise: cgst,
      sgstPaise: intra ? tax - cgst : 0,
      igstPaise: !intra && l.igstPaise > 0 ? tax : 0,
      totalPaise: taxable + (intra || l.igstPaise > 0 ? tax : 0),
    };
  });
