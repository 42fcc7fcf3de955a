import { addDays, daysBetween, DomainError, instantAt, type CalendarDate } from '@akhada/kit/domain';
import { weekdayOf, type LocalTime } from './local-time.ts';

/** A recurring class: on these weekdays, at this local time, from one date until another (both included). */
export interface SeriesPattern {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: number[];
  startTime: LocalTime;
  durationMinutes: number;
  from: CalendarDate;
  until: CalendarDate;
  timeZone: string;
}

/** How far a series may reach: a year of classes at most (a longer one is made again next year). */
export const MAX_SERIES_DAYS = 366;

export interface PlannedOccurrence {
  date: CalendarDate;
  startsAt: Date;
  endsAt: Date;
}

/** Refuses a pattern that cannot make a timetable (400 with the reason). */
export const checkPattern = (p: SeriesPattern): void => {
  const bad = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
  if (p.weekdays.length === 0) throw bad('Choose at least one weekday');
  if (p.weekdays.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) throw bad('Weekdays are numbers from 1 (Monday) to 7 (Sunday)');
  const span = daysBetween(p.from, p.until);
  if (span < 0) throw bad('The series must end on or after the day it starts');
  if (span > MAX_SERIES_DAYS) throw bad(`A series may run for at most ${MAX_SERIES_DAYS} days`);
};

/**
 * Every class of a series: one per chosen weekday between `from` and `until`, each at the local start time converted
 * with the location's zone on its own date (so 07:00 stays 07:00 on the wall across a change of the clocks).
 */
export const expandSeries = (p: SeriesPattern): PlannedOccurrence[] => {
  checkPattern(p);
  const days = new Set(p.weekdays);
  const out: PlannedOccurrence[] = [];
  for (let date = p.from; daysBetween(date, p.until) >= 0; date = addDays(date, 1)) {
    if (!days.has(weekdayOf(date))) continue;
    const startsAt = instantAt(date, p.startTime, p.timeZone);
    out.push({ date, startsAt, endsAt: new Date(startsAt.getTime() + p.durationMinutes * 60_000) });
  }
  return out;
};
