import type { RequestContext } from '@akhada/kit';
import { sql } from 'kysely';
import { locationsFor } from './access.ts';
import { dateIn, zoneOf, type AttendanceDeps } from './deps.ts';
import { localRange } from './list-attendance.ts';
import { addDays } from './reports.ts';
import { orNone } from './today.ts';

const WORKOUTS = ['cardio', 'strength', 'yoga', 'pilates', 'crossfit', 'swimming', 'other'] as const;
const METHODS = ['qr', 'manual', 'kiosk', 'app'] as const;

/** GET /attendance/stats: member sessions of a date range (default the last 30 days). */
export const stats = async (
  deps: Pick<AttendanceDeps, 'db' | 'clock' | 'directory' | 'timeZone'>,
  ctx: RequestContext,
  q: { startDate?: string | undefined; endDate?: string | undefined; locationId?: string | undefined },
) => {
  const locations = orNone(locationsFor(ctx, q.locationId));
  const zone = await zoneOf(deps, locations[0] ?? '');
  const today = dateIn(zone, deps.clock());
  const endDate = q.endDate ?? (q.startDate && q.startDate > today ? q.startDate : today);
  const startDate = q.startDate ?? addDays(endDate, -29);
  const { from, to } = localRange(zone, startDate, endDate);
  const scoped = deps.db
    .selectFrom('sessions')
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locations)
    .where('type', '=', 'member')
    .where('check_in_time', '>=', from ?? sql<Date>`now()`)
    .where('check_in_time', '<', to ?? sql<Date>`now()`);
  const c = await scoped
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(distinct person_id)`.as('unique'),
      sql<string>`count(*) filter (where status = 'completed')`.as('completed'),
      sql<string>`count(*) filter (where status = 'active')`.as('active'),
      sql<string>`count(*) filter (where auto_closed)`.as('auto'),
      sql<string | null>`round(avg(duration) filter (where status = 'completed'))`.as('avg'),
    ])
    .executeTakeFirstOrThrow();
  const grouped = async (expr: ReturnType<typeof sql<string>>) => {
    const rows = await scoped
      .select([expr.as('k'), sql<string>`count(*)`.as('n')])
      .groupBy(sql`1`)
      .execute();
    return new Map(rows.map((r) => [String(r.k), Number(r.n)]));
  };
  const workouts = await grouped(sql<string>`workout_type`);
  const methods = await grouped(sql<string>`check_in_method`);
  const dows = await grouped(sql<string>`extract(dow from check_in_time at time zone ${zone})::int::text`);
  const hours = await grouped(sql<string>`extract(hour from check_in_time at time zone ${zone})::int::text`);
  return {
    startDate,
    endDate,
    totalCheckIns: Number(c.total),
    uniqueMembers: Number(c.unique),
    completedSessions: Number(c.completed),
    activeSessions: Number(c.active),
    autoClosedSessions: Number(c.auto),
    avgDuration: c.avg ? Number(c.avg) : 0,
    byWorkoutType: WORKOUTS.map((workoutType) => ({ workoutType, count: workouts.get(workoutType) ?? 0 })),
    byMethod: METHODS.map((method) => ({ method, count: methods.get(method) ?? 0 })),
    byDayOfWeek: Array.from({ length: 7 }, (_, day) => ({ day, count: dows.get(String(day)) ?? 0 })),
    peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hours.get(String(hour)) ?? 0 })),
  };
};
