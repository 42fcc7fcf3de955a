import { z } from 'zod';
import { MembershipType } from '../enums.ts';
import { ANY_ROLE, DateWithin, IdParams, IsoDate, IsoDateTime, ok, okMessage, Problem, route, Text } from './route.ts';

/**
 * The scheduling service (prefix /scheduling): class types, the timetable of each location (series and one-off
 * classes), bookings with a waitlist, attendance marks and the booking rules of each location. A Pro-and-above
 * feature: an organization on a smaller plan (after its trial) gets 402 PLAN_UPGRADE_REQUIRED on every route.
 */

export const ClassCategory = z.enum(['yoga', 'zumba', 'hiit', 'strength', 'spin', 'dance', 'pilates', 'crossfit', 'boxing', 'other']);
export type ClassCategory = z.infer<typeof ClassCategory>;

const Uuid = (label: string) => z.uuid({ message: `${label} is not a valid id` });
const Minutes = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number of minutes` })
    .int(`${label} must be whole minutes`)
    .min(min, `${label} must be at least ${min} minutes`)
    .max(max, `${label} must be at most ${max} minutes`);
const Capacity = z
  .number({ message: 'Capacity must be a number' })
  .int('Capacity must be a whole number')
  .min(1, 'Capacity must be at least 1')
  .max(500, 'Capacity must be at most 500');
const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Start time must be HH:MM (24-hour), e.g. 07:00');
const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour such as #4f46e5');
/** A class's date: a typo (year 9999, year 0) is refused; a timetable reaches a few years ahead at most. */
const ClassDate = (label: string) => DateWithin(label, '2026-03-01', { yearsBack: 1, yearsAhead: 5 });
const Room = Text('Room').trim().max(60, 'Room must be at most 60 characters');
const Weekdays = z
  .array(z.number().int().min(1, 'Weekdays are 1 (Monday) to 7 (Sunday)').max(7, 'Weekdays are 1 (Monday) to 7 (Sunday)'))
  .min(1, 'Choose at least one weekday')
  .max(7)
  .refine((d) => new Set(d).size === d.length, 'Each weekday once');

export const ClassType = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: ClassCategory,
  durationMinutes: z.number().int(),
  defaultCapacity: z.number().int(),
  defaultTrainerId: z.uuid().nullable(),
  colour: z.string(),
  /** Membership plans that may book it; empty = every plan. */
  plans: z.array(MembershipType),
  /** Integer paise; null when there is no drop-in price. */
  dropInPricePaise: z.number().int().nullable(),
  updatedAt: IsoDateTime,
});
export type ClassType = z.infer<typeof ClassType>;

export const ClassTypeBody = z
  .object({
    name: Text('Name').trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
    description: Text('Description', { multiline: true }).trim().max(1000, 'Description must be at most 1000 characters').default(''),
    category: ClassCategory,
    durationMinutes: Minutes('Duration', 10, 480),
    defaultCapacity: Capacity,
    defaultTrainerId: Uuid('Default trainer').nullable().default(null),
    colour: Colour.default('#4f46e5'),
    plans: z.array(MembershipType).max(4).default([]),
    dropInPricePaise: z.number().int('Drop-in price must be whole paise').min(0, 'Drop-in price cannot be negative').max(10_000_000).nullable().default(null),
  })
  .strict();
export type ClassTypeBody = z.infer<typeof ClassTypeBody>;
export const ClassTypePatch = z
  .object({
    name: Text('Name').trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
    description: Text('Description', { multiline: true }).trim().max(1000, 'Description must be at most 1000 characters'),
    category: ClassCategory,
    durationMinutes: Minutes('Duration', 10, 480),
    defaultCapacity: Capacity,
    defaultTrainerId: Uuid('Default trainer').nullable(),
    colour: Colour,
    plans: z.array(MembershipType).max(4),
    dropInPricePaise: z.number().int('Drop-in price must be whole paise').min(0, 'Drop-in price cannot be negative').max(10_000_000).nullable(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type ClassTypePatch = z.infer<typeof ClassTypePatch>;

/** The booking rules of a location. */
export const SchedulingSettings = z.object({
  locationId: z.uuid(),
  /** Booking opens this many days before a class … */
  opensDaysBefore: z.number().int().min(0).max(60),
  /** … and closes this many minutes before it starts. */
  closesMinutesBefore: z.number().int().min(0).max(1440),
  /** A cancellation this close to the start is late; a place freed then is offered and must be confirmed. */
  lateCancelMinutes: z.number().int().min(0).max(2880),
  /** Minutes a member offered a place inside the late-cancel window has to confirm it. */
  confirmMinutes: z.number().int().min(5).max(240),
  /** After this many no-shows in 30 days (0 = never) … */
  noShowLimit: z.number().int().min(0).max(20),
  /** … booking is paused for this many days. */
  noShowPauseDays: z.number().int().min(0).max(90),
  /** Classes a month per membership plan; null = unlimited. */
  allowances: z.record(MembershipType, z.number().int().min(0).max(100).nullable()),
  /** Personal training: a member may book any trainer of the location (false: only their assigned trainer). */
  ptAnyTrainer: z.boolean(),
  /** Session packs: a late cancel uses one of the member's credits (false: it is free). */
  packLateCancelUses: z.boolean(),
  /** Session packs: a no-show uses one of the member's credits (false: it is free). */
  packNoShowUses: z.boolean(),
});
export type SchedulingSettings = z.infer<typeof SchedulingSettings>;
/** A plan left out of `allowances` is unlimited. */
export const SchedulingSettingsBody = SchedulingSettings.omit({ allowances: true })
  .extend({
    locationId: Uuid('Location'),
    allowances: z.partialRecord(MembershipType, z.number().int().min(0).max(100).nullable()),
    /** Left out: unchanged (these three). */
    ptAnyTrainer: z.boolean().optional(),
    packLateCancelUses: z.boolean({ message: 'Late cancel uses a credit must be true or false' }).optional(),
    packNoShowUses: z.boolean({ message: 'No-show uses a credit must be true or false' }).optional(),
  })
  .strict();
export type SchedulingSettingsBody = z.infer<typeof SchedulingSettingsBody>;

export const ClassStatus = z.enum(['scheduled', 'cancelled', 'closed']);
export const BookingStatus = z.enum(['booked', 'waitlisted', 'offered', 'cancelled', 'attended', 'no_show', 'expired']);
export type BookingStatus = z.infer<typeof BookingStatus>;

/** The caller's own place in a class (members): booked, waitlisted at a position, or offered a place to confirm. */
export const MyPlace = z.object({ status: BookingStatus, position: z.number().int().nullable(), offerExpiresAt: IsoDateTime.nullable() });

/** A class on the timetable with its occupancy. */
export const ClassSummary = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  classTypeId: z.uuid(),
  className: z.string(),
  category: ClassCategory,
  colour: z.string(),
  seriesId: z.uuid().nullable(),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  /** The class's date and start time in the location's time zone. */
  localDate: IsoDate,
  localTime: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  waitlisted: z.number().int(),
  trainerId: z.uuid().nullable(),
  /** The trainer's name (members cannot read the trainers service); null without a trainer. */
  trainerName: z.string().nullable(),
  room: z.string(),
  status: ClassStatus,
  /** Members: their own place in it (null when none). Staff and trainers: null. */
  myPlace: MyPlace.nullable(),
});
export type ClassSummary = z.infer<typeof ClassSummary>;

export const Timetable = z.object({ locationId: z.uuid(), timeZone: z.string(), weekStart: IsoDate, classes: z.array(ClassSummary) });
export type Timetable = z.infer<typeof Timetable>;
export const TimetableQuery = z
  .object({
    locationId: Uuid('Location'),
    /** Any day of the week wanted (the week runs Monday to Sunday); default: this week. */
    week: ClassDate('Week').optional(),
    category: ClassCategory.optional(),
    trainerId: Uuid('Trainer').optional(),
  })
  .strict();

export const RosterEntry = z.object({
  memberId: z.uuid(),
  name: z.string(),
  status: BookingStatus,
  /** Waitlist position (1 = next); null for the booked. */
  position: z.number().int().nullable(),
  since: IsoDateTime,
});
export const ClassDetail = ClassSummary.extend({
  /** Staff and trainers: the booked (with attended / no-show marks) and the offered; members: null. */
  roster: z.array(RosterEntry).nullable(),
  /** Staff and trainers: the waitlist in order; members: null. */
  waitlist: z.array(RosterEntry).nullable(),
});
export type ClassDetail = z.infer<typeof ClassDetail>;

export const SeriesBody = z
  .object({
    locationId: Uuid('Location'),
    classTypeId: Uuid('Class type'),
    weekdays: Weekdays,
    startTime: LocalTime,
    from: ClassDate('From'),
    until: ClassDate('Until'),
    capacity: Capacity.optional(),
    trainerId: Uuid('Trainer').nullable().optional(),
    room: Room.default(''),
  })
  .strict();
export type SeriesBody = z.infer<typeof SeriesBody>;
export const Series = z.object({ id: z.uuid(), locationId: z.uuid(), classTypeId: z.uuid(), classes: z.array(ClassSummary) });

export const OneOffBody = z
  .object({
    locationId: Uuid('Location'),
    classTypeId: Uuid('Class type'),
    date: ClassDate('Date'),
    startTime: LocalTime,
    durationMinutes: Minutes('Duration', 10, 480).optional(),
    capacity: Capacity.optional(),
    trainerId: Uuid('Trainer').nullable().optional(),
    room: Room.default(''),
  })
  .strict();
export type OneOffBody = z.infer<typeof OneOffBody>;

/** One class, or this one and the rest of its series (`following`). */
export const EditScope = z.enum(['one', 'following']);
export const EditClassBody = z
  .object({
    scope: EditScope.default('one'),
    startTime: LocalTime.optional(),
    durationMinutes: Minutes('Duration', 10, 480).optional(),
    capacity: Capacity.optional(),
    trainerId: Uuid('Trainer').nullable().optional(),
    room: Room.optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== 'scope'), 'Nothing to change');
export type EditClassBody = z.infer<typeof EditClassBody>;
export const CancelClassBody = z
  .object({
    scope: EditScope.default('one'),
    reason: Text('Reason').trim().min(1, 'Give a reason members will see').max(200, 'Reason must be at most 200 characters'),
  })
  .strict();
export const ClassList = z.object({ classes: z.array(ClassSummary) });

export const BookBody = z.object({ memberId: Uuid('Member').optional() }).strict();
export const BookingParams = z.object({ id: Uuid('Class'), memberId: Uuid('Member') });
export const Booking = z.object({
  classId: z.uuid(),
  memberId: z.uuid(),
  status: BookingStatus,
  position: z.number().int().nullable(),
  offerExpiresAt: IsoDateTime.nullable(),
  /** A cancellation inside the late-cancel window. */
  late: z.boolean(),
});
export type Booking = z.infer<typeof Booking>;
export const MyBookingsQuery = z.object({ includePast: z.enum(['true', 'false']).default('false') }).strict();
export const MyBookings = z.object({ bookings: z.array(z.object({ booking: Booking, class: ClassSummary })) });
export const AttendanceBody = z.object({ memberId: Uuid('Member') }).strict();
export const SettingsQuery = z.object({ locationId: Uuid('Location') }).strict();

const STAFF = ['owner', 'admin'] as const;
const STAFF_AND_TRAINERS = ['owner', 'admin', 'trainer'] as const;
const BOOKERS = ['owner', 'admin', 'member'] as const;
/**
 * A member's private calendar feed: the path (below the app's origin) a phone calendar subscribes to. The token in it
 * is shown only when made; the service keeps its hash. Making a new one stops the old one.
 */
export const CalendarFeed = z.object({ path: z.string().nullable(), createdAt: IsoDateTime.nullable() });
export type CalendarFeed = z.infer<typeof CalendarFeed>;
/** `<token>.ics`: 43 URL-safe characters (32 random bytes). Anything else is refused before a lookup. */
export const CalendarFeedParams = z.object({
  feed: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'This calendar link is not valid. Make a new one in Akhada under My bookings.'),
});

const refusals = { 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem };

export const schedulingRoutes = {
  listClassTypes: route({
    method: 'GET',
    path: '/scheduling/class-types',
    responses: { 200: ok(z.array(ClassType)), ...refusals },
    auth: true,
    roles: ANY_ROLE,
    apiScope: { area: 'scheduling', access: 'read' },
    summary: "The organization's class types (not archived), by name.",
  }),
  createClassType: route({
    method: 'POST',
    path: '/scheduling/class-types',
    body: ClassTypeBody,
    responses: { 201: ok(ClassType), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'A new class type (yoga, HIIT…): its duration, default capacity and trainer, colour, the plans that may book it and a drop-in price.',
  }),
  updateClassType: route({
    method: 'PATCH',
    path: '/scheduling/class-types/:id',
    params: IdParams,
    body: ClassTypePatch,
    responses: { 200: ok(ClassType), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Changes a class type; classes already on the timetable keep their time, capacity and trainer.',
  }),
  archiveClassType: route({
    method: 'DELETE',
    path: '/scheduling/class-types/:id',
    params: IdParams,
    responses: { 200: okMessage, ...refusals },
    auth: true,
    roles: STAFF,
    summary: 'Archives a class type: no new classes of it; those on the timetable stay.',
  }),
  getSettings: route({
    method: 'GET',
    path: '/scheduling/settings',
    query: SettingsQuery,
    responses: { 200: ok(SchedulingSettings), ...refusals },
    auth: true,
    roles: ANY_ROLE,
    summary: "A location's booking rules (defaults until staff change them).",
  }),
  putSettings: route({
    method: 'PUT',
    path: '/scheduling/settings',
    body: SchedulingSettingsBody,
    responses: { 200: ok(SchedulingSettings), ...refusals },
    auth: true,
    roles: STAFF,
    summary: "Sets a location's booking window, late-cancel window, no-show penalty and monthly allowances per plan.",
  }),
  createSeries: route({
    method: 'POST',
    path: '/scheduling/series',
    body: SeriesBody,
    responses: { 201: ok(Series), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'A recurring class: on the weekdays at the local start time, from one date until another (a year at most); its classes go on the timetable.',
  }),
  createClass: route({
    method: 'POST',
    path: '/scheduling/classes',
    body: OneOffBody,
    responses: { 201: ok(ClassSummary), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'A one-off class at a location.',
  }),
  timetable: route({
    method: 'GET',
    path: '/scheduling/timetable',
    query: TimetableQuery,
    responses: { 200: ok(Timetable), ...refusals },
    auth: true,
    roles: ANY_ROLE,
    apiScope: { area: 'scheduling', access: 'read' },
    summary: "A location's classes of one week (Monday to Sunday in its time zone) with occupancy; a member sees their own place in each.",
  }),
  getClass: route({
    method: 'GET',
    path: '/scheduling/classes/:id',
    params: IdParams,
    responses: { 200: ok(ClassDetail), ...refusals },
    auth: true,
    roles: ANY_ROLE,
    apiScope: { area: 'scheduling', access: 'read' },
    summary: 'One class; staff and trainers also see its roster and waitlist.',
  }),
  editClass: route({
    method: 'PATCH',
    path: '/scheduling/classes/:id',
    params: IdParams,
    body: EditClassBody,
    responses: { 200: ok(ClassList), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Changes one class, or (scope following) it and the rest of its series; more capacity promotes from the waitlist.',
  }),
  cancelClass: route({
    method: 'POST',
    path: '/scheduling/classes/:id/cancel',
    params: IdParams,
    body: CancelClassBody,
    responses: { 200: ok(ClassList), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Cancels one class, or (scope following) it and the rest of its series; everyone booked or waiting is told.',
  }),
  book: route({
    method: 'POST',
    path: '/scheduling/classes/:id/bookings',
    params: IdParams,
    body: BookBody,
    responses: { 201: ok(Booking), ...refusals, 409: Problem },
    auth: true,
    roles: BOOKERS,
    apiScope: { area: 'scheduling', access: 'write' },
    summary: 'Books the caller (a member) or, for staff, the member named into a class; a full class puts them on its waitlist.',
    description:
      '409 MEMBERSHIP_INACTIVE (expired, frozen…), BOOKING_NOT_ALLOWED (window, plan, allowance, no-show pause) or ALREADY_BOOKED, each with the reason.',
  }),
  cancelBooking: route({
    method: 'DELETE',
    path: '/scheduling/classes/:id/bookings/:memberId',
    params: BookingParams,
    responses: { 200: ok(Booking), ...refusals, 409: Problem },
    auth: true,
    roles: BOOKERS,
    apiScope: { area: 'scheduling', access: 'write' },
    summary: 'Gives up a place or a waitlist place (a member their own; staff anyone’s); the first waiting member gets the freed place.',
  }),
  confirmPlace: route({
    method: 'POST',
    path: '/scheduling/classes/:id/bookings/:memberId/confirm',
    params: BookingParams,
    responses: { 200: ok(Booking), ...refusals, 409: Problem },
    auth: true,
    roles: BOOKERS,
    summary: 'Confirms a place offered from the waitlist inside the late-cancel window, before the offer runs out.',
  }),
  markAttended: route({
    method: 'POST',
    path: '/scheduling/classes/:id/attendance',
    params: IdParams,
    body: AttendanceBody,
    responses: { 200: ok(Booking), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'The roster tick: marks a booked member attended (a QR check-in at the location does it too).',
  }),
  myBookings: route({
    method: 'GET',
    path: '/scheduling/my-bookings',
    query: MyBookingsQuery,
    responses: { 200: ok(MyBookings), ...refusals },
    auth: true,
    roles: ['member'],
    summary: "The caller's bookings, waitlist places and offers: upcoming first (with past ones when asked).",
  }),
  myCalendar: route({
    method: 'GET',
    path: '/scheduling/my-calendar',
    responses: { 200: ok(CalendarFeed), ...refusals },
    auth: true,
    roles: ['member'],
    summary: 'Whether the caller has a calendar feed, and since when (the link itself is shown only when it is made).',
  }),
  makeCalendar: route({
    method: 'POST',
    path: '/scheduling/my-calendar',
    responses: { 201: ok(CalendarFeed), ...refusals },
    auth: true,
    roles: ['member'],
    summary: "Makes the caller's private calendar link (iCalendar), replacing any earlier one, which stops working.",
  }),
  calendarFeed: route({
    method: 'GET',
    path: '/scheduling/calendar/:feed',
    params: CalendarFeedParams,
    responses: { 200: z.string(), 400: Problem, 402: Problem, 404: Problem },
    auth: false,
    summary: "A member's classes as an iCalendar feed (text/calendar) for a phone calendar to subscribe to.",
    description:
      'The link is the credential: no token is sent. Booked, offered and waitlisted places from 30 days back, cancelled classes as STATUS:CANCELLED; times in UTC.',
  }),
} as const;
