import type { CalendarDate } from '@akhada/kit/domain';

/**
 * A wall-clock time in a location's calendar → the UTC instant it names, with the location's IANA time zone (the
 * directory's `timezone`). Pure: Intl's zone rules, no clock. DST-safe: a local time the clocks skip (spring forward)
 * is the first instant after the gap; one that happens twice (fall back) is the first of the two.
 */
export type LocalTime = string; // 'HH:MM', 24-hour

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isLocalTime = (value: string): boolean => TIME.test(value);

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const offsetFormat = (timeZone: string): Intl.DateTimeFormat => {
  let f = offsetFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormats.set(timeZone, f);
  }
  return f;
};

/** Minutes the zone is ahead of UTC at an instant (+330 for Asia/Kolkata). */
export const offsetMinutes = (timeZone: string, instantMs: number): number => {
  const parts = offsetFormat(timeZone).formatToParts(new Date(instantMs));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
};

/** The instant at which the location's clocks show `time` on `date`. */
export const instantAt = (date: CalendarDate, time: LocalTime, timeZone: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes: the offset before and after the guess differ only around a change of the clocks.
  const first = wall - offsetMinutes(timeZone, wall) * 60_000;
  const second = wall - offsetMinutes(timeZone, first) * 60_000;
  if (first === second) return new Date(first);
  // Around a change: the earlier candidate that really shows `time`, else (a skipped time) the later one.
  const [early, late] = first < second ? [first, second] : [second, first];
  return new Date(early + offsetMinutes(timeZone, early) * 60_000 === wall ? early : late);
};

const DAY_MS = 86_400_000;
const dayMs = (date: CalendarDate): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

/** The date n days later (n may be negative). */
export const addDays = (date: CalendarDate, n: number): CalendarDate => new Date(dayMs(date) + n * DAY_MS).toISOString().slice(0, 10);

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export const weekdayOf = (date: CalendarDate): number => {
  const day = new Date(dayMs(date)).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The Monday of the week a date is in. */
export const weekStart = (date: CalendarDate): CalendarDate => addDays(date, 1 - weekdayOf(date));

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time ('HH:MM') an instant shows in a time zone. */
export const localTimeOf = (timeZone: string, instant: Date): LocalTime => {
  let f = clockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
    clockFormats.set(timeZone, f);
  }
  return f.format(instant);
};
