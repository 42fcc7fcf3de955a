/** Calendar dates 'YYYY-MM-DD' of a location's calendar; arithmetic on UTC midnights (every day 24 hours). */
export type CalendarDate = string;
const DAY_MS = 86_400_000;

/** The calendar date of an instant in a time zone: the kit's. */
export { dateIn } from '@akhada/kit/domain';

export const addDays = (date: CalendarDate, days: number): CalendarDate => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: CalendarDate, to: CalendarDate): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Same day n months later, clamped to the month's last day. */
export const addMonths = (date: CalendarDate, months: number): CalendarDate => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};

/** The first day of the month of a date, and of the Indian financial year (1 April) it falls in. */
export const monthStart = (date: CalendarDate): CalendarDate => `${date.slice(0, 7)}-01`;
export const financialYearStart = (date: CalendarDate): CalendarDate => {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return `${m >= 4 ? y : y - 1}-04-01`;
};

/** The instant a local date begins in a time zone (for timestamp ranges): midnight there, as UTC. */
export const startOfDayIn = (timeZone: string, date: CalendarDate): Date => {
  const guess = Date.parse(`${date}T00:00:00Z`);
  // Offset of the zone at that moment: format the guess in the zone and compare.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .formatToParts(new Date(guess))
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return new Date(guess - (asUtc - guess));
};
