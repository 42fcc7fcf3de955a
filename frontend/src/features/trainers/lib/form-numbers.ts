/*
 * Number inputs hold text; these turn it into what the trainers contracts check. Blank is "not given" (undefined: the
 * field is required or takes its default); anything that is not a plain number becomes NaN, which the contract words.
 */
export function integerFromInput(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** An optional date input: '' → null. */
export const optionalDate = (text: string): string | null => (text.trim() === '' ? null : text.trim());
