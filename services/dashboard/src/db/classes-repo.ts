import { sql, type UpdateObject } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { ClassesTable, DashboardDb } from './schema.ts';
import type { ScopedLocation } from './figures-repo.ts';

/** Writes of Today's Classes. Every write names the organization: another organization's event never moves a class. */

type Changes = Partial<Pick<ClassesTable, 'starts_at' | 'ends_at' | 'capacity' | 'trainer_id' | 'room'>>;
type Moved = { location_id: string } | undefined;

/** A class put on the timetable (a redelivery is the inbox's; a second one for the same id keeps the first). */
export const addClass = (db: Executor<DashboardDb>, row: Omit<ClassesTable, 'booked' | 'waitlist' | 'offer_member_id' | 'offer_expires_at' | 'cancelled'>) =>
  db
    .insertInto('classes')
    .values({ ...row, booked: 0, waitlist: 0, offer_member_id: null, offer_expires_at: null, cancelled: false })
    .onConflict((oc) => oc.column('class_id').doNothing())
    .execute();

const moved = (db: Executor<DashboardDb>, orgId: string, classId: string, set: UpdateObject<DashboardDb, 'classes'>): Promise<Moved> =>
  db.updateTable('classes').set(set).where('class_id', '=', classId).where('org_id', '=', orgId).returning('location_id').executeTakeFirst();

export const changeClass = (db: Executor<DashboardDb>, orgId: string, classId: string, set: Changes): Promise<Moved> => moved(db, orgId, classId, set);

const plus = (column: 'booked' | 'waitlist', by: 1 | -1) => sql<number>`greatest(0, ${sql.ref(column)} + ${by})`;

/** A member got a place, or joined the waitlist. */
export const placeTaken = (db: Executor<DashboardDb>, orgId: string, classId: string) => moved(db, orgId, classId, { booked: plus('booked', 1) });
export const waitlistJoined = (db: Executor<DashboardDb>, orgId: string, classId: string) => moved(db, orgId, classId, { waitlist: plus('waitlist', 1) });

/** A booking, a waitlist place or the offered place given up. */
export const placeGivenUp = (db: Executor<DashboardDb>, orgId: string, classId: string, memberId: string, from: 'booked' | 'waitlist' | 'offer') =>
  moved(
    db,
    orgId,
    classId,
    from === 'booked'
      ? { booked: plus('booked', -1) }
      : from === 'waitlist'
        ? { waitlist: plus('waitlist', -1) }
        : {
            offer_member_id: sql<string | null>`case when offer_member_id = ${memberId}::uuid then null else offer_member_id end`,
            offer_expires_at: sql<Date | null>`case when offer_member_id = ${memberId}::uuid then null else offer_expires_at end`,
          },
  );

/** A waiting member got the freed place: straight from the waitlist, or by confirming the place offered to them. */
export const promoted = (db: Executor<DashboardDb>, orgId: string, classId: string, memberId: string) => {
  const offered = sql<boolean>`offer_member_id is not distinct from ${memberId}::uuid`;
  return moved(db, orgId, classId, {
    booked: plus('booked', 1),
    waitlist: sql<number>`case when ${offered} then waitlist else greatest(0, waitlist - 1) end`,
    offer_member_id: sql<string | null>`case when ${offered} then null else offer_member_id end`,
    offer_expires_at: sql<Date | null>`case when ${offered} then null else offer_expires_at end`,
  });
};

/** The first waiting member is offered the freed place (one offer at a time: an earlier one has lapsed). */
export const offered = (db: Executor<DashboardDb>, orgId: string, classId: string, memberId: string, expiresAt: Date) =>
  moved(db, orgId, classId, { waitlist: plus('waitlist', -1), offer_member_id: memberId, offer_expires_at: expiresAt });

export const classCancelled = (db: Executor<DashboardDb>, orgId: string, classId: string) =>
  moved(db, orgId, classId, { cancelled: true, offer_member_id: null, offer_expires_at: null });

export interface TodaysClassRow {
  class_id: string;
  location_id: string;
  name: string;
  starts_at: Date;
  ends_at: Date;
  trainer_id: string | null;
  trainer_first: string | null;
  trainer_last: string | null;
  room: string;
  capacity: number;
  booked: number;
  waitlist: number;
  offer_open: boolean;
  cancelled: boolean;
}

/** The classes starting on each location's today (its own zone), by start time; the trainer's name from the people rows. */
export const todaysClasses = async (db: Executor<DashboardDb>, orgId: string, locations: ScopedLocation[], now: Date): Promise<TodaysClassRow[]> => {
  if (locations.length === 0) return [];
  const local = sql`date_trunc('day', ${now}::timestamptz at time zone l.tz)`;
  const [dayStart, dayEnd] = [sql`(${local} at time zone l.tz)`, sql`((${local} + interval '1 day') at time zone l.tz)`];
  const { rows } = await sql<TodaysClassRow>`select c.class_id, c.location_id, c.name, c.starts_at, c.ends_at, c.trainer_id,
      p.first_name as trainer_first, p.last_name as trainer_last, c.room, c.capacity, c.booked, c.waitlist,
      (c.offer_expires_at is not null and c.offer_expires_at > ${now}::timestamptz) as offer_open, c.cancelled
    from (values ${sql.join(locations.map((l) => sql`(${l.locationId}::uuid, ${l.timeZone}::text)`))}) as l(location_id, tz)
    join classes c on c.org_id = ${orgId} and c.location_id = l.location_id
      and c.starts_at >= ${dayStart} and c.starts_at < ${dayEnd}
    left join people p on p.id = c.trainer_id and p.org_id = ${orgId} and p.kind = 'trainer'
    order by c.starts_at, c.name, c.class_id`.execute(db);
  return rows;
};
