import type { MembershipStatus, PaymentFrequency } from '@akhada/contracts';
import { addMonths, daysBetween, type CalendarDate } from '@akhada/kit/domain';

export const MONTHS_PER_PERIOD: Record<PaymentFrequency, number> = { monthly: 1, quarterly: 3, annually: 12 };

/**
 * The first day the membership no longer covers: the start date plus the term's months — a plan's duration when the
 * term is one (`months`), else one paid period — as calendar dates (1 Mar monthly → 1 Apr; 31 Jan monthly → 28/29 Feb).
 */
export const membershipEndDate = (startDate: CalendarDate, frequency: PaymentFrequency, months?: number): CalendarDate =>
  addMonths(startDate, months ?? MONTHS_PER_PERIOD[frequency]);

/**
 * The whole months a paid period covers (1 to 36), whichever way its end was written (the last day, or the day after),
 * or undefined when it is no whole number of months: a 6-month plan paid in payments is a 6-month term here.
 */
export const monthsOfPeriod = (startDate: CalendarDate, endDate: CalendarDate): number | undefined => {
  for (let months = 1; months <= 36; months++) {
    if (Math.abs(daysBetween(addMonths(startDate, months), endDate)) <= 1) return months;
  }
  return undefined;
};

/** Days left until the end date, counted from "today" in the location's calendar; 0 or less means it has run out. */
export const daysRemaining = (endDate: CalendarDate, today: CalendarDate): number => daysBetween(today, endDate);

/** What the members screen shows: an active membership whose days have run out reads as expired. */
export const effectiveStatus = (stored: MembershipStatus, remaining: number): MembershipStatus => (stored === 'active' && remaining <= 0 ? 'expired' : stored);
