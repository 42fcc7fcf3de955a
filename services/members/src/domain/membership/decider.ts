import type { MembershipType, PaymentFrequency } from '@akhada/contracts';
import { DomainError, type Decider } from '@akhada/kit';
import { isCalendarDate, type CalendarDate } from './calendar.ts';
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

const register = (command: RegisterMember, state: MembershipState): MembershipEvent[] => {
  if (state.status !== 'Unregistered') throw new DomainError('CONFLICT', 'This member is already registered');
  const { feePaise, startDate, firstName, lastName } = command.data;
  if (!Number.isSafeInteger(feePaise) || feePaise < 0)
    throw new DomainError('VALIDATION_FAILED', 'The membership fee must be a whole number of paise, zero or more', 400);
  if (!isCalendarDate(startDate)) throw new DomainError('VALIDATION_FAILED', 'The start date is not a calendar date', 400);
  if (!firstName.trim() || !lastName.trim()) throw new DomainError('VALIDATION_FAILED', 'First and last name are required', 400);
  return [{ type: 'MemberRegistered', data: { ...command.data, endDate: membershipEndDate(startDate, command.data.paymentFrequency) } }];
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
