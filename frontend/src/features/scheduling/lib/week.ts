import type { ClassSummary } from '@akhada/contracts';

/** One day of a week's timetable: its date (YYYY-MM-DD in the location's calendar) and its classes in start order. */
export interface DayColumn {
  date: string;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  classes: ClassSummary[];
}

const DAY_MS = 86_400_000;

/** A calendar date `n` days after `date` (both YYYY-MM-DD; no time zone involved). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The seven days of the week starting `weekStart` (a Monday) with the classes of each, by their local date and start
 * time (the server gives both in the location's time zone); classes outside the week are left out.
 */
export function weekColumns(weekStart: string, classes: readonly ClassSummary[]): DayColumn[] {
  const days: DayColumn[] = Array.from({ length: 7 }, (_, i) => ({ date: addDays(weekStart, i), weekday: i + 1, classes: [] }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const c of classes) byDate.get(c.localDate)?.classes.push(c);
  for (const d of days)
    d.classes.sort((a, b) => a.localTime.localeCompare(b.localTime) || a.startsAt.localeCompare(b.startsAt) || a.className.localeCompare(b.className));
  return days;
}

/** The days that have classes, for the agenda list on phones. */
export const daysWithClasses = (days: readonly DayColumn[]): DayColumn[] => days.filter((d) => d.classes.length > 0);

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "HH:MM" (24-hour) of an instant in a time zone. */
export function timeIn(iso: string, timeZone: string): string {
  let f = timeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(at: Date, timeZone: string): string {
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, f);
  }
  return f.format(at);
}

/** "07:00–08:00": a class's local start time and its end in the location's time zone. */
export const classTimes = (c: Pick<ClassSummary, 'localTime' | 'endsAt'>, timeZone: string) => ({ start: c.localTime, end: timeIn(c.endsAt, timeZone) });

/** A calendar date for people: "Mon, 2 Mar" (English) / "सोम, 2 मार्च" (Hindi), never shifted by the browser's zone. */
export function dayLabel(date: string, lang: string, opts: { long?: boolean } = {}): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(lang === 'hi' ? 'hi-IN' : 'en-IN', {
    timeZone: 'UTC',
    weekday: opts.long ? 'long' : 'short',
    day: 'numeric',
    month: 'short',
    numberingSystem: 'latn',
  });
}

/** Places left in a class (never below 0). */
export const spotsLeft = (c: Pick<ClassSummary, 'capacity' | 'booked'>): number => Math.max(0, c.capacity - c.booked);

/** A class a member may still act on: on the timetable and not started. */
export const isBookable = (c: Pick<ClassSummary, 'status' | 'startsAt'>, now: Date): boolean =>
  c.status === 'scheduled' && Date.parse(c.startsAt) > now.getTime();
