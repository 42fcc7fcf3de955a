import type { AttendanceReport } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { sql } from 'kysely';
import { locationsFor } from './access.ts';
import { dateIn, zoneOf, type AttendanceDeps } from './deps.ts';
import { localRange } from './list-attendance.ts';
import { orNone } from './today.ts';

type ReportType = 'daily' | 'weekly' | 'monthly';
const DAY = 86_400_000;
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (isoDate: string, days: number): string => iso(new Date(toDate(isoDate).getTime() + days * DAY));

/** First day of the period holding a date: the day, its Sunday, or the 1st of its month. */
export const periodStart = (type: ReportType, isoDate: string): string => {
  if (type === 'daily') return isoDate;
  if (type === 'weekly') return addDays(isoDate, -toDate(isoDate).getUTCDay());
  return `${isoDate.slice(0, 7)}-01`;
};
export const periodEnd = (type: ReportType, start: string): string => {
  if (type === 'daily') return start;
  if (type === 'weekly') return addDays(start, 6);
  const d = toDate(start);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
};
const nextPeriod = (type: ReportType, start: string): string => addDays(periodEnd(type, start), 1);

/** Default ranges: the last 30 days, 12 weeks or 12 months up to today. */
export const defaultRange = (type: ReportType, today: string): { startDate: string; endDate: string } => {
  if (type === 'daily') return { startDate: addDays(today, -29), endDate: today };
  if (type === 'weekly') return { startDate: periodStart('weekly', addDays(today, -7 * 11)), endDate: today };
  const d = toDate(today);
  return { startDate: iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1))), endDate: today };
};

/** GET /attendance/reports: member check-ins per day, week (Sunday–Saturday) or month, in the location's time zone. */
export const reports = async (
  deps: Pick<AttendanceDeps, 'db' | 'clock' | 'directory' | 'timeZone'>,
  ctx: RequestContext,
  q: { type: ReportType; startDate?: string | undefined; endDate?: string | undefined; locationId?: string | undefined },
): Promise<AttendanceReport> => {
  const locations = orNone(locationsFor(ctx, q.locationId));
  const zone = await zoneOf(deps, locations[0] ?? '');
  const today = dateIn(zone, deps.clock());
  const def = defaultRange(q.type, today);
  const startDate = q.startDate ?? (q.endDate ? periodStart(q.type, addDays(q.endDate, -29)) : def.startDate);
  const endDate = q.endDate ?? (q.startDate && q.startDate > today ? q.startDate : def.endDate);
  const { from, to } = localRange(zone, startDate, endDate);
  const unit = q.type === 'daily' ? 'day' : q.type === 'weekly' ? 'week' : 'month';
  const local = sql`(check_in_time at time zone ${zone})::date`;
  const bucket = unit === 'week' ? sql`(${local} - extract(dow from ${local})::int)` : unit === 'month' ? sql`date_trunc('month', ${local})::date` : local;
  const rows = await deps.db
    .selectFrom('sessions')
    .select([
      sql<string>`to_char(${bucket}, 'YYYY-MM-DD')`.as('period'),
      sql<string>`count(*)`.as('total'),
      sql<string>`count(distinct person_id)`.as('unique'),
      sql<string | null>`round(avg(duration))`.as('avg'),
    ])
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locations)
    .where('type', '=', 'member')
    .where('check_in_time', '>=', from ?? sql<Date>`now()`)
    .where('check_in_time', '<', to ?? sql<Date>`now()`)
    .groupBy(sql`1`)
    .execute();
  const byPeriod = new Map(rows.map((r) => [r.period, r]));
  const periods: AttendanceReport['periods'] = [];
  for (let p = periodStart(q.type, startDate); p <= endDate && periods.length < 1000; p = nextPeriod(q.type, p)) {
    const r = byPeriod.get(p);
    periods.push({
      periodStart: p,
      periodEnd: periodEnd(q.type, p),
      totalCheckIns: r ? Number(r.total) : 0,
      uniqueMembers: r ? Number(r.unique) : 0,
      avgDuration: r?.avg ? Number(r.avg) : 0,
    });
  }
  return { type: q.type, startDate, endDate, periods };
};
