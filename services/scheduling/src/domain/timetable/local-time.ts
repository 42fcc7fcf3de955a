import { addDays, type CalendarDate } from '@akhada/kit/domain';

/**
 * Wall-clock times of a location's timetable. The instant a local time names (`instantAt`), the time an instant shows
 * (`timeIn`) and date arithmetic (`addDays`) are the kit's calendar (`@akhada/kit/domain`); the timetable's own weeks are here.
 */
export type LocalTime = string; // 'HH:MM', 24-hour

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export const weekdayOf = (date: CalendarDate): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The Monday of the week a date is in. */
export const weekStart = (date: CalendarDate): CalendarDate => addDays(date, 1 - weekdayOf(date));
