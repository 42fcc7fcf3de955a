import type { Attendee, EventBody, EventPatch, EventTicket, GymEvent } from '@akhada/contracts';
import { assertLocation, metadataOf, newId, type RequestContext } from '@akhada/kit';
import { addDays, daysBetween, dateIn, DEFAULT_TIME_ZONE, instantAt, notFound, timeIn } from '@akhada/kit/domain';
import { attendeesOf, eventOf, eventsByIds, eventsFor, ticketOf, ticketsOfMember, ticketsOfMemberFor, type EventRow } from '../db/events-repo.ts';
import type { EventEdit } from '../domain/event/decider.ts';
import { toGymEvent, toTicket } from '../views/event-view.ts';
import { locationFor } from './access.ts';
import { memberFor } from './access.ts';
import type { SchedulingDeps } from './deps.ts';
import { commandOnEvent } from './event-command.ts';

type Deps = Pick<SchedulingDeps, 'db' | 'clock' | 'directory' | 'people'>;
const DAY = 86_400_000;

const zoneOf = async (deps: Pick<SchedulingDeps, 'directory'>, locationId: string): Promise<string> =>
  (await deps.directory.location(locationId))?.timezone ?? DEFAULT_TIME_ZONE;

/** Members see their locations' events and the organization's online events. */
const memberMaySee = (ctx: RequestContext, row: EventRow): boolean => ctx.locationIds.includes(row.location_id) || row.online_url !== null;

/**
 * An event of the caller's organization (another's: 404). Staff and trainers act only at their locations (403); a
 * member sees only what they may take a ticket for (404 otherwise, as if it did not exist).
 */
