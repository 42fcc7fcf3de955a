import type { MembershipType, PaymentFrequency } from '@akhada/contracts';
import { DomainError, type Decider } from '@akhada/kit/domain';
import { addMonths, isCalendarDate, type CalendarDate } from './calendar.ts';
import { membershipEndDate } from './period.ts';

/** One membership stream per member: `member-<memberId>`. */
export const membershipStreamId = (memberId: string): string => `member-${memberId}`;

// ── Commands ────────────────────────────────────────────────────────────────────────────────────────────────────
export interface RegisterMember {
  type: 'RegisterMember';
  data: {
    memberId: string;
    orgId: string;
    locationId: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    membershipType: MembershipType;
    paymentFrequency: PaymentFrequency;
    /** Integer paise. */
    feePaise: number;
    /** First covered day in the location's calendar. */
    startDate: CalendarDate;
    /** When the command was given (ISO-8601); the decider has no clock. */
    registeredAt: string;
  };
}
export type MembershipCommand = RegisterMember;

// ── Events ──────────────────────────────────────────────────────────────────────────────────────────────────────
export interface MemberRegistered {
  type: 'MemberRegistered';
  data: RegisterMember['data'] & { endDate: CalendarDate };
}
export type MembershipEvent = MemberRegistered;

// ── State ───────────────────────────────────────────────────────────────────────────────────────────────────────
export type MembershipState =
  { status: 'Unregistered' } | { status: 'Active'; memberId: string; orgId: string; locationId: string; startDate: CalendarDate; endDate: CalendarDate };

const assertNever = (x: never): never => {
  throw new Error(`Unhandled: ${JSON.stringify(x)}`);
};

/**
 * How far from the day of registration a membership may start: up to two years back (entering the members a gym
 * already has: even an annual membership begun earlier has ended) and up to one year ahead (signing up early).
 * Outside it a date is a typo, not a membership — year 9999 would even give an end date past the calendar.
 */
export const START_DATE_WINDOW = { monthsBefore: 24, monthsAfter: 12 } as const;

/** The first and last start date a registration on `registeredAt` accepts (calendar days of its UTC date). */
export const startDateWindow = (registeredAt: string): { earliest: CalendarDate; latest: CalendarDate } => {
  const day = registeredAt.slice(0, 10);
  return { earliest: addMonths(day, -START_DATE_WINDOW.monthsBefore), latest: addMonths(day, START_DATE_WINDOW.monthsAfter) };
};

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);

const register = (command: RegisterMember, state: MembershipState): MembershipEvent[] => {
  if (state.status !== 'Unregistered') throw new DomainError('CONFLICT', 'This member is already registered');
  const { feePaise, startDate, firstName, lastName, registeredAt, paymentFrequency } = command.data;
  if (!Number.isSafeInteger(feePaise) || feePaise < 0) throw invalid('The membership fee must be a whole number of paise, zero or more');
  if (!isCalendarDate(startDate)) throw invalid('The start date is not a calendar date');
  if (!isCalendarDate(registeredAt.slice(0, 10)) || Number.isNaN(Date.parse(registeredAt))) throw invalid('The registration time is not a valid instant');
  const { earliest, latest } = startDateWindow(registeredAt);
  // 'YYYY-MM-DD' strings of four-digit years compare as dates.
  if (startDate < earliest || startDate > latest) {
    throw invalid(`The start date must be between ${earliest} and ${latest}: a membership can start up to two years back or one year ahead`);
  }
  if (!firstName.trim() || !lastName.trim()) throw invalid('First and last name are required');
  const endDate = membershipEndDate(startDate, paymentFrequency);
  if (!isCalendarDate(endDate)) throw invalid('The membership would end on a date outside the calendar; choose another start date');
  return [{ type: 'MemberRegistered', data: { ...command.data, endDate } }];
};

export const membershipDecider: Decider<MembershipCommand, MembershipEvent, MembershipState> = {
  initialState: () => ({ status: 'Unregistered' }),
  decide(command, state) {
    switch (command.type) {
      case 'RegisterMember':
        return register(command, state);
      default:
        return assertNever(command.type);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'MemberRegistered': {
        const { memberId, orgId, locationId, startDate, endDate } = event.data;
        return { status: 'Active', memberId, orgId, locationId, startDate, endDate };
      }
      default:
        return state; // events this version does not know (written by a newer one) change nothing here
    }
  },
};
