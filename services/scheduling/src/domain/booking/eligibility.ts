import type { MembershipStatus, MembershipType } from '@akhada/contracts';
import { daysBetween, DomainError, type CalendarDate } from '@akhada/kit/domain';

/**
 * May this member book this class? The rules a class's own stream does not hold: the membership (status, end date,
 * plan), the plan's monthly allowance at the location and the no-show penalty. Pure: the use case reads the facts in
 * the booking's transaction and passes them in. Every refusal says why (409 BOOKING_NOT_ALLOWED / MEMBERSHIP_INACTIVE).
 */
export interface MemberFacts {
  status: MembershipStatus;
  membershipType: MembershipType;
  /** The current term's last day (null while pending). */
  endDate: CalendarDate | null;
}

export interface PenaltyRules {
  /** K: this many no-shows within 30 days pause booking … */
  noShowLimit: number;
  /** … for D days after the last of them (0 = no penalty). */
  noShowPauseDays: number;
}

export interface EligibilityFacts {
  member: MemberFacts;
  /** The class's date in the location's calendar. */
  classDate: CalendarDate;
  /** Membership types that may book the class type ([] = every plan). */
  allowedPlans: readonly MembershipType[];
  className: string;
  /** Classes a month the member's plan includes at this location (null = unlimited). */
  monthlyAllowance: number | null;
  /** Classes the member holds in the class's calendar month (booked, attended or no-show; not cancelled). */
  usedThisMonth: number;
  penalty: PenaltyRules;
  /** When the member's no-shows of the last 30 days happened (ISO instants), any order. */
  noShowsAt: readonly string[];
  at: string;
}

const DAY = 86_400_000;
export const NO_SHOW_LOOKBACK_DAYS = 30;

const inactive = (message: string) => new DomainError('MEMBERSHIP_INACTIVE', message, 409);
const notAllowed = (message: string) => new DomainError('BOOKING_NOT_ALLOWED', message, 409);

const displayDate = (date: CalendarDate): string =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The instant until which a member's booking is paused by no-shows, or null. */
export const pausedUntil = (noShowsAt: readonly string[], rules: PenaltyRules, at: string): Date | null => {
  if (rules.noShowLimit < 1 || rules.noShowPauseDays < 1) return null;
  const now = new Date(at).getTime();
  const recent = noShowsAt.map((t) => new Date(t).getTime()).filter((t) => t <= now && t > now - NO_SHOW_LOOKBACK_DAYS * DAY);
  if (recent.length < rules.noShowLimit) return null;
  const until = Math.max(...recent) + rules.noShowPauseDays * DAY;
  return until > now ? new Date(until) : null;
};

/** Why the member may not book, or null when they may. */
export const refusalOf = (f: EligibilityFacts): DomainError | null => {
  const { member } = f;
  switch (member.status) {
    case 'expired':
      return inactive(
        member.endDate
          ? `Your membership expired on ${displayDate(member.endDate)}. Renew it to book classes.`
          : 'Your membership has expired. Renew it to book classes.',
      );
    case 'frozen':
      return inactive('Your membership is frozen. Unfreeze it to book classes.');
    case 'pending':
      return inactive('Your membership has no active plan yet, so you cannot book classes.');
    case 'cancelled':
    case 'inactive':
    case 'archived':
      return inactive('Your membership is not active, so you cannot book classes.');
    case 'active':
      break;
  }
  if (member.endDate && daysBetween(member.endDate, f.classDate) > 0)
    return inactive(`Your membership ends on ${displayDate(member.endDate)}, before this class. Renew it to book.`);
  if (f.allowedPlans.length > 0 && !f.allowedPlans.includes(member.membershipType))
    return notAllowed(
      `${f.className} is open to the ${f.allowedPlans.join(', ')} ${f.allowedPlans.length === 1 ? 'plan' : 'plans'}; yours is ${member.membershipType}.`,
    );
  if (f.monthlyAllowance !== null && f.usedThisMonth >= f.monthlyAllowance)
    return notAllowed(
      `Your ${member.membershipType} plan includes ${f.monthlyAllowance} ${f.monthlyAllowance === 1 ? 'class' : 'classes'} a month, and you have used them this month.`,
    );
  const until = pausedUntil(f.noShowsAt, f.penalty, f.at);
  if (until)
    return notAllowed(
      `Booking is paused until ${displayDate(until.toISOString().slice(0, 10))} after ${f.penalty.noShowLimit} missed classes in ${NO_SHOW_LOOKBACK_DAYS} days.`,
    );
  return null;
};

/** Throws the reason the member may not book; returns when they may. */
export const assertMayBook = (f: EligibilityFacts): void => {
  const refusal = refusalOf(f);
  if (refusal) throw refusal;
};

/** May the member book (or take a place from the waitlist) now? */
export const mayBook = (f: EligibilityFacts): boolean => refusalOf(f) === null;
