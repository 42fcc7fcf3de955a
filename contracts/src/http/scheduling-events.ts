import { z } from 'zod';
import { ANY_ROLE, DateWithin, IdParams, IsoDate, IsoDateTime, ok, Problem, route, Text } from './route.ts';

/**
 * One-off events of the scheduling service (prefix /scheduling/events): a workshop, a challenge, a run, an open day at
 * a location or online, with a capacity and a price (0 = free), and members' tickets. A free ticket is confirmed at
 * once; a paid one is pending until its payment is captured and holds its place for 15 minutes. Staff (owners and
 * admins) manage events; trainers (the staff on the floor) see the attendee list and tick attendees; a member's QR
 * check-in at the event's location during the event marks their ticket attended. Pro and above, like the timetable:
 * 402 PLAN_UPGRADE_REQUIRED on a smaller plan.
 */

export const EventKind = z.enum(['workshop', 'challenge', 'run', 'open_day', 'other']);
export type EventKind = z.infer<typeof EventKind>;
export const EventStatus = z.enum(['published', 'cancelled', 'ended']);
export type EventStatus = z.infer<typeof EventStatus>;
/** pending: a paid ticket awaiting its payment (holds a place until `holdUntil`); lapsed: the hold ran out unpaid. */
export const TicketStatus = z.enum(['pending', 'confirmed', 'attended', 'cancelled', 'lapsed']);
export type TicketStatus = z.infer<typeof TicketStatus>;
/** A paid ticket's refund: none owed, owed (asked of payments), or paid back. */
export const TicketRefund = z.enum(['none', 'due', 'refunded']);
export type TicketRefund = z.infer<typeof TicketRefund>;

/** A member may cancel their ticket and get their money back until this many hours before the event starts. */
export const TICKET_REFUND_HOURS = 24;
/** How long a pending (paid, not yet captured) ticket holds its place. */
export const TICKET_HOLD_MINUTES = 15;

