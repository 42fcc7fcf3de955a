import { DomainError, type Decider } from '@akhada/kit/domain';

/**
 * One class on the timetable (a series' occurrence or a one-off): its place, time and capacity, who is booked, the
 * waitlist in the order it was joined, the one promotion awaiting confirmation (a place offered inside the late-cancel
 * window) and who attended. Time and the location's booking rules come in on the commands.
 *
 * Invariants: booked + (an offer ? 1 : 0) ≤ capacity, except after staff lower the capacity below the booked count (no
 * one is bumped; nobody more gets in until it is under); a member is at most once in booked ∪ waitlist ∪ offer; the
 * waitlist keeps its order; a freed place goes to the first waiting member who may still book, so a cancellation
 * promotes at most one.
 *
 * Whether a waiting member may still book (membership, plan, monthly allowance, no-show pause) is not the class's to
 * know: every command that may give a place to the waitlist carries `ineligible`, the waiting members the use case
 * found may not take one now. They are passed over and keep their place in the queue (they may renew and be next).
 */
export interface ClassSlot {
  orgId: string;
  /** The class type's name when the class was scheduled (what members and notifications see). */
  className: string;
  locationId: string;
  classTypeId: string;
  seriesId: string | null;
  startsAt: string;
  endsAt: string;
  capacity: number;
  trainerId: string | null;
  room: string;
}

/** The location's booking rules (settings per location), as of the command. */
export interface BookingRules {
  opensDaysBefore: number;
  closesMinutesBefore: number;
  lateCancelMinutes: number;
  /** How long a member promoted inside the late-cancel window has to confirm. */
  confirmMinutes: number;
}

/** Waiting members who may not take a place now (read by the use case in the command's transaction). */
export type Ineligible = readonly string[];

export type ClassEdit = Partial<Pick<ClassSlot, 'startsAt' | 'endsAt' | 'capacity' | 'trainerId' | 'room'>>;

export type OccurrenceCommand =
  | { type: 'ScheduleClass'; data: ClassSlot & { occurrenceId: string; at: string } }
  | { type: 'EditClass'; data: { changes: ClassEdit; at: string; rules: BookingRules; ineligible: Ineligible } }
  | { type: 'CancelClass'; data: { at: string; reason: string } }
  | { type: 'BookClass'; data: { memberId: string; at: string; rules: BookingRules; byStaff: boolean; ineligible: Ineligible } }
  | { type: 'CancelBooking'; data: { memberId: string; at: string; rules: BookingRules; ineligible: Ineligible } }
  | { type: 'ConfirmPromotion'; data: { memberId: string; at: string } }
  | { type: 'ExpireOffer'; data: { at: string; rules: BookingRules; ineligible: Ineligible } }
  | { type: 'MarkAttended'; data: { memberId: string; at: string } }
  | { type: 'CloseClass'; data: { at: string } };

export type OccurrenceEvent =
  | { type: 'ClassScheduled'; data: ClassSlot & { occurrenceId: string; at: string } }
  | { type: 'ClassEdited'; data: { classId: string; changes: ClassEdit; at: string } }
  | { type: 'ClassCancelled'; data: { classId: string; at: string; reason: string; bookedMemberIds: string[]; waitlistedMemberIds: string[] } }
  | { type: 'ClassBooked'; data: { classId: string; memberId: string; at: string } }
  | { type: 'Waitlisted'; data: { classId: string; memberId: string; at: string; position: number } }
  | { type: 'BookingCancelled'; data: { classId: string; memberId: string; at: string; late: boolean; from: 'booked' | 'waitlist' | 'offer' } }
  | { type: 'WaitlistPromoted'; data: { classId: string; memberId: string; at: string } }
  | { type: 'PromotionOffered'; data: { classId: string; memberId: string; at: string; expiresAt: string } }
  | { type: 'PromotionExpired'; data: { classId: string; memberId: string; at: string } }
  | { type: 'AttendanceMarked'; data: { classId: string; memberId: string; at: string } }
  | { type: 'ClassClosed'; data: { classId: string; at: string; attendedMemberIds: string[]; noShowMemberIds: string[] } }
  /** The last place was taken (after a booking or a promotion). */
  | { type: 'ClassFilled'; data: { classId: string; at: string; capacity: number } };

