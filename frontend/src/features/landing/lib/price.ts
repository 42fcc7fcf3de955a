/*
 * Whole numbers the Indian way (lakh grouping, Latin digits), as lib/format does with Intl's en-IN, but without it:
 * initialising Intl's locale data costs a long task on a slow phone, and the landing page only shows whole numbers.
 */

/** 1500000 → "15,00,000": the last three digits, then groups of two. */
export function groupIndian(n: number): string {
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.round(Math.abs(n)));
  if (digits.length <= 3) return sign + digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${rest},${last3}`;
}

/** Integer paise as whole rupees, en-IN with ₹ in both languages: 199900 → "₹1,999", 0 → "₹0". */
export function formatPaise(paise: number): string {
  return `₹${groupIndian(Math.round(paise) / 100)}`;
}

/** A cost that is a lower bound reads "₹50,000+". */
export function formatCost(cost: { amountPaise: number; orMore: boolean }): string {
  return `${formatPaise(cost.amountPaise)}${cost.orMore ? '+' : ''}`;
}
