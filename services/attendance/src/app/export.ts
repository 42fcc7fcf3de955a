import { exportFile, type ExportColumn, type RequestContext } from '@akhada/kit';
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
/** The CSV's columns (the kit's exportFile quotes cells and defuses formula-looking ones). */
const CSV_COLUMNS: ExportColumn<Selectable<SessionsTable>>[] = [
  { header: 'Member', value: (r) => `${r.first_name} ${r.last_name}`.trim() },
  { header: 'Email', value: (r) => r.email },
  { header: 'Type', value: (r) => r.type },
  { header: 'Check In', value: (r) => r.check_in_time.toISOString() },
  { header: 'Check Out', value: (r) => r.check_out_time?.toISOString() ?? null },
  { header: 'Duration (min)', value: (r) => r.duration },
  { header: 'Status', value: (r) => r.status },
  { header: 'Workout Type', value: (r) => r.workout_type },
  { header: 'Check-in Method', value: (r) => r.check_in_method },
  { header: 'Notes', value: (r) => r.notes },
];

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
  const baseName = `attendance-${startDate}-${endDate}`;
  if (q.format === 'csv') return exportFile(rows(), CSV_COLUMNS, 'csv', baseName);
  // JSON keeps the records' contract shape (the API's attendance record), not the CSV's columns.
  async function* json(): AsyncGenerator<string> {
    yield '[';
    let first = true;
    for await (const r of rows()) {
      yield `${first ? '' : ','}${JSON.stringify(toAttendance(r))}`;
      first = false;
    }
    yield ']';
  }
  return { contentType: 'application/json; charset=utf-8', fileName: `${baseName}.json`, body: Readable.from(json()) };
};