const Uuid = (label: string) => z.uuid({ message: `${label} is not a valid id` });
const LocalTime = (label: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be HH:MM (24-hour), e.g. 07:00`);
const EventDate = (label: string) => DateWithin(label, '2026-03-01', { yearsBack: 1, yearsAhead: 5 });
const Title = Text('Title').trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters');
const Description = Text('Description', { multiline: true }).trim().max(4000, 'Description must be at most 4000 characters');
const EventCapacity = z
  .number({ message: 'Capacity must be a number' })
  .int('Capacity must be a whole number')
  .min(1, 'Capacity must be at least 1')
  .max(5000, 'Capacity must be at most 5000');
const PricePaise = z
  .number({ message: 'Price must be a number of paise' })
  .int('Price must be whole paise')
  .min(0, 'Price cannot be negative')
  .max(10_000_000, 'Price must be at most ₹1,00,000');
/** An online event's link (a video call, a live stream): http(s) only. */
const OnlineUrl = Text('Online link')
  .trim()
  .max(500, 'Online link must be at most 500 characters')
  .pipe(z.url({ protocol: /^https?$/, message: 'Online link must be a web address starting with https://' }));

export const EventTicket = z.object({
  eventId: z.uuid(),
  memberId: z.uuid(),
  status: TicketStatus,
  pricePaise: z.number().int(),
  /** A pending ticket's place is held until then. */
  holdUntil: IsoDateTime.nullable(),
  refund: TicketRefund,
  /** A paid ticket's purchase (the purchase pipeline); null for a free one. */
  purchaseId: z.uuid().nullable().optional(),
  /**
   * The payment to pay online (payments' create-order with it, then Razorpay Checkout) once payments made it, as a
   * pack purchase's paymentId; null until then and for a free ticket.
   */
  paymentId: z.uuid().nullable().optional(),
  takenAt: IsoDateTime,
  attendedAt: IsoDateTime.nullable(),
});
export type EventTicket = z.infer<typeof EventTicket>;

export const GymEvent = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  kind: EventKind,
  /** The location that holds it (its time zone, its staff); online events too. */
  locationId: z.uuid(),
  /** Set for an online event: where members join. */
  onlineUrl: z.string().nullable(),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  /** Start and end as the location's clocks show them. */
  timeZone: z.string(),
  localDate: IsoDate,
  localTime: z.string(),
  localEndDate: IsoDate,
  localEndTime: z.string(),
  capacity: z.number().int(),
  /** Places held: confirmed, attended and pending tickets. */
  taken: z.number().int(),
  /** Integer paise; 0 = free. */
  pricePaise: z.number().int(),
  status: EventStatus,
  cancelReason: z.string().nullable(),
  /** Members: their own ticket (null when none or given up). Staff: null. */
  myTicket: EventTicket.nullable(),
});
export type GymEvent = z.infer<typeof GymEvent>;

export const Attendee = EventTicket.extend({ name: z.string() });
export type Attendee = z.infer<typeof Attendee>;
export const AttendeeList = z.object({ eventId: z.uuid(), attendees: z.array(Attendee) });

export const EventBody = z
  .object({
    locationId: Uuid('Location'),
    title: Title,
    description: Description.default(''),
    kind: EventKind,
    onlineUrl: OnlineUrl.nullable().default(null),
    /** Start and end as the location's clocks show them. */
    date: EventDate('Date'),
    startTime: LocalTime('Start time'),
    /** The last day (a challenge may run several days); default: the same day. */
    endDate: EventDate('End date').optional(),
    endTime: LocalTime('End time'),
    capacity: EventCapacity,
    pricePaise: PricePaise.default(0),
  })
  .strict();
export type EventBody = z.infer<typeof EventBody>;

/** What may change once published (the price may not: tickets were sold at it). */
export const EventPatch = z
  .object({
    title: Title,
    description: Description,
    kind: EventKind,
    onlineUrl: OnlineUrl.nullable(),
    date: EventDate('Date'),
    startTime: LocalTime('Start time'),
    endDate: EventDate('End date'),
    endTime: LocalTime('End time'),
    capacity: EventCapacity,
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type EventPatch = z.infer<typeof EventPatch>;

export const CancelEventBody = z
  .object({ reason: Text('Reason').trim().min(1, 'Give a reason ticket holders will see').max(200, 'Reason must be at most 200 characters') })
  .strict();

export const EventsQuery = z
  .object({
    /** Staff: one of their locations (default: all of theirs). Members: ignored (their own locations). */
    locationId: Uuid('Location').optional(),
    /** Ended and cancelled events of the last 90 days too. */
    includePast: z.enum(['true', 'false']).default('false'),
  })
  .strict();
export const EventList = z.object({ events: z.array(GymEvent) });
export const EventAttendanceBody = z.object({ memberId: Uuid('Member') }).strict();

/** A ticket just taken: free ones confirmed; a paid one pending, with what the checkout needs once payments has the order. */
export const TakenTicket = z.object({ ticket: EventTicket, event: GymEvent });
export const MyTickets = z.object({ tickets: z.array(z.object({ ticket: EventTicket, event: GymEvent })) });
export const CancelledTicket = z.object({
  ticket: EventTicket,
  /** Whether the money comes back (paid tickets cancelled more than TICKET_REFUND_HOURS before the start). */
  refunded: z.boolean(),
});

const MANAGERS = ['owner', 'admin'] as const;
const STAFF_ON_FLOOR = ['owner', 'admin', 'trainer'] as const;
const refusals = { 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem };

export const schedulingEventRoutes = {
  listEvents: route({
    method: 'GET',
    path: '/scheduling/events',
    query: EventsQuery,
    responses: { 200: ok(EventList), ...refusals },
    auth: true,
    roles: ANY_ROLE,
    summary: "Events by start: staff see their locations' events; members the upcoming published events of their locations, with their own ticket.",
  }),
  getEvent: route({
    method: 'GET',
    path: '/scheduling/events/:id',
    params: IdParams,
    responses: { 200: ok(GymEvent), ...refusals },
    auth: true,
    roles: ANY_ROLE,
    summary: 'One event (a member sees their own ticket in it).',
  }),
  createEvent: route({
    method: 'POST',
    path: '/scheduling/events',
    body: EventBody,
    responses: { 201: ok(GymEvent), ...refusals, 409: Problem },
    auth: true,
    roles: MANAGERS,
    summary: 'Publishes an event at a location (or online, with a link): its times in the location’s clock, capacity and price in paise (0 = free).',
  }),
  editEvent: route({
    method: 'PATCH',
    path: '/scheduling/events/:id',
    params: IdParams,
    body: EventPatch,
    responses: { 200: ok(GymEvent), ...refusals, 409: Problem },
    auth: true,
    roles: MANAGERS,
    summary: 'Changes an event that has not started; capacity cannot go below the places taken.',
  }),
  cancelEvent: route({
    method: 'POST',
    path: '/scheduling/events/:id/cancel',
    params: IdParams,
    body: CancelEventBody,
    responses: { 200: ok(GymEvent), ...refusals, 409: Problem },
    auth: true,
    roles: MANAGERS,
    summary: 'Cancels an event: every ticket holder is told and paid tickets are refunded.',
  }),
  attendees: route({
    method: 'GET',
    path: '/scheduling/events/:id/attendees',
    params: IdParams,
    responses: { 200: ok(AttendeeList), ...refusals },
    auth: true,
    roles: STAFF_ON_FLOOR,
    summary: 'The ticket holders of an event (pending, confirmed, attended), by the time they took their ticket.',
  }),
  markEventAttended: route({
    method: 'POST',
    path: '/scheduling/events/:id/attendance',
    params: IdParams,
    body: EventAttendanceBody,
    responses: { 200: ok(EventTicket), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF_ON_FLOOR,
    summary: 'The attendee list’s tick: marks a confirmed ticket attended (a QR check-in at the location during the event does it too).',
  }),
  takeTicket: route({
    method: 'POST',
    path: '/scheduling/events/:id/tickets',
    params: IdParams,
    responses: { 201: ok(TakenTicket), ...refusals, 409: Problem },
    auth: true,
    roles: ['member'],
    summary:
      'Takes a ticket: a free one is confirmed; a paid one is held 15 minutes, pending until its paymentId (the purchase’s payment) is paid with Checkout and captured.',
    description: '409 EVENT_FULL when every place is taken or held; 409 ALREADY_HAS_TICKET; 409 CONFLICT when the event was cancelled or has started.',
  }),
  cancelTicket: route({
    method: 'DELETE',
    path: '/scheduling/events/:id/ticket',
    params: IdParams,
    responses: { 200: ok(CancelledTicket), ...refusals, 409: Problem },
    auth: true,
    roles: ['member'],
    summary: "Gives up the caller's ticket; a paid one is refunded when cancelled more than 24 hours before the start.",
  }),
  myTickets: route({
    method: 'GET',
    path: '/scheduling/my-tickets',
    query: z.object({ includePast: z.enum(['true', 'false']).default('false') }).strict(),
    responses: { 200: ok(MyTickets), ...refusals },
    auth: true,
    roles: ['member'],
    summary: "The caller's tickets with their events: upcoming first (past ones when asked).",
  }),
} as const;
