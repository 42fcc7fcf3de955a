import type { Executor } from '@akhada/kit';
import type { SchedulingDb } from './schema.ts';

/** Ticket statuses that hold a place. */
export const HOLDING_TICKETS = ['pending', 'confirmed', 'attended'];

/** An event of the organization. */
export const eventOf = (db: Executor<SchedulingDb>, orgId: string, id: string) =>
  db.selectFrom('gym_events').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
export type EventRow = NonNullable<Awaited<ReturnType<typeof eventOf>>>;

/**
 * The organization's events at these locations (and, with `online`, its online events anywhere) ending after an
 * instant, by start; only these statuses when given.
 */
export const eventsFor = (
  db: Executor<SchedulingDb>,
  o: { orgId: string; locationIds: string[]; online: boolean; endingAfter: Date; statuses?: string[] | undefined },
) => {
  let q = db
    .selectFrom('gym_events')
    .selectAll()
    .where('org_id', '=', o.orgId)
    .where('ends_at', '>', o.endingAfter)
    .where((eb) => {
      const at = o.locationIds.length > 0 ? [eb('location_id', 'in', o.locationIds)] : [];
      return eb.or(o.online ? [...at, eb('online_url', 'is not', null)] : at.length > 0 ? at : [eb.val(false)]);
    });
  if (o.statuses) q = q.where('status', 'in', o.statuses);
  return q.orderBy('starts_at').orderBy('id').limit(500).execute();
};

export const eventsByIds = (db: Executor<SchedulingDb>, orgId: string, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([] as EventRow[]) : db.selectFrom('gym_events').selectAll().where('org_id', '=', orgId).where('id', 'in', ids).execute();

/** A member's ticket for an event (any status). */
export const ticketOf = (db: Executor<SchedulingDb>, eventId: string, memberId: string) =>
  db.selectFrom('event_tickets').selectAll().where('event_id', '=', eventId).where('member_id', '=', memberId).executeTakeFirst();
export type TicketRow = NonNullable<Awaited<ReturnType<typeof ticketOf>>>;

/** A member's tickets for these events. */
export const ticketsOfMemberFor = (db: Executor<SchedulingDb>, memberId: string, eventIds: string[]) =>
  eventIds.length === 0
    ? Promise.resolve([] as TicketRow[])
    : db.selectFrom('event_tickets').selectAll().where('member_id', '=', memberId).where('event_id', 'in', eventIds).execute();

/** A member's tickets (not given up or lapsed) of events ending after an instant (or all), soonest first. */
export const ticketsOfMember = (db: Executor<SchedulingDb>, orgId: string, memberId: string, endingAfter: Date | null) => {
  let q = db
    .selectFrom('event_tickets')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('member_id', '=', memberId)
    .where('status', 'in', [...HOLDING_TICKETS, 'cancelled']);
  if (endingAfter) q = q.where('ends_at', '>', endingAfter);
  return q.orderBy('starts_at').limit(200).execute();
};

/** The holders of an event's tickets (pending, confirmed, attended), with their names, in the order they took them. */
export const attendeesOf = (db: Executor<SchedulingDb>, eventId: string) =>
  db
    .selectFrom('event_tickets as t')
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 't.member_id').onRef('m.org_id', '=', 't.org_id'))
    .selectAll('t')
    .select(['m.first_name', 'm.last_name'])
    .where('t.event_id', '=', eventId)
    .where('t.status', 'in', HOLDING_TICKETS)
    .orderBy('t.taken_at')
    .orderBy('t.member_id')
    .execute();

/** The member's confirmed tickets for events at a location that are on at an instant (doors open an hour early). */
export const ticketsOnAt = (db: Executor<SchedulingDb>, memberId: string, locationId: string, at: Date, doorsOpenMinutes: number) =>
  db
    .selectFrom('event_tickets')
    .select(['event_id', 'org_id'])
    .where('member_id', '=', memberId)
    .where('location_id', '=', locationId)
    .where('status', '=', 'confirmed')
    .where('starts_at', '<=', new Date(at.getTime() + doorsOpenMinutes * 60_000))
    .where('ends_at', '>=', at)
    .execute();

/** Events whose pending holds ran out; published events that ended (the event clock's work). */
export const eventsWithHoldsRunOut = (db: Executor<SchedulingDb>, now: Date, limit = 200) =>
  db
    .selectFrom('event_tickets')
    .select(['event_id', 'org_id', 'location_id'])
    .distinct()
    .where('status', '=', 'pending')
    .where('hold_until', '<=', now)
    .limit(limit)
    .execute();
export const endedEvents = (db: Executor<SchedulingDb>, now: Date, limit = 200) =>
  db.selectFrom('gym_events').select(['id', 'org_id', 'location_id']).where('status', '=', 'published').where('ends_at', '<=', now).limit(limit).execute();