/** An event as decided, before the class's id is stamped on it. */
type Raw<E> = E extends { type: infer T; data: infer D } ? { type: T; data: Omit<D, 'classId'> } : never;
type RawEvent = Raw<OccurrenceEvent>;

export interface Offer {
  memberId: string;
  expiresAt: string;
}

export type OccurrenceState =
  | { status: 'none' }
  | (ClassSlot & {
      status: 'scheduled' | 'cancelled' | 'closed';
      occurrenceId: string;
      booked: string[];
      waitlist: string[];
      offer: Offer | null;
      attended: string[];
    });
type Existing = Exclude<OccurrenceState, { status: 'none' }>;

export const occurrenceStreamId = (occurrenceId: string): string => `class-${occurrenceId}`;

const MINUTE = 60_000;
const DAY = 86_400_000;
const ms = (iso: string): number => new Date(iso).getTime();

const refuse = (message: string, code: 'CONFLICT' | 'BOOKING_NOT_ALLOWED' | 'ALREADY_BOOKED' = 'CONFLICT') => new DomainError(code, message, 409);
const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);

const existing = (state: OccurrenceState): Existing => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'Class not found', 404);
  return state;
};
const open = (state: OccurrenceState): Existing => {
  const s = existing(state);
  if (s.status === 'cancelled') throw refuse('This class was cancelled.');
  if (s.status === 'closed') throw refuse('This class has ended.');
  return s;
};

const checkSlot = (slot: Pick<ClassSlot, 'startsAt' | 'endsAt' | 'capacity'>): void => {
  if (!Number.isInteger(slot.capacity) || slot.capacity < 1 || slot.capacity > 500) throw invalid('Capacity must be a whole number from 1 to 500');
  if (!(ms(slot.endsAt) > ms(slot.startsAt))) throw invalid('A class must end after it starts');
};

/** Places taken: the booked and the one offered. */
const taken = (s: Existing): number => s.booked.length + (s.offer ? 1 : 0);

/**
 * Whether BookClass's `ineligible` can change its outcome: only when someone waits and a place is free (a full class or
 * an empty waitlist decides the same whoever of the waitlist may book), so the use case reads the waitlist's facts then only.
 */
export const bookingNeedsEligibility = (state: OccurrenceState): boolean =>
  state.status !== 'none' && state.waitlist.length > 0 && taken(state) < state.capacity;

/** A cancellation (or a freed place's promotion) at `at` is inside the late-cancel window. */
const insideLateWindow = (s: Existing, at: string, rules: BookingRules): boolean => ms(at) > ms(s.startsAt) - rules.lateCancelMinutes * MINUTE;

/**
 * Fill free places from the waitlist, first come first served among those who may still book (the ineligible are passed
 * over and keep their place): before the late-cancel window the first of them is booked at once; inside it they are
 * offered the place and must confirm (one offer at a time). After the class started nobody is promoted.
 */
const fill = (s: Existing, at: string, rules: BookingRules, ineligible: Ineligible): RawEvent[] => {
  const out: RawEvent[] = [];
  if (ms(at) >= ms(s.startsAt)) return out;
  let booked = s.booked.length;
  let queue = s.waitlist.filter((m) => !ineligible.includes(m));
  let offer = s.offer;
  while (!offer && queue.length > 0 && booked < s.capacity) {
    const [first, ...rest] = queue as [string, ...string[]];
    if (insideLateWindow(s, at, rules)) {
      const expiresAt = new Date(Math.min(ms(at) + rules.confirmMinutes * MINUTE, ms(s.startsAt))).toISOString();
      out.push({ type: 'PromotionOffered', data: { memberId: first, at, expiresAt } });
      offer = { memberId: first, expiresAt };
    } else {
      out.push({ type: 'WaitlistPromoted', data: { memberId: first, at } });
      booked += 1;
    }
    queue = rest;
  }
  return out;
};

const without = (list: string[], id: string): string[] => list.filter((x) => x !== id);

