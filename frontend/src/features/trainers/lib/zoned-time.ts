/*
 * Times of a location: sessions are stored in UTC and entered and shown in the location's timezone (Asia/Kolkata for
 * most gyms), whatever the browser's own timezone is.
 */

/** The wall-clock parts of an instant in a timezone. */
function partsIn(ms: number, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour) % 24, minute: Number(p.minute), second: Number(p.second) };
}

/** How far the timezone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** "2026-03-14" + "06:30" on the wall clock of `timeZone` → the UTC instant as ISO-8601; null when not a date and time. */
export function zonedToUtcIso(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  let utc = wall - offsetAt(wall, timeZone);
  // Once more near a change of offset (daylight saving in other timezones).
  utc = wall - offsetAt(utc, timeZone);
  return new Date(utc).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date in the timezone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, nowMs = Date.now()): string {
  const p = partsIn(nowMs, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The first and last day of the calendar month containing `nowMs` in the timezone. */
export function monthRangeIn(timeZone: string, nowMs = Date.now()): { startDate: string; endDate: string } {
  const p = partsIn(nowMs, timeZone);
  const last = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  return { startDate: `${p.year}-${pad(p.month)}-01`, endDate: `${p.year}-${pad(p.month)}-${pad(last)}` };
}

/** An instant on the location's clock: "Mon, 14 Mar 2026, 6:30 am". */
export function formatInZone(iso: string, timeZone: string, locale: string): string {
  return new Date(iso).toLocaleString(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    numberingSystem: 'latn',
  });
}
