/**
 * Calendar dates ('YYYY-MM-DD') as value objects: a day in a location's calendar, with no time and no zone.
 * Arithmetic runs on UTC midnights, where every day is exactly 24 hours long.
 */
export type CalendarDate = string;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const parse = (date: CalendarDate): { y: number; m: number; d: number } => {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) throw new RangeError(`Not a calendar date: ${date}`);
  return { y, m, d };
};

const format = (y: number, m: number, d: number): CalendarDate => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

export const isCalendarDate = (value: string): boolean => {
  try {
    parse(value);
    return true;
  } catch {
    return false;
  }
};

const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Same day of the month, n months later; clamped to the month's last day (31 Jan + 1 month = 28 or 29 Feb). */
export const addMonths = (date: CalendarDate, months: number): CalendarDate => {
  const { y, m, d } = parse(date);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return format(ny, nm, Math.min(d, daysInMonth(ny, nm)));
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: CalendarDate, to: CalendarDate): number => {
  const a = parse(from);
  const b = parse(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
};

/** The calendar date an instant falls on in a time zone ("today" for a location). */
export const dateIn = (timeZone: string, instant: Date): CalendarDate => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return format(part('year'), part('month'), part('day'));
};
