import { preparedSql, prepareQuery, type Executor } from '@akhada/kit';
import { sql, type CompiledQuery, type InferResult } from 'kysely';
import type { SchedulingDb, SeriesTable } from './schema.ts';

/**
 * Classes with their type's category and colour and their trainer's name (this service's copy of trainers, joined:
 * one query for a whole list; null when the class has no trainer or the copy lacks them).
 */
const classesWithType = (db: Executor<SchedulingDb>) =>
  db
    .selectFrom('classes as c')
    .innerJoin('class_types as t', 't.id', 'c.class_type_id')
    .leftJoin('trainers as tr', (j) => j.onRef('tr.id', '=', 'c.trainer_id').onRef('tr.org_id', '=', 'c.org_id'))
    .selectAll('c')
    .select(['t.category', 't.colour', 't.plans', 't.name as type_name', 'tr.first_name as trainer_first_name', 'tr.last_name as trainer_last_name']);

const classOfQuery = (db: Executor<SchedulingDb>) => (v: { orgId: string; id: string }) =>
  classesWithType(db).where('c.id', '=', v.id).where('c.org_id', '=', v.orgId);
let classOfPrepared: ((v: { orgId: string; id: string }) => CompiledQuery<ClassRow>) | undefined;

/** A class of the organization. Every booking reads it first: built once (the SQL does not depend on the executor) and prepared. */
export const classOf = async (db: Executor<SchedulingDb>, orgId: string, id: string): Promise<ClassRow | undefined> => {
  classOfPrepared ??= prepareQuery(classOfQuery(db));
  return (await db.executeQuery(classOfPrepared({ orgId, id }))).rows[0];
};
export type ClassRow = InferResult<ReturnType<ReturnType<typeof classOfQuery>>>[number];

/** These classes of the organization (any order). */
export const classesByIds = (db: Executor<SchedulingDb>, orgId: string, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([] as ClassRow[]) : classesWithType(db).where('c.org_id', '=', orgId).where('c.id', 'in', ids).execute();

/** A location's classes between two instants, by start, optionally of one category or trainer. */
export const classesBetween = (
  db: Executor<SchedulingDb>,
  o: { orgId: string; locationId: string; from: Date; to: Date; category?: string | undefined; trainerId?: string | undefined },
) => {
  let q = classesWithType(db)
    .where('c.org_id', '=', o.orgId)
    .where('c.location_id', '=', o.locationId)
    .where('c.starts_at', '>=', o.from)
    .where('c.starts_at', '<', o.to);
  if (o.category) q = q.where('t.category', '=', o.category);
  if (o.trainerId) q = q.where('c.trainer_id', '=', o.trainerId);
  return q.orderBy('c.starts_at').orderBy('c.id').execute();
};

/** The classes of a series from an instant on (this one and the rest), still on the timetable. */
export const seriesClassesFrom = (db: Executor<SchedulingDb>, orgId: string, seriesId: string, from: Date) =>
  db
    .selectFrom('classes')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('series_id', '=', seriesId)
    .where('starts_at', '>=', from)
    .where('status', '=', 'scheduled')
    .orderBy('starts_at')
    .execute();

export const insertSeries = (db: Executor<SchedulingDb>, row: SeriesTable) =>
  db
    .insertInto('series')
    .values({ ...row, weekdays: JSON.stringify(row.weekdays) as unknown as number[] })
    .execute();

/** The places of a class (not given up), with the members' names, waitlist in joining order. */
export const placesOf = (db: Executor<SchedulingDb>, classId: string) =>
  db
    .selectFrom('bookings as b')
    .leftJoin('members as m', 'm.id', 'b.member_id')
    .select(['b.member_id', 'b.status', 'b.seq', 'b.since', 'b.offer_expires_at', 'b.late', 'm.first_name', 'm.last_name'])
    .where('b.class_id', '=', classId)
    .where('b.status', 'in', ['booked', 'offered', 'waitlisted', 'attended', 'no_show'])
    .orderBy('b.seq')
    .execute();

/** A member's place in each of these classes. */
export const placesOfMember = (db: Executor<SchedulingDb>, memberId: string, classIds: string[]) =>
  classIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('bookings')
        .select(['class_id', 'member_id', 'status', 'seq', 'offer_expires_at', 'late'])
        .where('member_id', '=', memberId)
        .where('class_id', 'in', classIds)
        .execute();

/** A member's waitlist position in a class (1 = next), or null when not waiting. */
export const waitlistPositions = async (db: Executor<SchedulingDb>, classIds: string[]): Promise<Map<string, string[]>> => {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bookings')
    .select(['class_id', 'member_id'])
    .where('class_id', 'in', classIds)
    .where('status', '=', 'waitlisted')
    .orderBy('seq')
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.class_id, [...(out.get(r.class_id) ?? []), r.member_id]);
  return out;
};

/** The booking of a member in a class. */
export const bookingOf = (db: Executor<SchedulingDb>, classId: string, memberId: string) =>
  db.selectFrom('bookings').selectAll().where('class_id', '=', classId).where('member_id', '=', memberId).executeTakeFirst();

/** The statuses that hold a place and count against a monthly allowance. */
const HOLDING = ['booked', 'offered', 'attended', 'no_show'];