/** The events, and ClassFilled when they take the last place of a class that had one free. */
const withFilled = (s: Existing, events: RawEvent[], at: string): RawEvent[] => {
  const after = events.reduce((st, e) => apply(st, e), s as OccurrenceState) as Existing;
  const filled = taken(s) < s.capacity && taken(after) >= after.capacity;
  return filled ? [...events, { type: 'ClassFilled', data: { at, capacity: after.capacity } }] : events;
};

const decideRaw = (command: OccurrenceCommand, state: OccurrenceState): (RawEvent | Extract<OccurrenceEvent, { type: 'ClassScheduled' }>)[] => {
  switch (command.type) {
    case 'ScheduleClass': {
      if (state.status !== 'none') throw refuse('This class is on the timetable already.');
      checkSlot(command.data);
      return [{ type: 'ClassScheduled', data: command.data }];
    }
    case 'EditClass': {
      const s = open(state);
      const { changes, at, rules, ineligible } = command.data;
      if (ms(at) >= ms(s.startsAt)) throw refuse('A class that has started cannot be changed.');
      checkSlot({ startsAt: changes.startsAt ?? s.startsAt, endsAt: changes.endsAt ?? s.endsAt, capacity: changes.capacity ?? s.capacity });
      const edited: RawEvent = { type: 'ClassEdited', data: { changes, at } };
      const afterEdit = apply(s, edited) as Existing;
      return [edited, ...withFilled(afterEdit, fill(afterEdit, at, rules, ineligible), at)];
    }
    case 'CancelClass': {
      const s = open(state);
      return [
        {
          type: 'ClassCancelled',
          data: {
            at: command.data.at,
            reason: command.data.reason,
            bookedMemberIds: [...s.booked, ...(s.offer ? [s.offer.memberId] : [])],
            waitlistedMemberIds: s.waitlist,
          },
        },
      ];
    }
    case 'BookClass': {
      const s = open(state);
      const { memberId, at, rules, byStaff, ineligible } = command.data;
      if (s.booked.includes(memberId)) throw refuse('You are booked into this class already.', 'ALREADY_BOOKED');
      if (s.offer?.memberId === memberId) throw refuse('A place in this class is waiting for your confirmation.', 'ALREADY_BOOKED');
      if (s.waitlist.includes(memberId)) throw refuse('You are on the waitlist of this class already.', 'ALREADY_BOOKED');
      const t = ms(at);
      const start = ms(s.startsAt);
      if (t >= start) throw refuse('This class has started; booking is closed.', 'BOOKING_NOT_ALLOWED');
      // Staff may book for a member outside the window (a phone call the day before); members keep to it.
      if (!byStaff && t < start - rules.opensDaysBefore * DAY)
        throw refuse(`Booking opens ${rules.opensDaysBefore} ${rules.opensDaysBefore === 1 ? 'day' : 'days'} before the class.`, 'BOOKING_NOT_ALLOWED');
      if (!byStaff && t > start - rules.closesMinutesBefore * MINUTE)
        throw refuse(`Booking closes ${rules.closesMinutesBefore} minutes before the class.`, 'BOOKING_NOT_ALLOWED');
      // A place freed while everyone waiting was ineligible stays free: waiting members who may book again (renewed)
      // take it first, in their order; the newcomer books only a place nobody eligible is waiting for.
      const promoted = fill(s, at, rules, ineligible);
      const after = promoted.reduce((st, e) => apply(st, e), s as OccurrenceState) as Existing;
      const placed: RawEvent =
        taken(after) < after.capacity && after.waitlist.every((m) => ineligible.includes(m))
          ? { type: 'ClassBooked', data: { memberId, at } }
          : { type: 'Waitlisted', data: { memberId, at, position: after.waitlist.length + 1 } };
      return withFilled(s, [...promoted, placed], at);
    }
    case 'CancelBooking': {
      const s = open(state);
      const { memberId, at, rules, ineligible } = command.data;
      if (ms(at) >= ms(s.startsAt)) throw refuse('This class has started; a booking can no longer be cancelled.');
      const from = s.booked.includes(memberId) ? 'booked' : s.offer?.memberId === memberId ? 'offer' : s.waitlist.includes(memberId) ? 'waitlist' : null;
      if (!from) throw new DomainError('NOT_FOUND', 'Booking not found', 404);
      const cancelled: RawEvent = {
        type: 'BookingCancelled',
        data: { memberId, at, from, late: from === 'booked' && insideLateWindow(s, at, rules) },
      };
      const after = apply(s, cancelled) as Existing;
      return [cancelled, ...(from === 'waitlist' ? [] : fill(after, at, rules, ineligible))];
    }
    case 'ConfirmPromotion': {
      const s = open(state);
      const { memberId, at } = command.data;
      if (s.offer?.memberId !== memberId) throw refuse('There is no place waiting for your confirmation in this class.');
      if (ms(at) > ms(s.offer.expiresAt)) throw refuse('The time to confirm this place has passed.');
      return [{ type: 'WaitlistPromoted', data: { memberId, at } }];
    }
    case 'ExpireOffer': {
      const s = open(state);
      const { at, rules, ineligible } = command.data;
      if (!s.offer || ms(at) <= ms(s.offer.expiresAt)) return [];
      const expired: RawEvent = { type: 'PromotionExpired', data: { memberId: s.offer.memberId, at } };
      return [expired, ...fill(apply(s, expired) as Existing, at, rules, ineligible)];
    }
    case 'MarkAttended': {
      const s = existing(state);
      if (s.status === 'cancelled') throw refuse('This class was cancelled.');
      const { memberId, at } = command.data;
      if (!s.booked.includes(memberId)) throw new DomainError('NOT_FOUND', 'Booking not found', 404);
      if (s.attended.includes(memberId)) return [];
      return [{ type: 'AttendanceMarked', data: { memberId, at } }];
    }
    case 'CloseClass': {
      const s = existing(state);
      if (s.status !== 'scheduled') return [];
      if (ms(command.data.at) < ms(s.endsAt)) throw refuse('A class is closed once it has ended.');
      return [
        {
          type: 'ClassClosed',
          data: { at: command.data.at, attendedMemberIds: s.attended, noShowMemberIds: s.booked.filter((m) => !s.attended.includes(m)) },
        },
      ];
    }
  }
};

