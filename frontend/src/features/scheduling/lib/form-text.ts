/** A whole number typed in a form: '' → undefined (the contract says it is needed), else the number (NaN when not one). */
export function wholeFrom(text: string): number | undefined {
  const s = text.trim();
  if (s === '') return undefined;
  return /^-?\d+$/.test(s) ? Number(s) : Number.NaN;
}

/** An allowance typed per plan: blank = unlimited (null). */
export const allowanceFrom = (text: string): number | null | undefined => (text.trim() === '' ? null : wholeFrom(text));

/** Rupees typed (up to two decimals) → integer paise; blank → null (no drop-in price). */
export function paiseFrom(text: string): number | null {
  const s = text.trim().replace(/,/g, '');
  if (s === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return Number.NaN;
  return Math.round(Number(s) * 100);
}
