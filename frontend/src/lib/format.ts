/** Numbers and money are formatted en-IN in both languages (lakh grouping, Latin digits); dates follow the UI language. */
export type UiLanguage = 'en' | 'hi';

const moneyWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const moneyExact = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 });
const integer = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** ₹2,000 (no decimals, as on cards) or ₹2,000.50 with `exact`. */
export function formatMoney(rupees: number, opts: { exact?: boolean } = {}): string {
  return (opts.exact ? moneyExact : moneyWhole).format(rupees);
}

export function formatNumber(n: number): string {
  return integer.format(n);
}

export function dateLocale(lang: string): string {
  return lang === 'hi' ? 'hi-IN' : 'en-IN';
}

/** "2025-03-14" is a calendar date: read it in local time so it never shifts a day. */
export function parseDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(value);
}

export function formatDate(value: string | Date, lang: string): string {
  return parseDate(value).toLocaleDateString(dateLocale(lang), { day: 'numeric', month: 'short', year: 'numeric', numberingSystem: 'latn' });
}

export function formatDateTime(value: string | Date, lang: string): string {
  return parseDate(value).toLocaleString(dateLocale(lang), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    numberingSystem: 'latn',
  });
}