const apply = (state: OccurrenceState, event: RawEvent | OccurrenceEvent): OccurrenceState => {
  if (event.type === 'ClassScheduled') {
    const { at: _at, ...slot } = event.data;
    return { ...slot, status: 'scheduled', booked: [], waitlist: [], offer: null, attended: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ClassEdited':
      return { ...state, ...event.data.changes };
    case 'ClassCancelled':
      return { ...state, status: 'cancelled', offer: null };
    case 'ClassBooked':
      return { ...state, booked: [...state.booked, event.data.memberId] };
    case 'Waitlisted':
      return { ...state, waitlist: [...state.waitlist, event.data.memberId] };
    case 'BookingCancelled': {
      const id = event.data.memberId;
      return { ...state, booked: without(state.booked, id), waitlist: without(state.waitlist, id), offer: state.offer?.memberId === id ? null : state.offer };
    }
    case 'WaitlistPromoted': {
      const id = event.data.memberId;
      return { ...state, booked: [...state.booked, id], waitlist: without(state.waitlist, id), offer: state.offer?.memberId === id ? null : state.offer };
    }
    case 'PromotionOffered':
      return { ...state, waitlist: without(state.waitlist, event.data.memberId), offer: { memberId: event.data.memberId, expiresAt: event.data.expiresAt } };
    case 'PromotionExpired':
      return { ...state, offer: null };
    case 'AttendanceMarked':
      return { ...state, attended: [...state.attended, event.data.memberId] };
    case 'ClassClosed':
      return { ...state, status: 'closed' };
    default:
      return state;
  }
};

export const occurrenceDecider: Decider<OccurrenceCommand, OccurrenceEvent, OccurrenceState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    const classId = command.type === 'ScheduleClass' ? command.data.occurrenceId : state.status === 'none' ? '' : state.occurrenceId;
    return decideRaw(command, state).map((e) => (e.type === 'ClassScheduled' ? e : ({ ...e, data: { classId, ...e.data } } as OccurrenceEvent)));
  },
  evolve: apply,
};
