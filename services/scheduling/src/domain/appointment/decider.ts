import { DomainError, type Decider } from '@akhada/kit/domain';
import type { ErrorCode } from '@akhada/contracts';

/**
 * One personal-training appointment: a member with a trainer at a location, from a start to an end. Booked, then
 * cancelled (late inside the location's late-cancel window), attended, or a no-show (marked, or ended unattended).
 *
 * What the stream cannot know comes in on the command, read by the use case in the booking's transaction behind the
 * trainer's and the member's locks: the trainer's working hours that day (`openHours`, instants) and what the trainer
 * and the member already hold around then (`clashes`). The decider refuses a clash, naming it, and a time outside
 * the working hours or (for a member) the location's booking window.
 */
export interface AppointmentSlot {
  appointmentId: string;
  orgId: string;
  locationId: string;
  memberId: string;
  trainerId: string;
  startsAt: string;
  endsAt: string;
  /** The member themself, or staff / the trainer for them. */
  bookedBy: string;
}

/** Something the trainer or the member holds that overlaps the wanted time. */
export interface Clash {
  who: 'trainer' | 'member';
  kind: 'appointment' | 'class';
  /** The class's name (for a class). */
  name?: string;
  startsAt: string;
  endsAt: string;
}

/** The location's booking window, as of the command. */
export interface AppointmentRules {
  opensDaysBefore: number;
  closesMinutesBefore: number;
}

export const APPOINTMENT_MINUTES = [30, 45, 60, 90] as const;

export type AppointmentCommand =
  | {
      type: 'BookAppointment';
      data: AppointmentSlot & {
        at: string;
        /** A member keeps to the booking window; staff and the trainer may book outside it (never in the past). */
        byMember: boolean;
        rules: AppointmentRules;
        /** The trainer's working hours around the wanted day, as instants. */
        openHours: readonly { startsAt: string; endsAt: string }[];
        clashes: readonly Clash[];
      };
    }
  | { type: 'CancelAppointment'; data: { by: string; at: string; lateCancelMinutes: number } }
  | { type: 'MarkAttended'; data: { by: string; at: string } }
  | { type: 'MarkNoShow'; data: { by: string; at: string } }
  /** The sweep: an appointment that ended still booked (nobody marked it) is a no-show. */
  | { type: 'CloseAppointment'; data: { at: string } };

export type AppointmentEvent =
  | { type: 'AppointmentBooked'; data: AppointmentSlot & { at: string } }
  | { type: 'AppointmentCancelled'; data: { appointmentId: string; at: string; by: string; late: boolean } }
  | { type: 'AppointmentAttended'; data: { appointmentId: string; at: string; by: string } }
  | { type: 'AppointmentNoShow'; data: { appointmentId: string; at: string; by: string | null } };

export type AppointmentState =
  | { status: 'none' }
  | (AppointmentSlot & { status: 'booked' | 'attended' | 'no_show' })
  | (AppointmentSlot & { status: 'cancelled'; late: boolean; cancelledBy: string });
type Existing = Exclude<AppointmentState, { status: 'none' }>;

export const appointmentStreamId = (appointmentId: string): string => `appointment-${appointmentId}`;

const MINUTE = 60_000;
const DAY = 86_400_000;
const ms = (iso: string): number => new Date(iso).getTime();

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const refuse = (message: string, code: ErrorCode = 'CONFLICT') => new DomainError(code, message, 409);

const existing = (state: AppointmentState): Existing => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'Appointment not found', 404);
  return state;
};

/** The refusal for the first clash: who is busy, and with what. */
export const clashMessage = (c: Clash): string => {
  const subject = c.who === 'trainer' ? 'The trainer' : 'The member';
  if (c.kind === 'appointment') return `${subject} already has an appointment at that time.`;
  return c.who === 'trainer' ? `The trainer leads ${c.name ?? 'a class'} at that time.` : `The member is booked into ${c.name ?? 'a class'} at that time.`;
};

