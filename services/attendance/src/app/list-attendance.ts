import type { Attendance, AttendanceListQuery } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { notFound } from '@akhada/kit/domain';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { AttendanceDb } from '../db/schema.ts';
import { toAttendance } from '../views/attendance-view.ts';
import { locationsFor } from './access.ts';
import { zoneOf, type AttendanceDeps } from './deps.ts';

type Q = SelectQueryBuilder<AttendanceDb, 'sessions', object>;

/** Start (inclusive) and end (exclusive) instants of local dates in a zone. */
export const localRange = (timeZone: string, startDate?: string, endDate?: string) => ({
  from: startDate ? sql<Date>`(${startDate}::date)::timestamp at time zone ${timeZone}` : null,
  to: endDate ? sql<Date>`((${endDate}::date + 1)::timestamp) at time zone ${timeZone}` : null,
});

export const withinDates = (q: Q, timeZone: string, startDate?: string, endDate?: string): Q => {
  const { from, to } = localRange(timeZone, startDate, endDate);
  let out = q;
  if (from) out = out.where('check_in_time', '>=', from);
  if (to) out = out.where('check_in_time', '<', to);
  return out;
};

const page = (total: number, current: number, limit: number) => ({ current, pages: Math.ceil(total / limit), total, limit });

/** GET /attendance: the caller's locations, newest first. */
export const listAttendance = async (deps: Pick<AttendanceDeps, 'db' | 'directory' | 'timeZone'>, ctx: RequestContext, q: AttendanceListQuery) => {
  const locations = locationsFor(ctx, q.locationId);
  const zone = await zoneOf(deps, locations[0] ?? '');
  let base: Q = deps.db
    .selectFrom('sessions')
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locations.length ? locations : ['00000000-0000-0000-0000-000000000000'])
    .where('type', '=', q.type);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.memberId) base = base.where('person_id', '=', q.memberId);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb(sql`first_name || ' ' || last_name`, 'ilike', like), eb('email', 'ilike', like)]));
  }
  base = withinDates(base, zone, q.startDate, q.endDate);
  const [{ total } = { total: 0 }] = await base
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .execute()
    .then((r) => r.map((x) => ({ total: Number(x.total) })));
  const rows = await base
    .selectAll()
    .orderBy('check_in_time', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { success: true as const, data: rows.map(toAttendance), pagination: page(total, q.page, q.limit) };
};

/**
 * GET /attendance/member/:id and /attendance/trainer/:id: one person's visits. A member reads only their own, a
 * trainer only their own trainer sessions; staff see the visits at their locations. Unknown or another organization's
 * person: 404.
 */
export const personHistory = async (
  deps: Pick<AttendanceDeps, 'db' | 'directory' | 'timeZone'>,
  ctx: RequestContext,
  type: 'member' | 'trainer',
  personId: string,
  q: { startDate?: string | undefined; endDate?: string | undefined; page: number; limit: number },
) => {
  if (ctx.role === 'member' && (type !== 'member' || personId !== ctx.userId)) throw notFound('Member');
  if (ctx.role === 'trainer' && type === 'trainer' && personId !== ctx.userId) throw notFound('Trainer');
  const table = type === 'member' ? 'members' : 'trainers';
  const known = await deps.db.selectFrom(table).select('org_id').where('id', '=', personId).executeTakeFirst();
  const hasSessions = await deps.db
    .selectFrom('sessions')
    .select('id')
    .where('person_id', '=', personId)
    .where('org_id', '=', ctx.orgId)
    .limit(1)
    .executeTakeFirst();
  if ((!known || known.org_id !== ctx.orgId) && !hasSessions) throw notFound(type === 'member' ? 'Member' : 'Trainer');
  const zone = await zoneOf(deps, ctx.locationIds[0] ?? '');
  let base: Q = deps.db.selectFrom('sessions').where('org_id', '=', ctx.orgId).where('person_id', '=', personId).where('type', '=', type);
  // Staff and trainers see the visits at their locations; a member sees all of their own.
  if (ctx.role !== 'member') base = base.where('location_id', 'in', ctx.locationIds.length ? ctx.locationIds : ['00000000-0000-0000-0000-000000000000']);
  base = withinDates(base, zone, q.startDate, q.endDate);
  const agg = await base
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.coalesce(eb.fn.sum<string>('duration'), sql<string>`0`).as('minutes'),
      eb.fn.count<string>('duration').as('closed'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(agg.total);
  const minutes = Number(agg.minutes);
  const closed = Number(agg.closed);
  const rows = await base
    .selectAll()
    .orderBy('check_in_time', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const data: Attendance[] = rows.map(toAttendance);
  return {
    success: true as const,
    data,
    pagination: page(total, q.page, q.limit),
    summary: { totalVisits: total, totalMinutes: minutes, avgDuration: closed ? Math.round(minutes / closed) : 0 },
  };
};