export const visibleEvent = async (deps: Pick<SchedulingDeps, 'db'>, ctx: RequestContext, id: string): Promise<EventRow> => {
  const row = await eventOf(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Event');
  if (ctx.role === 'member') {
    if (!memberMaySee(ctx, row)) throw notFound('Event');
  } else assertLocation(ctx, row.location_id);
  return row;
};

const fresh = async (deps: Deps, ctx: RequestContext, id: string, tz: string): Promise<GymEvent> => {
  const row = await eventOf(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Event');
  const mine = ctx.role === 'member' ? ((await ticketOf(deps.db, id, ctx.userId)) ?? null) : null;
  return toGymEvent(row, tz, mine && isShown(mine.status) ? mine : null);
};

/** A member's own ticket shows while it holds a place (and once attended). */
const isShown = (status: string): boolean => status === 'pending' || status === 'confirmed' || status === 'attended';

export const createEvent = async (deps: Deps, ctx: RequestContext, body: EventBody): Promise<GymEvent> => {
  const location = await locationFor(deps, ctx, body.locationId);
  const tz = location.timezone;
  const startsAt = instantAt(body.date, body.startTime, tz);
  const endsAt = instantAt(body.endDate ?? body.date, body.endTime, tz);
  const now = deps.clock();
  const id = newId();
  await deps.db.transaction().execute((trx) =>
    commandOnEvent(
      trx,
      id,
      {
        type: 'PublishEvent',
        data: {
          eventId: id,
          orgId: ctx.orgId,
          locationId: location.locationId,
          title: body.title,
          description: body.description,
          kind: body.kind,
          onlineUrl: body.onlineUrl,
          startsAt: startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
          capacity: body.capacity,
          pricePaise: body.pricePaise,
          at: now.toISOString(),
        },
      },
      metadataOf(ctx, { locationId: location.locationId }),
    ),
  );
  return fresh(deps, ctx, id, tz);
};

export const editEvent = async (deps: Deps, ctx: RequestContext, id: string, patch: EventPatch): Promise<GymEvent> => {
  const row = await visibleEvent(deps, ctx, id);
  const tz = await zoneOf(deps, row.location_id);
  const changes: EventEdit = {
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
    ...(patch.onlineUrl !== undefined ? { onlineUrl: patch.onlineUrl } : {}),
    ...(patch.capacity !== undefined ? { capacity: patch.capacity } : {}),
  };
  if (patch.date || patch.startTime || patch.endDate || patch.endTime) {
    const startDate = dateIn(tz, row.starts_at);
    const date = patch.date ?? startDate;
    // Moving the day moves the end with it, unless the end date is given.
    const endDate = patch.endDate ?? addDays(dateIn(tz, row.ends_at), daysBetween(startDate, date));
    changes.startsAt = instantAt(date, patch.startTime ?? timeIn(tz, row.starts_at), tz).toISOString();
    changes.endsAt = instantAt(endDate, patch.endTime ?? timeIn(tz, row.ends_at), tz).toISOString();
  }
  const now = deps.clock().toISOString();
  await deps.db
    .transaction()
    .execute((trx) => commandOnEvent(trx, id, { type: 'EditEvent', data: { changes, at: now } }, metadataOf(ctx, { locationId: row.location_id })));
  return fresh(deps, ctx, id, tz);
};

/** Staff cancel: every ticket holder is told; paid tickets are owed their money back (the refund goes through payments). */
export const cancelEvent = async (deps: Deps, ctx: RequestContext, id: string, reason: string): Promise<GymEvent> => {
  const row = await visibleEvent(deps, ctx, id);
  const tz = await zoneOf(deps, row.location_id);
  const now = deps.clock().toISOString();
  await deps.db
    .transaction()
    .execute((trx) => commandOnEvent(trx, id, { type: 'CancelEvent', data: { reason, at: now } }, metadataOf(ctx, { locationId: row.location_id })));
  return fresh(deps, ctx, id, tz);
};

export const eventDetail = async (deps: Deps, ctx: RequestContext, id: string): Promise<GymEvent> => {
  const row = await visibleEvent(deps, ctx, id);
  return fresh(deps, ctx, row.id, await zoneOf(deps, row.location_id));
};

/**
 * Staff: the events of their locations (or one of them), those not over yet (or of the last 90 days too). Members:
 * upcoming published events of their locations and the organization's online events, each with their own ticket.
 */
export const listEvents = async (deps: Deps, ctx: RequestContext, q: { locationId?: string | undefined; includePast: 'true' | 'false' }) => {
  const now = deps.clock();
  const member = ctx.role === 'member';
  if (q.locationId && !member) await locationFor(deps, ctx, q.locationId);
  const rows = await eventsFor(deps.db, {
    orgId: ctx.orgId,
    locationIds: member ? ctx.locationIds : q.locationId ? [q.locationId] : ctx.locationIds,
    online: member,
    endingAfter: q.includePast === 'true' && !member ? new Date(now.getTime() - 90 * DAY) : now,
    statuses: member ? ['published'] : undefined,
  });
  const mine = member
    ? new Map(
        (
          await ticketsOfMemberFor(
            deps.db,
            ctx.userId,
            rows.map((r) => r.id),
          )
        ).map((t) => [t.event_id, t]),
      )
    : new Map();
  const zones = new Map<string, string>();
  const events: GymEvent[] = [];
  for (const r of rows) {
    let tz = zones.get(r.location_id);
    if (!tz) zones.set(r.location_id, (tz = await zoneOf(deps, r.location_id)));
    const t = mine.get(r.id);
    events.push(toGymEvent(r, tz, t && isShown(t.status) ? t : null));
  }
  return { events };
};

export const attendees = async (deps: Deps, ctx: RequestContext, id: string): Promise<{ eventId: string; attendees: Attendee[] }> => {
  const row = await visibleEvent(deps, ctx, id);
  const list = await attendeesOf(deps.db, row.id);
  return {
    eventId: row.id,
    attendees: list.map((a) => ({ ...toTicket(a), name: a.first_name ? `${a.first_name} ${a.last_name ?? ''}`.trim() : 'Member' })),
  };
};

/** The attendee list's tick (staff and trainers at the event's location). */
export const markEventAttended = async (deps: Deps, ctx: RequestContext, id: string, memberId: string): Promise<EventTicket> => {
  const row = await visibleEvent(deps, ctx, id);
  const now = deps.clock().toISOString();
  await deps.db
    .transaction()
    .execute((trx) =>
      commandOnEvent(trx, id, { type: 'MarkAttended', data: { memberId, at: now, by: 'staff' } }, metadataOf(ctx, { locationId: row.location_id })),
    );
  const t = await ticketOf(deps.db, id, memberId);
  if (!t) throw notFound('Ticket');
  return toTicket(t);
};

const ownTicket = async (deps: Deps, eventId: string, memberId: string) => {
  const t = await ticketOf(deps.db, eventId, memberId);
  if (!t) throw notFound('Ticket');
  return t;
};

/**
 * A member takes a ticket: behind the event's lock, so members racing for the last places get exactly the places there
 * are. Free: confirmed. Paid: pending, holding its place for 15 minutes while the member pays: its purchase goes to
 * payments in the same transaction (scheduling.purchase_requested), and the ticket's paymentId, once payments made
 * the payment, is what the member pays with Razorpay Checkout (as a pack bought online).
 */
export const takeTicket = async (deps: Deps, ctx: RequestContext, id: string) => {
  const row = await visibleEvent(deps, ctx, id);
  await memberFor(deps, ctx, ctx.userId);
  const tz = await zoneOf(deps, row.location_id);
  const now = deps.clock().toISOString();
  await deps.db
    .transaction()
    .execute((trx) =>
      commandOnEvent(
        trx,
        id,
        { type: 'TakeTicket', data: { memberId: ctx.userId, at: now, ...(row.price_paise > 0 ? { purchaseId: newId() } : {}) } },
        metadataOf(ctx, { locationId: row.location_id }),
      ),
    );
  return { ticket: toTicket(await ownTicket(deps, id, ctx.userId)), event: await fresh(deps, ctx, id, tz) };
};

/** A member gives up their ticket: a paid one is refunded more than 24 hours before the start, not after. */
export const cancelTicket = async (deps: Deps, ctx: RequestContext, id: string) => {
  const row = await visibleEvent(deps, ctx, id);
  const now = deps.clock().toISOString();
  const result = await deps.db
    .transaction()
    .execute((trx) =>
      commandOnEvent(trx, id, { type: 'CancelTicket', data: { memberId: ctx.userId, at: now } }, metadataOf(ctx, { locationId: row.location_id })),
    );
  const cancelled = result.events.find((e) => e.event.type === 'TicketCancelled')?.event;
  const refunded = cancelled?.type === 'TicketCancelled' && cancelled.data.refundPaise > 0;
  return { ticket: toTicket(await ownTicket(deps, id, ctx.userId)), refunded };
};

/** The member's tickets with their events: those not over yet (every one when asked), soonest first. */
export const myTickets = async (deps: Deps, ctx: RequestContext, includePast: boolean) => {
  const tickets = await ticketsOfMember(deps.db, ctx.orgId, ctx.userId, includePast ? null : deps.clock());
  const events = new Map(
    (
      await eventsByIds(
        deps.db,
        ctx.orgId,
        tickets.map((t) => t.event_id),
      )
    ).map((e) => [e.id, e]),
  );
  const zones = new Map<string, string>();
  const out = [];
  for (const t of tickets) {
    const e = events.get(t.event_id);
    if (!e) continue;
    let tz = zones.get(e.location_id);
    if (!tz) zones.set(e.location_id, (tz = await zoneOf(deps, e.location_id)));
    out.push({ ticket: toTicket(t), event: toGymEvent(e, tz, t) });
  }
  return { tickets: out };
};