const decide = (command: AppointmentCommand, state: AppointmentState): AppointmentEvent[] => {
  switch (command.type) {
    case 'BookAppointment': {
      if (state.status !== 'none') throw refuse('This appointment is booked already.');
      const { at, byMember, rules, openHours, clashes, ...slot } = command.data;
      const start = ms(slot.startsAt);
      const end = ms(slot.endsAt);
      const minutes = (end - start) / MINUTE;
      if (!(APPOINTMENT_MINUTES as readonly number[]).includes(minutes)) throw invalid('An appointment lasts 30, 45, 60 or 90 minutes');
      if (start <= ms(at)) throw refuse('This time has passed; choose a later one.', 'BOOKING_NOT_ALLOWED');
      if (byMember && start > ms(at) + rules.opensDaysBefore * DAY)
        throw refuse(`Booking opens ${rules.opensDaysBefore} ${rules.opensDaysBefore === 1 ? 'day' : 'days'} before the appointment.`, 'BOOKING_NOT_ALLOWED');
      if (byMember && start < ms(at) + rules.closesMinutesBefore * MINUTE)
        throw refuse(`Booking closes ${rules.closesMinutesBefore} minutes before the appointment.`, 'BOOKING_NOT_ALLOWED');
      if (!openHours.some((h) => ms(h.startsAt) <= start && end <= ms(h.endsAt)))
        throw refuse('This time is outside the trainer’s working hours.', 'OUTSIDE_AVAILABILITY');
      const clash = clashes.find((c) => ms(c.startsAt) < end && start < ms(c.endsAt));
      if (clash) throw refuse(clashMessage(clash), 'APPOINTMENT_CLASH');
      return [{ type: 'AppointmentBooked', data: { ...slot, at } }];
    }
    case 'CancelAppointment': {
      const s = existing(state);
      const { by, at, lateCancelMinutes } = command.data;
      if (s.status === 'cancelled') return [];
      if (s.status !== 'booked') throw refuse('This appointment has taken place; it can no longer be cancelled.');
      if (ms(at) >= ms(s.startsAt)) throw refuse('This appointment has started; it can no longer be cancelled.');
      const late = ms(at) > ms(s.startsAt) - lateCancelMinutes * MINUTE;
      return [{ type: 'AppointmentCancelled', data: { appointmentId: s.appointmentId, at, by, late } }];
    }
    case 'MarkAttended': {
      const s = existing(state);
      const { by, at } = command.data;
      if (s.status === 'attended') return [];
      if (s.status === 'cancelled') throw refuse('This appointment was cancelled.');
      // A check-in or the trainer's tick up to an hour early counts; a no-show marked by mistake may be corrected.
      if (ms(at) < ms(s.startsAt) - 60 * MINUTE) throw refuse('An appointment is marked attended once it is about to begin.');
      return [{ type: 'AppointmentAttended', data: { appointmentId: s.appointmentId, at, by } }];
    }
    case 'MarkNoShow': {
      const s = existing(state);
      const { by, at } = command.data;
      if (s.status === 'no_show') return [];
      if (s.status === 'cancelled') throw refuse('This appointment was cancelled.');
      if (s.status === 'attended') throw refuse('This appointment is marked attended.');
      if (ms(at) < ms(s.startsAt)) throw refuse('A no-show is marked once the appointment has begun.');
      return [{ type: 'AppointmentNoShow', data: { appointmentId: s.appointmentId, at, by } }];
    }
    case 'CloseAppointment': {
      if (state.status !== 'booked') return [];
      if (ms(command.data.at) < ms(state.endsAt)) return [];
      return [{ type: 'AppointmentNoShow', data: { appointmentId: state.appointmentId, at: command.data.at, by: null } }];
    }
  }
};

const evolve = (state: AppointmentState, event: AppointmentEvent): AppointmentState => {
  if (event.type === 'AppointmentBooked') {
    const { at: _at, ...slot } = event.data;
    return { ...slot, status: 'booked' };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'AppointmentCancelled':
      return { ...slotOf(state), status: 'cancelled', late: event.data.late, cancelledBy: event.data.by };
    case 'AppointmentAttended':
      return { ...slotOf(state), status: 'attended' };
    case 'AppointmentNoShow':
      return { ...slotOf(state), status: 'no_show' };
    default:
      return state;
  }
};

/** The appointment's facts without its status. */
export const slotOf = (s: Existing): AppointmentSlot => ({
  appointmentId: s.appointmentId,
  orgId: s.orgId,
  locationId: s.locationId,
  memberId: s.memberId,
  trainerId: s.trainerId,
  startsAt: s.startsAt,
  endsAt: s.endsAt,
  bookedBy: s.bookedBy,
});

export const appointmentDecider: Decider<AppointmentCommand, AppointmentEvent, AppointmentState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
