import { DomainError, type Decider } from '@akhada/kit/domain';

/**
 * The attendance sessions of one person (a member, or a trainer's own time at the gym), event-sourced per person:
 * at most one open session at a time, durations never negative. Pure: time and ids come in on the commands.
 */

export type AttendeeType = 'member' | 'trainer';
export type CheckInMethodName = 'qr' | 'manual' | 'kiosk' | 'app';
export type CheckOutMethodName = CheckInMethodName | 'auto';
export type WorkoutTypeName = 'cardio' | 'strength' | 'yoga' | 'pilates' | 'crossfit' | 'swimming' | 'other';

export interface PersonRef {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The desk let a member in although a payment was overdue: why, who, and the payment (integer paise, its due date). */
export interface EntryOverride {
  reason: string;
  grantedBy: string;
  paymentId: string;
  amountPaise: number;
  dueDate: string;
  daysOverdue: number;
}

export interface CheckInData {
  attendanceId: string;
  /** The member (or trainer) whose stream this is. */
  memberId: string;
  type: AttendeeType;
  orgId: string;
  locationId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The trainer with a member, if any. */
  trainer: PersonRef | null;
  workoutType: WorkoutTypeName;
  notes: string;
  method: CheckInMethodName;
  checkInTime: string;
  /** Set when the desk let the member in despite an overdue payment; absent otherwise. */
  override?: EntryOverride;
}
export interface CheckIn {
  type: 'CheckIn';
  data: CheckInData;
}
export interface CheckOut {
  type: 'CheckOut';
  /** attendanceId: only that session (else the open one); at: the check-out time. */
  data: { attendanceId?: string | undefined; at: string; method: CheckInMethodName; notes?: string | undefined };
}
/** Close a session left open too long, at `closeAt` (its check-in plus the allowed time). Nothing when already closed. */
export interface AutoClose {
  type: 'AutoClose';
  data: { attendanceId: string; closeAt: string };
}
export type SessionCommand = CheckIn | CheckOut | AutoClose;

export interface CheckedIn {
  type: 'CheckedIn';
  data: CheckInData;
}
export interface CheckedOut {
  type: 'CheckedOut';
  data: {
    attendanceId: string;
    memberId: string;
    type: AttendeeType;
    orgId: string;
    locationId: string;
    firstName: string;
    lastName: string;
    checkInTime: string;
    checkOutTime: string;
    durationMinutes: number;
    method: CheckOutMethodName;
    notes: string | null;
    autoClosed: boolean;
  };
}
export type SessionEvent = CheckedIn | CheckedOut;

export interface SessionState {
  open: CheckInData | null;
  /** The latest check-out time (ISO), so a late (queued) check-in cannot fall inside a visit already recorded. */
  lastCheckOut: string | null;
  visits: number;
}

export const sessionStreamId = (memberId: string): string => `attendance-${memberId}`;

export const NO_ACTIVE_SESSION = 'No active check-in found for this member';

const assertNever = (x: never): never => {
  throw new Error(`Unhandled: ${JSON.stringify(x)}`);
};

/** Whole minutes between two instants, never negative. */
export const minutesBetween = (from: string, to: string): number => Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 60_000));

const checkedOut = (open: CheckInData, at: string, method: CheckOutMethodName, notes: string | null, autoClosed: boolean): CheckedOut => {
  const checkOutTime = Date.parse(at) < Date.parse(open.checkInTime) ? open.checkInTime : at;
  return {
    type: 'CheckedOut',
    data: {
      attendanceId: open.attendanceId,
      memberId: open.memberId,
      type: open.type,
      orgId: open.orgId,
      locationId: open.locationId,
      firstName: open.firstName,
      lastName: open.lastName,
      checkInTime: open.checkInTime,
      checkOutTime,
      durationMinutes: minutesBetween(open.checkInTime, checkOutTime),
      method,
      notes,
      autoClosed,
    },
  };
};

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: () => ({ open: null, lastCheckOut: null, visits: 0 }),
  decide(command, state) {
    switch (command.type) {
      case 'CheckIn': {
        const who = command.data.type === 'trainer' ? 'This trainer' : 'This member';
        if (state.open) throw new DomainError('ALREADY_CHECKED_IN', `${who} is already checked in. Check them out before checking in again.`, 409);
        if (state.lastCheckOut && Date.parse(command.data.checkInTime) < Date.parse(state.lastCheckOut)) {
          throw new DomainError('CONFLICT', `${who} has a later visit recorded already; this check-in is older than it.`, 409);
        }
        return [{ type: 'CheckedIn', data: command.data }];
      }
      case 'CheckOut': {
        const { open } = state;
        if (!open || (command.data.attendanceId && command.data.attendanceId !== open.attendanceId)) {
          throw new DomainError('NO_ACTIVE_CHECK_IN', NO_ACTIVE_SESSION, 404);
        }
        return [checkedOut(open, command.data.at, command.data.method, command.data.notes ?? null, false)];
      }
      case 'AutoClose': {
        const { open } = state;
        if (!open || open.attendanceId !== command.data.attendanceId) return [];
        return [checkedOut(open, command.data.closeAt, 'auto', null, true)];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CheckedIn':
        return { ...state, open: event.data, visits: state.visits + 1 };
      case 'CheckedOut':
        return { ...state, open: null, lastCheckOut: event.data.checkOutTime };
      default:
        return state;
    }
  },
};
