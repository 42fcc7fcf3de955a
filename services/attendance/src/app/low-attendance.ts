import type { RequestContext } from '@akhada/kit';
import { sql } from 'kysely';
import { locationsFor } from './access.ts';
import type { AttendanceDeps } from './deps.ts';
import { orNone } from './today.ts';

/** GET /attendance/low-attendance: active members of the caller's locations with no visit in `days` days, longest absent first. */
export const lowAttendance = async (deps: Pick<AttendanceDeps, 'db' | 'clock'>, ctx: RequestContext, q: { days: number; locationId?: string | undefined }) => {
  const locations = orNone(locationsFor(ctx, q.locationId));
  const now = deps.clock();
  const since = new Date(now.getTime() - q.days * 86_400_000);
  const rows = await deps.db
    .selectFrom('members as m')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('sessions')
          .select(['person_id', sql<Date>`max(check_in_time)`.as('last_visit')])
          .where('org_id', '=', ctx.orgId)
          .where('type', '=', 'member')
          .groupBy('person_id')
          .as('v'),
      (join) => join.onRef('v.person_id', '=', 'm.id'),
    )
    .select(['m.id', 'm.first_name', 'm.last_name', 'm.email', 'm.phone', 'm.location_id', 'v.last_visit'])
    .where('m.org_id', '=', ctx.orgId)
    .where('m.location_id', 'in', locations)
    .where('m.status', '=', 'active')
    .where((eb) => eb.or([eb('v.last_visit', 'is', null), eb('v.last_visit', '<', since)]))
    .orderBy(sql`v.last_visit asc nulls first`)
    .orderBy('m.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    memberId: r.id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    email: r.email,
    phone: r.phone,
    locationId: r.location_id,
    lastVisit: r.last_visit ? new Date(r.last_visit).toISOString() : null,
    daysSinceLastVisit: r.last_visit ? Math.max(0, Math.floor((now.getTime() - new Date(r.last_visit).getTime()) / 86_400_000)) : null,
  }));
};
