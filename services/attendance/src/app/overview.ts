import type { AttendanceOverview } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { sql } from 'kysely';
import { locationsFor } from './access.ts';
import { dateIn, zoneOf, type AttendanceDeps } from './deps.ts';
import { localRange } from './list-attendance.ts';
import { orNone } from './today.ts';

const addDays = (isoDate: string, days: number): string => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const oneDecimal = (n: number): number => Math.round(n * 10) / 10;

/** GET /attendance/overview: member check-ins of today, the last 7 and 30 days, peak hours, the attendance rate. */
export const overview = async (
  deps: Pick<AttendanceDeps, 'db' | 'clock' | 'directory' | 'timeZone'>,
  ctx: RequestContext,
  locationId?: string,
): Promise<AttendanceOverview> => {
  const locations = orNone(locationsFor(ctx, locationId));
  const zone = await zoneOf(deps, locations[0] ?? '');
  const date = dateIn(zone, deps.clock());
  const day = localRange(zone, date, date);
  const week = localRange(zone, addDays(date, -6), date);
  const month = localRange(zone, addDays(date, -29), date);
  const scoped = deps.db.selectFrom('sessions').where('org_id', '=', ctx.orgId).where('location_id', 'in', locations);
  const c = await scoped
    .select([
      sql<string>`count(*) filter (where type = 'member' and check_in_time >= ${day.from} and check_in_time < ${day.to})`.as('today'),
      sql<string>`count(*) filter (where status = 'active')`.as('active'),
      sql<string>`count(distinct person_id) filter (where status = 'active' and type = 'member')`.as('present'),
      sql<string>`count(*) filter (where type = 'member' and check_in_time >= ${week.from} and check_in_time < ${week.to})`.as('week'),
      sql<string>`count(*) filter (where type = 'member' and check_in_time >= ${month.from} and check_in_time < ${month.to})`.as('month'),
    ])
    .executeTakeFirstOrThrow();
  const hours = await scoped
    .select([sql<number>`extract(hour from check_in_time at time zone ${zone})::int`.as('hour'), sql<string>`count(*)`.as('count')])
    .where('type', '=', 'member')
    .where('check_in_time', '>=', month.from ?? sql<Date>`now()`)
    .where('check_in_time', '<', month.to ?? sql<Date>`now()`)
    .groupBy(sql`1`)
    .execute();
  const byHour = new Map(hours.map((h) => [Number(h.hour), Number(h.count)]));
  const active = await deps.db
    .selectFrom('members')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where exists (select 1 from sessions s where s.person_id = members.id and s.check_in_time >= ${month.from} and s.check_in_time < ${month.to}))`.as(
        'visited',
      ),
    ])
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locations)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  const totalActive = Number(active.total);
  return {
    today: { totalCheckIns: Number(c.today), activeSessions: Number(c.active), membersPresent: Number(c.present) },
    week: { avgDaily: oneDecimal(Number(c.week) / 7), totalCheckIns: Number(c.week) },
    month: { avgDaily: oneDecimal(Number(c.month) / 30), totalCheckIns: Number(c.month) },
    peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: byHour.get(hour) ?? 0 })),
    attendanceRate: totalActive ? Math.min(100, oneDecimal((Number(active.visited) / totalActive) * 100)) : 0,
    totalActiveMembers: totalActive,
  };
};
