import { addDays, instantAt, type CalendarDate } from '@akhada/kit/domain';
import { weekdayOf } from '../timetable/local-time.ts';

/** A trainer's recurring weekly hours: day 0 = Sunday … 6 = Saturday, local "HH:MM" times (trainers.schedule_changed). */
export interface WeeklySlot {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

export interface Interval {
  startsAt: string;
  endsAt: string;
}

const MINUTE = 60_000;
const ms = (iso: string): number => new Date(iso).getTime();

/** The days from one to another, both included. */
export const daysFrom = (from: CalendarDate, to: CalendarDate): CalendarDate[] => {
  const out: CalendarDate[] = [];
  for (let d = from; d <= to && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
};

/** The trainer's working hours on these days, as instants (the location's clocks), in order. */
export const openHoursOn = (weeklySlots: readonly WeeklySlot[], timeZone: string, days: readonly CalendarDate[]): Interval[] =>
  days
    .flatMap((date) =>
      weeklySlots
        .filter((s) => s.dayOfWeek === weekdayOf(date) % 7)
        .map((s) => ({ startsAt: instantAt(date, s.startTime, timeZone).toISOString(), endsAt: instantAt(date, s.endTime, timeZone).toISOString() })),
    )
    .filter((h) => ms(h.endsAt) > ms(h.startsAt))
    .sort((a, b) => ms(a.startsAt) - ms(b.startsAt));

/**
 * The free slots of a length inside the working hours: from each period's start, one slot after another; a slot that
 * would overlap something held starts again where that ends. Only slots starting within [notBefore, notAfter].
 */
export const freeSlots = (o: {
  openHours: readonly Interval[];
  busy: readonly Interval[];
  durationMinutes: number;
  notBefore: Date;
  notAfter: Date;
}): Interval[] => {
  const length = o.durationMinutes * MINUTE;
  const busy = o.busy.map((b) => ({ start: ms(b.startsAt), end: ms(b.endsAt) }));
  const out: Interval[] = [];
  for (const h of o.openHours) {
    const close = ms(h.endsAt);
    let t = ms(h.startsAt);
    while (t + length <= close) {
      const end = t + length;
      const hit = busy.filter((b) => b.start < end && t < b.end);
      if (hit.length > 0) {
        t = Math.max(...hit.map((b) => b.end));
        continue;
      }
      if (t >= o.notBefore.getTime() && t <= o.notAfter.getTime()) out.push({ startsAt: new Date(t).toISOString(), endsAt: new Date(end).toISOString() });
      t = end;
    }
  }
  return out;
};
