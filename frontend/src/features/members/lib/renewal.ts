import type { PaymentFrequency } from '@akhada/contracts';

/** A calendar day as YYYY-MM-DD. */
export type CalendarDay = string;

export const MONTHS_PER_PERIOD: Record<PaymentFrequency, number> = { monthly: 1, quarterly: 3, annually: 12 };

const parse = (d: CalendarDay) => {
  const [y = 0, m = 1, day = 1] = d.split('-').map(Number);
  return { y, m, d: day };
};
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const format = (y: number, m: number, d: number): CalendarDay => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export const isCalendarDay = (v: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The same day `months` later (31 Jan + 1 month → 28/29 Feb), as the members service counts a term. */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const { y, m, d } = parse(day);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return format(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Today in a time zone (the location's calendar). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): CalendarDay {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/**
 * Where a new term starts when staff leave the date as proposed, as the members service decides it: an end date is
 * the first day the term no longer covers, so a running membership continues on its end date (no gap, no overlap);
 * an expired, cancelled or awaiting one starts today.
 */
export function proposedStart(
  { endDate, daysRemaining, running }: { endDate: CalendarDay; daysRemaining: number; running: boolean },
  today: CalendarDay,
): CalendarDay {
  if (!running || daysRemaining <= 0) return today;
  return endDate > today ? endDate : today;
}

/** The end date of a term starting `start`: a plan's `months` when it is one, else one period of `frequency`. */
export const termEnd = (start: CalendarDay, frequency: PaymentFrequency, months?: number): CalendarDay =>
  addMonths(start, months ?? MONTHS_PER_PERIOD[frequency]);
