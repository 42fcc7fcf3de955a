import type { RequestContext } from '@akhada/kit';
import { sql } from 'kysely';
import { toAttendance } from '../views/attendance-view.ts';
import { locationsFor } from './access.ts';
import { dateIn, zoneOf, type AttendanceDeps } from './deps.ts';
import { localRange } from './list-attendance.ts';

const NO_LOCATION = '00000000-0000-0000-0000-000000000000';
export const orNone = (ids: string[]): string[] => (ids.length ? ids : [NO_LOCATION]);

/** GET /attendance/today: today's check-ins (local date of the first location) and who is inside now. */
export const today = async (deps: Pick<AttendanceDeps, 'db' | 'clock' | 'directory' | 'timeZone'>, ctx: RequestContext, locationId?: string) => {
  const locations = orNone(locationsFor(ctx, locationId));
  const zone = await zoneOf(deps, locations[0] ?? '');
  const date = dateIn(zone, deps.clock());
  const { from, to } = localRange(zone, date, date);
  const scoped = deps.db.selectFrom('sessions').where('org_id', '=', ctx.orgId).where('location_id', 'in', locations);
  const counts = await scoped
    .select([
      sql<string>`count(*) filter (where check_in_time >= ${from} and check_in_time < ${to})`.as('total'),
      sql<string>`count(*) filter (where status = 'active')`.as('active'),
      sql<string>`count(distinct person_id) filter (where status = 'active' and type = 'member')`.as('present'),
    ])
    .executeTakeFirstOrThrow();
  const present = await scoped.selectAll().where('status', '=', 'active').orderBy('check_in_time', 'desc').limit(200).execute();
  const recent = await scoped
    .selectAll()
    .where('check_in_time', '>=', from ?? sql<Date>`now()`)
    .where('check_in_time', '<', to ?? sql<Date>`now()`)
    .orderBy('check_in_time', 'desc')
    .limit(50)
    .execute();
  return {
    date,
    totalCheckIns: Number(counts.total),
    activeSessions: Number(counts.active),
    membersPresent: Number(counts.present),
    present: present.map(toAttendance),
    recent: recent.map(toAttendance),
  };
};
