import type { Streaks } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { notFound } from '@akhada/kit/domain';
import { sql } from 'kysely';
import { memberById } from '../db/people-repo.ts';
import { runsOfDays } from '../domain/streaks.ts';
import { dateIn, zoneOf, type AttendanceDeps } from './deps.ts';

/** GET /attendance/streaks/:id: current and longest run of local days with a visit. A member reads only their own. */
export const streaks = async (
  deps: Pick<AttendanceDeps, 'db' | 'clock' | 'directory' | 'timeZone'>,
  ctx: RequestContext,
  memberId: string,
): Promise<Streaks> => {
  if (ctx.role === 'member' && memberId !== ctx.userId) throw notFound('Member');
  const m = await memberById(deps.db, memberId);
  if (!m || m.org_id !== ctx.orgId) throw notFound('Member');
  const zone = await zoneOf(deps, m.location_id);
  const days = await deps.db
    .selectFrom('sessions')
    .select(sql<string>`to_char(check_in_time at time zone ${zone}, 'YYYY-MM-DD')`.as('day'))
    .where('org_id', '=', ctx.orgId)
    .where('person_id', '=', memberId)
    .where('type', '=', 'member')
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  const last = await deps.db
    .selectFrom('sessions')
    .select([sql<string>`count(*)`.as('visits'), sql<Date | null>`max(check_in_time)`.as('last')])
    .where('org_id', '=', ctx.orgId)
    .where('person_id', '=', memberId)
    .where('type', '=', 'member')
    .executeTakeFirstOrThrow();
  const { current, longest } = runsOfDays(
    days.map((d) => d.day),
    dateIn(zone, deps.clock()),
  );
  return {
    memberId,
    currentStreak: current,
    longestStreak: longest,
    totalVisits: Number(last.visits),
    lastVisit: last.last ? new Date(last.last).toISOString() : null,
  };
};
