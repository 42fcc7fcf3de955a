import { z } from 'zod';
import { ANY_ROLE, DateWithin, InstantWithin, IsoDate, IsoDateTime, ok, Problem, route } from './route.ts';

/**
 * Personal-training appointments of the scheduling service (prefix /scheduling/appointments): a member books a free
 * slot of their trainer (or of any trainer of their location, when the location allows it), staff and the trainer book
 * for a member. A slot lies inside the trainer's weekly working hours (the trainers service publishes them) and within
 * the location's booking window; overlaps are refused for the trainer (appointments, classes they lead) and for the
 * member (appointments, class places). An appointment that ends unattended becomes a no-show. Pro and above, like the
 * timetable: 402 PLAN_UPGRADE_REQUIRED on a smaller plan.
 */

export const APPOINTMENT_DURATIONS = [30, 45, 60, 90] as const;
export const AppointmentStatus = z.enum(['booked', 'cancelled', 'attended', 'no_show']);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

const Uuid = (label: string) => z.uuid({ message: `${label} is not a valid id` });
const Duration = z.coerce
  .number({ message: 'Duration must be 30, 45, 60 or 90 minutes' })
  .refine((n) => (APPOINTMENT_DURATIONS as readonly number[]).includes(n), 'Duration must be 30, 45, 60 or 90 minutes');
const RangeDate = (label: string) => DateWithin(label, '2026-03-01', { yearsBack: 1, yearsAhead: 5 });

export const Appointment = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  memberId: z.uuid(),
  /** The member's name (trainers and staff see it; a member sees their own). */
  memberName: z.string(),
  trainerId: z.uuid(),
  trainerName: z.string(),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  durationMinutes: z.number().int(),
  /** Start in the location's calendar. */
  timeZone: z.string(),
  localDate: IsoDate,
  localTime: z.string(),
  status: AppointmentStatus,
  /** A cancellation inside the location's late-cancel window. */
  late: z.boolean(),
  bookedBy: z.uuid(),
});
export type Appointment = z.infer<typeof Appointment>;

export const FreeSlot = z.object({ startsAt: IsoDateTime, endsAt: IsoDateTime, localDate: IsoDate, localTime: z.string() });
export type FreeSlot = z.infer<typeof FreeSlot>;
export const FreeSlots = z.object({
  trainerId: z.uuid(),
  locationId: z.uuid(),
  timeZone: z.string(),
  durationMinutes: z.number().int(),
  slots: z.array(FreeSlot),
});
export type FreeSlots = z.infer<typeof FreeSlots>;

export const FreeSlotsQuery = z
  .object({
    trainerId: Uuid('Trainer'),
    /** First day (the location's calendar); default today. */
    from: RangeDate('From').optional(),
    /** Last day, at most 31 days after `from`; default 14 days from `from`. */
    to: RangeDate('To').optional(),
    durationMinutes: Duration.default(60),
  })
  .strict();
export type FreeSlotsQuery = z.infer<typeof FreeSlotsQuery>;

export const BookAppointmentBody = z
  .object({
    trainerId: Uuid('Trainer'),
    /** Staff and the trainer name the member; a member books for themself (omit it or name themself). */
    memberId: Uuid('Member').optional(),
    /** A typo (year 9999) is refused here; a time that has passed, by the booking's rules. */
    startsAt: InstantWithin('The appointment', { daysBack: 1, yearsAhead: 5 }),
    durationMinutes: z
      .number({ message: 'Duration must be 30, 45, 60 or 90 minutes' })
      .refine((n) => (APPOINTMENT_DURATIONS as readonly number[]).includes(n), 'Duration must be 30, 45, 60 or 90 minutes')
      .default(60),
  })
  .strict();
export type BookAppointmentBody = z.infer<typeof BookAppointmentBody>;

export const AppointmentsQuery = z
  .object({
    /** Staff: one location (default: every location they run). */
    locationId: Uuid('Location').optional(),
    /** Staff: one trainer's appointments. */
    trainerId: Uuid('Trainer').optional(),
    /** From this day (default: today) … */
    from: RangeDate('From').optional(),
    /** … until this day (default: 60 days on). */
    to: RangeDate('To').optional(),
    /** Cancelled ones too. */
    includeCancelled: z.enum(['true', 'false']).default('false'),
  })
  .strict();
export type AppointmentsQuery = z.infer<typeof AppointmentsQuery>;
export const AppointmentList = z.object({ appointments: z.array(Appointment) });
export const AppointmentParams = z.object({ id: Uuid('Appointment') });

/** A trainer the caller may book a session with. */
export const BookableTrainer = z.object({
  id: z.uuid(),
  name: z.string(),
  locationId: z.uuid(),
  /** The member's own (assigned) trainer. */
  assigned: z.boolean(),
});
export type BookableTrainer = z.infer<typeof BookableTrainer>;
export const BookableTrainers = z.object({ trainers: z.array(BookableTrainer) });
export type BookableTrainers = z.infer<typeof BookableTrainers>;

const refusals = { 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem };
const STAFF_AND_TRAINERS = ['owner', 'admin', 'trainer'] as const;

export const schedulingAppointmentRoutes = {
  trainers: route({
    method: 'GET',
    path: '/scheduling/appointments/trainers',
    responses: { 200: ok(BookableTrainers), ...refusals },
    auth: true,
    roles: ANY_ROLE,
    summary:
      "The trainers the caller may book a session with: a member's own first (others of their location when it allows any); staff the trainers of their locations.",
  }),
  freeSlots: route({
    method: 'GET',
    path: '/scheduling/appointments/free-slots',
    query: FreeSlotsQuery,
    responses: { 200: ok(FreeSlots), ...refusals },
    auth: true,
    roles: ANY_ROLE,
    summary:
      "A trainer's free slots of a given length between two days: inside their weekly hours, within the booking window, clear of what they and the caller hold.",
  }),
  book: route({
    method: 'POST',
    path: '/scheduling/appointments',
    body: BookAppointmentBody,
    responses: { 201: ok(Appointment), ...refusals, 409: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Books a personal-training appointment: a member for themself with their trainer; staff or the trainer for a member.',
    description:
      '409 APPOINTMENT_CLASH (the trainer or the member is busy then, saying with what), OUTSIDE_AVAILABILITY, BOOKING_NOT_ALLOWED (window) or MEMBERSHIP_INACTIVE.',
  }),
  list: route({
    method: 'GET',
    path: '/scheduling/appointments',
    query: AppointmentsQuery,
    responses: { 200: ok(AppointmentList), ...refusals },
    auth: true,
    roles: ANY_ROLE,
    summary: "Appointments, soonest first: a member's own, a trainer's own, staff's at their locations (by trainer and dates).",
  }),
  cancel: route({
    method: 'POST',
    path: '/scheduling/appointments/:id/cancel',
    params: AppointmentParams,
    responses: { 200: ok(Appointment), ...refusals, 409: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Cancels a booked appointment (late inside the location’s late-cancel window).',
  }),
  attended: route({
    method: 'POST',
    path: '/scheduling/appointments/:id/attended',
    params: AppointmentParams,
    responses: { 200: ok(Appointment), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'Marks the session delivered (the trainer or staff).',
  }),
  noShow: route({
    method: 'POST',
    path: '/scheduling/appointments/:id/no-show',
    params: AppointmentParams,
    responses: { 200: ok(Appointment), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'Marks that the member did not come (once the appointment has begun).',
  }),
};
