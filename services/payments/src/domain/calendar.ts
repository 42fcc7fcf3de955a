import type { CalendarDate } from '@akhada/kit/domain';

/**
 * Payments' own periods of a location's calendar. Days, "today" and a day's start at the location are the kit's
 * calendar (`@akhada/kit/domain`: `dateIn`, `addDays`, `daysBetween`, `startOfDayIn`).
 */

/** The first day of the month of a date, and of the Indian financial year (1 April) it falls in. */
export const monthStart = (date: CalendarDate): CalendarDate => `${date.slice(0, 7)}-01`;
export const financialYearStart = (date: CalendarDate): CalendarDate => {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return `${m >= 4 ? y : y - 1}-04-01`;
};