/**
 * The waiting members of a class, in order, with the facts their eligibility needs, in one query: their copy (status,
 * plan, end date; null when this service's copy lacks them), the places they hold at the location between two instants
 * (the class's month) and when their no-shows there since an instant happened (ISO instants).
 */
export const waitlistFacts = (db: Executor<SchedulingDb>, o: { classId: string; locationId: string; from: Date; to: Date; noShowsSince: Date }) =>
  db
    .selectFrom('bookings as b')
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'b.member_id').onRef('m.org_id', '=', 'b.org_id'))
    .select(['b.member_id', 'm.status', 'm.membership_type', 'm.end_date'])
    .select((eb) => [
      eb
        .selectFrom('bookings as h')
        .select(sql<string>`count(*)`.as('n'))
        .whereRef('h.member_id', '=', 'b.member_id')
        .where('h.location_id', '=', o.locationId)
        .where('h.starts_at', '>=', o.from)
        .where('h.starts_at', '<', o.to)
        .where('h.status', 'in', HOLDING)
        .as('used'),
      eb
        .selectFrom('bookings as n')
        .select(sql<string[]>`coalesce(array_agg(to_char(n.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), '{}')`.as('at'))
        .whereRef('n.member_id', '=', 'b.member_id')
        .where('n.location_id', '=', o.locationId)
        .where('n.status', '=', 'no_show')
        .where('n.starts_at', '>=', o.noShowsSince)
        .as('no_shows'),
    ])
    .where('b.class_id', '=', o.classId)
    .where('b.status', '=', 'waitlisted')
    .orderBy('b.seq')
    .execute();

/**
 * What a booking needs of the member at a location, in one query: the places they hold in the month (the allowance),
 * the start of each no-show since `since` (the penalty), and the start of a personal-training session of theirs that
 * overlaps the class (`during`), if any. Read behind the member's lock, which an appointment's booking takes too.
 */
export const memberHistory = async (
  db: Executor<SchedulingDb>,
  memberId: string,
  locationId: string,
  month: { from: Date; to: Date },
  since: Date,
  during: { from: Date; to: Date },
): Promise<{ held: number; noShowsAt: string[]; appointmentAt: Date | null }> => {
  const { rows } = await db.executeQuery(memberHistoryQuery([memberId, locationId, month.from, month.to, since, during.from, during.to]));
  const row = rows[0];
  return {
    held: Number(row?.held ?? 0),
    noShowsAt: (row?.no_shows ?? []).map((d) => new Date(d).toISOString()),
    appointmentAt: row?.appointment_at ? new Date(row.appointment_at) : null,
  };
};

/** memberHistory's statement (every booking runs it): $1 member, $2 location, $3-$4 the month, $5 no-shows since, $6-$7 the class. */
const memberHistoryQuery = preparedSql<{ held: string; no_shows: Date[]; appointment_at: Date | null }>(
  `select count(*) filter (where status in (${HOLDING.map((s) => `'${s}'`).join(', ')}) and starts_at >= $3 and starts_at < $4) as held,
          coalesce(array_agg(starts_at order by starts_at) filter (where status = 'no_show' and starts_at >= $5), '{}') as no_shows,
          (select min(a.starts_at) from appointments a
            where a.member_id = $1 and a.status in ('booked', 'attended') and a.starts_at < $7 and a.ends_at > $6) as appointment_at
     from bookings
    where member_id = $1 and location_id = $2 and starts_at >= least($3::timestamptz, $5::timestamptz)`,
);

/** A member's places (not given up), soonest first; past ones only when asked. */
export const placesOfMemberFrom = (db: Executor<SchedulingDb>, orgId: string, memberId: string, from: Date | null) => {
  let q = db
    .selectFrom('bookings')
    .select(['class_id', 'member_id', 'status', 'seq', 'offer_expires_at', 'late'])
    .where('org_id', '=', orgId)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['booked', 'offered', 'waitlisted', 'attended', 'no_show']);
  if (from) q = q.where('starts_at', '>=', from);
  return q.orderBy('starts_at').limit(200).execute();
};

/** Classes that ended and are not closed yet; offers that ran out (the periodic job's work). */
export const endedClasses = (db: Executor<SchedulingDb>, now: Date, limit = 200) =>
  db.selectFrom('classes').select(['id', 'org_id', 'location_id']).where('status', '=', 'scheduled').where('ends_at', '<=', now).limit(limit).execute();
export const expiredOffers = (db: Executor<SchedulingDb>, now: Date, limit = 200) =>
  db
    .selectFrom('bookings')
    .select(['class_id', 'org_id', 'location_id'])
    .where('status', '=', 'offered')
    .where('offer_expires_at', '<', now)
    .limit(limit)
    .execute();

/** The member's booked classes at a location that are on around an instant (a check-in marks them attended). */
export const bookedAround = (db: Executor<SchedulingDb>, memberId: string, locationId: string, at: Date) =>
  db
    .selectFrom('bookings')
    .select(['class_id', 'org_id'])
    .where('member_id', '=', memberId)
    .where('location_id', '=', locationId)
    .where('status', '=', 'booked')
    .where('starts_at', '<=', new Date(at.getTime() + 60 * 60_000))
    .where('starts_at', '>=', new Date(at.getTime() - 3 * 60 * 60_000))
    .execute();
