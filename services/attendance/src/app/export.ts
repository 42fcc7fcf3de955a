import type { RequestContext } from '@akhada/kit';
import type { Selectable } from 'kysely';
import { Readable } from 'node:stream';
import type { SessionsTable } from '../db/schema.ts';
import { toAttendance } from '../views/attendance-view.ts';
import { locationsFor } from './access.ts';
import { dateIn, zoneOf, type AttendanceDeps } from './deps.ts';
import { withinDates } from './list-attendance.ts';
import { addDays } from './reports.ts';
import { orNone } from './today.ts';

const BATCH = 1000;
const CSV_HEADER = ['Member', 'Email', 'Type', 'Check In', 'Check Out', 'Duration (min)', 'Status', 'Workout Type', 'Check-in Method', 'Notes'];

/** A CSV cell: quoted when needed, and a leading =, +, - or @ defused so a spreadsheet never runs it as a formula. */
export const csvCell = (value: string | number | null): string => {
  if (value === null) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csvRow = (r: Selectable<SessionsTable>): string =>
  [
    `${r.first_name} ${r.last_name}`.trim(),
    r.email,
    r.type,
    r.check_in_time.toISOString(),
    r.check_out_time?.toISOString() ?? null,
    r.duration,
    r.status,
    r.workout_type,
    r.check_in_method,
    r.notes,
  ]
    .map(csvCell)
    .join(',');

/**
 * GET /attendance/export: the records of a date range (default the last 30 days) as a CSV or JSON download, read in
 * keyset pages of 1000 (check_in_time, id) as the client takes them, so a million rows never sit in memory.
 */
export const exportAttendance = async (
  deps: Pick<AttendanceDeps, 'db' | 'clock' | 'directory' | 'timeZone'>,
  ctx: RequestContext,
  q: {
    format: 'csv' | 'json';
    startDate?: string | undefined;
    endDate?: string | undefined;
    type?: 'member' | 'trainer' | undefined;
    locationId?: string | undefined;
  },
) => {
  const locations = orNone(locationsFor(ctx, q.locationId));
  const zone = await zoneOf(deps, locations[0] ?? '');
  const today = dateIn(zone, deps.clock());
  const endDate = q.endDate ?? (q.startDate && q.startDate > today ? q.startDate : today);
  const startDate = q.startDate ?? addDays(endDate, -29);
  const { db } = deps;
  async function* rows(): AsyncGenerator<Selectable<SessionsTable>> {
    let after: { time: Date; id: string } | null = null;
    for (;;) {
      let query = withinDates(db.selectFrom('sessions').where('org_id', '=', ctx.orgId).where('location_id', 'in', locations), zone, startDate, endDate);
      if (q.type) query = query.where('type', '=', q.type);
      const cursor: { time: Date; id: string } | null = after;
      if (cursor)
        query = query.where((eb) => eb.or([eb('check_in_time', '<', cursor.time), eb.and([eb('check_in_time', '=', cursor.time), eb('id', '<', cursor.id)])]));
      const page = await query.selectAll().orderBy('check_in_time', 'desc').orderBy('id', 'desc').limit(BATCH).execute();
      for (const r of page) yield r;
      const last = page.at(-1);
      if (!last || page.length < BATCH) return;
      after = { time: last.check_in_time, id: last.id };
    }
  }
  async function* csv(): AsyncGenerator<string> {
    yield `${CSV_HEADER.join(',')}\r\n`;
    for await (const r of rows()) yield `${csvRow(r)}\r\n`;
  }
  async function* json(): AsyncGenerator<string> {
    yield '[';
    let first = true;
    for await (const r of rows()) {
      yield `${first ? '' : ','}${JSON.stringify(toAttendance(r))}`;
      first = false;
    }
    yield ']';
  }
  return {
    contentType: q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    fileName: `attendance-${startDate}-${endDate}.${q.format}`,
    body: Readable.from(q.format === 'csv' ? csv() : json()),
  };
};
