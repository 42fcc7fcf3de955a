/**
 * Calendar dates ('YYYY-MM-DD') as value objects: a day in a location's calendar, with no time and no zone.
 * Arithmetic runs on UTC midnights, where every day is exactly 24 hours long. Times are stored in UTC; a location's
 * time zone (the directory's `timezone`) decides its "today", weeks and months (ARCHITECTURE.md).
 */
export type CalendarDate = string;

/** The time zone of a location that has none on record (every Indian location's). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number): number => (m === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[m - 1]!);

// Checked by arithmetic, without a Date per call: the members list computes days remaining for every row.
// Years below 100 are refused (Date.UTC would read them as 19xx).
const parse = (date: CalendarDate): { y: number; m: number; d: number } => {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (y < 100 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) throw new RangeError(`Not a calendar date: ${date}`);
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

/** Same day of the month, n months later; clamped to the month's last day (31 Jan + 1 month = 28 or 29 Feb). */
export const addMonths = (date: CalendarDate, months: number): CalendarDate => {
  const { y, m, d } = parse(date);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return format(ny, nm, Math.min(d, daysInMonth(ny, nm)));
};

// Days since 1970-01-01 of the dates seen lately: a page of members asks for "today" and a few end dates many times.
const dayNumbers = new Map<CalendarDate, number>();
const dayNumber = (date: CalendarDate): number => {
  let n = dayNumbers.get(date);
  if (n === undefined) {
    const { y, m, d } = parse(date);
    n = Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
    if (dayNumbers.size >= 10_000) dayNumbers.clear();
    dayNumbers.set(date, n);
  }
  return n;
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: CalendarDate, to: CalendarDate): number => dayNumber(to) - dayNumber(from);

// Building an Intl.DateTimeFormat costs ~100 µs (it loads the zone's rules); formatting with a built one ~10 µs.
// One per time zone, made on first use (there are a few hundred zones at most).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (timeZone: string): Intl.DateTimeFormat => {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f;
};

// Every zone's offset has been a whole number of minutes since 1980, so the date in a zone changes only on a UTC
// minute: the last answer per zone is reused for instants in the same minute (every request asks for "today").
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1980, 0, 1);
const lastDay = new Map<string, { minute: number; date: CalendarDate }>();

/** The calendar date an instant falls on in a time zone ("today" for a location). */
export const dateIn = (timeZone: string, instant: Date): CalendarDate => {
  const ms = instant.getTime();
  const minute = Math.floor(ms / 60_000);
  const last = lastDay.get(timeZone);
  if (last && last.minute === minute) return last.date;
  const parts = dayFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const date = format(part('year'), part('month'), part('day'));
  if (ms >= WHOLE_MINUTE_OFFSETS_SINCE) lastDay.set(timeZone, { minute, date });
  return date;
};

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time ("HH:mm", 24-hour) an instant shows in a time zone: a class's start as its location reads it. */
export const timeIn = (timeZone: string, instant: Date): string => {
  let f = clockFormats.get(timeZone);
  if (!f) clockFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  return f.format(instant);
};

/** The date n days after (or before, n < 0) a date. */
export const addDays = (date: CalendarDate, days: number): CalendarDate => {
  const { y, m, d } = parse(date);
  const t = new Date(Date.UTC(y, m - 1, d) + days * DAY_MS);
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
};

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

/** Minutes a time zone is ahead of UTC at an instant (+330 for Asia/Kolkata). */
export const offsetMinutes = (timeZone: string, instantMs: number): number => {
  const parts = offsetFormat(timeZone).formatToParts(new Date(instantMs));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
};

/**
 * The instant a time zone's clocks show a wall-clock time (given as the UTC milliseconds of the same reading). DST-safe:
 * a time the clocks skip (spring forward) is the first instant after the gap; one that happens twice (fall back) is the
 * first of the two.
 */
const wallClockInstant = (timeZone: string, wall: number): Date => {
  // Two passes: the offset before and after the guess differ only around a change of the clocks.
  const first = wall - offsetMinutes(timeZone, wall) * 60_000;
  const second = wall - offsetMinutes(timeZone, first) * 60_000;
  if (first === second) return new Date(first);
  // Around a change: the earlier candidate that really shows the time, else (a skipped time) the later one.
  const [early, late] = first < second ? [first, second] : [second, first];
  return new Date(early + offsetMinutes(timeZone, early) * 60_000 === wall ? early : late);
};

/** The instant at which a location's clocks show `time` ('HH:MM', 24-hour) on `date`: a class's start. */
export const instantAt = (date: CalendarDate, time: string, timeZone: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return wallClockInstant(timeZone, Date.UTC(y, m - 1, d, hh, mm));
};

/** The instant a local date begins in a time zone (midnight there, as UTC): a validity window's edge, a day's range. */
export const startOfDayIn = (timeZone: string, date: CalendarDate): Date => {
  const { y, m, d } = parse(date);
  return wallClockInstant(timeZone, Date.UTC(y, m - 1, d));
};
