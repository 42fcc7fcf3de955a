import type { Executor } from '@akhada/kit';
import type { Clash } from '../domain/appointment/decider.ts';
import type { SchedulingDb } from './schema.ts';

/** Appointments with the member's and the trainer's names (this service's copies; empty when a copy lacks them). */
const withNames = (db: Executor<SchedulingDb>) =>
  db
    .selectFrom('appointments as a')
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'a.member_id').onRef('m.org_id', '=', 'a.org_id'))
    .leftJoin('trainers as t', (j) => j.onRef('t.id', '=', 'a.trainer_id').onRef('t.org_id', '=', 'a.org_id'))
    .selectAll('a')
    .select(['m.first_name as member_first_name', 'm.last_name as member_last_name', 't.first_name as trainer_first_name', 't.last_name as trainer_last_name']);

/** An appointment of the organization. */
export const appointmentOf = (db: Executor<SchedulingDb>, orgId: string, id: string) =>
  withNames(db).where('a.id', '=', id).where('a.org_id', '=', orgId).executeTakeFirst();
export type AppointmentRow = NonNullable<Awaited<ReturnType<typeof appointmentOf>>>;

/** Appointments of the organization starting between two instants, soonest first, narrowed by member, trainer or locations. */
export const appointmentsBetween = (
  db: Executor<SchedulingDb>,
  o: { orgId: string; from: Date; to: Date; memberId?: string; trainerId?: string | undefined; locationIds?: readonly string[]; includeCancelled: boolean },
) => {
  let q = withNames(db).where('a.org_id', '=', o.orgId).where('a.starts_at', '>=', o.from).where('a.starts_at', '<', o.to);
  if (o.memberId) q = q.where('a.member_id', '=', o.memberId);
  if (o.trainerId) q = q.where('a.trainer_id', '=', o.trainerId);
  if (o.locationIds)
    q = o.locationIds.length === 0 ? q.where('a.location_id', '=', '00000000-0000-0000-0000-000000000000') : q.where('a.location_id', 'in', [...o.locationIds]);
  if (!o.includeCancelled) q = q.where('a.status', '!=', 'cancelled');
  return q.orderBy('a.starts_at').orderBy('a.id').limit(500).execute();
};

const HELD = ['booked', 'attended'];

/**
 * What a trainer holds between two instants: their appointments (booked or delivered) and the classes they lead that
 * are on the timetable. Read behind the trainer's lock in a booking's transaction.
 */
export const trainerBusy = async (db: Executor<SchedulingDb>, trainerId: string, from: Date, to: Date): Promise<Clash[]> => {
  const appointments = await db
    .selectFrom('appointments')
    .select(['starts_at', 'ends_at'])
    .where('trainer_id', '=', trainerId)
    .where('status', 'in', HELD)
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .execute();
  const classes = await db
    .selectFrom('classes')
    .select(['class_name', 'starts_at', 'ends_at'])
    .where('trainer_id', '=', trainerId)
    .where('status', 'in', ['scheduled', 'closed'])
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .execute();
  return [
    ...appointments.map((a) => ({
      who: 'trainer' as const,
      kind: 'appointment' as const,
      startsAt: a.starts_at.toISOString(),
      endsAt: a.ends_at.toISOString(),
    })),
    ...classes.map((c) => ({
      who: 'trainer' as const,
      kind: 'class' as const,
      name: c.class_name,
      startsAt: c.starts_at.toISOString(),
      endsAt: c.ends_at.toISOString(),
    })),
  ];
};

/** What a member holds between two instants: their appointments and their places in classes (booked, offered, attended). */
export const memberBusy = async (db: Executor<SchedulingDb>, memberId: string, from: Date, to: Date): Promise<Clash[]> => {
  const appointments = await db
    .selectFrom('appointments')
    .select(['starts_at', 'ends_at'])
    .where('member_id', '=', memberId)
    .where('status', 'in', HELD)
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .execute();
  const places = await db
    .selectFrom('bookings as b')
    .innerJoin('classes as c', 'c.id', 'b.class_id')
    .select(['c.class_name', 'c.starts_at', 'c.ends_at'])
    .where('b.member_id', '=', memberId)
    .where('b.status', 'in', ['booked', 'offered', 'attended'])
    .where('c.status', '!=', 'cancelled')
    .where('c.starts_at', '<', to)
    .where('c.ends_at', '>', from)
    .execute();
  return [
    ...appointments.map((a) => ({
      who: 'member' as const,
      kind: 'appointment' as const,
      startsAt: a.starts_at.toISOString(),
      endsAt: a.ends_at.toISOString(),
    })),
    ...places.map((c) => ({
      who: 'member' as const,
      kind: 'class' as const,
      name: c.class_name,
      startsAt: c.starts_at.toISOString(),
      endsAt: c.ends_at.toISOString(),
    })),
  ];
};

/** The member's booked appointments at a location that are on around an instant (a check-in marks them attended). */
export const appointmentsAround = (db: Executor<SchedulingDb>, memberId: string, locationId: string, at: Date) =>
  db
    .selectFrom('appointments')
    .select(['id', 'org_id'])
    .where('member_id', '=', memberId)
    .where('location_id', '=', locationId)
    .where('status', '=', 'booked')
    .where('starts_at', '<=', new Date(at.getTime() + 60 * 60_000))
    .where('ends_at', '>', at)
    .execute();

/** Appointments that ended still booked (the sweep makes them no-shows). */
export const endedAppointments = (db: Executor<SchedulingDb>, now: Date, limit = 200) =>
  db.selectFrom('appointments').select(['id', 'org_id', 'location_id']).where('status', '=', 'booked').where('ends_at', '<=', now).limit(limit).execute();
