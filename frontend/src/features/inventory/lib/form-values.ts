/** A whole-number field's text for the contract: blank → undefined (the default applies), else the number (NaN when not one, which the contract words). */
export function intFromInput(text: string): number | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
