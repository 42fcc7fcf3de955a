/* Form inputs hold text; these turn it into the values a contract's body takes. */

/**
 * The text of a money field as rupees for the contract: blank → undefined (the contract's default applies); digits
 * with an optional decimal part, Indian or Western grouping commas and an optional minus → that number (the contract
 * words what is wrong with it: negative, too large, more than two decimals); anything else → NaN, which the contract
 * reports as "Enter an amount in rupees".
 */
export function rupeesFromInput(text: string): number | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return undefined;
  return /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Empty text fields are "not given". */
export const optionalText = (text: string): string | undefined => (text.trim() === '' ? undefined : text);
