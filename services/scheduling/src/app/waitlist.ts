import type { MembershipStatus, MembershipType } from '@akhada/contracts';
import { addMonths, dateIn, instantAt, type CalendarDate } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import { waitlistFacts } from '../db/classes-repo.ts';
import type { SchedulingDb } from '../db/schema.ts';
import type { LocationSettings } from '../db/settings-repo.ts';
import { mayBook, NO_SHOW_LOOKBACK_DAYS } from '../domain/booking/eligibility.ts';
import { lockClasses } from './class-command.ts';

const DAY = 86_400_000;

/** The class's date in the location's calendar and its calendar month as instants (a monthly allowance counts in it). */
export const classMonth = (tz: string, startsAt: Date): { classDate: CalendarDate; from: Date; to: Date } => {
  const classDate = dateIn(tz, startsAt);
  const monthStart = `${classDate.slice(0, 7)}-01`;
  return { classDate, from: instantAt(monthStart, '00:00', tz), to: instantAt(addMonths(monthStart, 1), '00:00', tz) };
};

/** What of a class the waitlist's eligibility needs. */
export interface WaitlistClass {
  id: string;
  location_id: string;
  starts_at: Date;
  plans: string[];
  class_name: string;
}

/**
 * The waiting members of a class who may not take a place now (expired, frozen, ended before the class, not on an
 * allowed plan, monthly allowance used, paused for no-shows; or unknown to this service's copy): what a command that
 * may promote passes to the decider, which passes them over. One query for the whole waitlist, in the command's
 * transaction and behind the class's lock (taken here; the lock is re-entrant), so the waitlist read is the one decided on.
 * `tz` is the location's time zone, looked up before the transaction: nothing here may wait for another connection of
 * the pool while holding the class's lock (a burst of bookings holds every other connection waiting for that lock).
 */
export const ineligibleWaiting = async (
  trx: Transaction<SchedulingDb>,
  tz: string,
  cls: WaitlistClass,
  settings: LocationSettings,
  now: Date,
): Promise<string[]> => {
  await lockClasses(trx, [cls.id]);
  const { classDate, from, to } = classMonth(tz, cls.starts_at);
  const rows = await waitlistFacts(trx, {
    classId: cls.id,
    locationId: cls.location_id,
    from,
    to,
    noShowsSince: new Date(now.getTime() - NO_SHOW_LOOKBACK_DAYS * DAY),
  });
  return rows
    .filter(
      (r) =>
        r.status === null ||
        r.membership_type === null ||
        !mayBook({
          member: { status: r.status as MembershipStatus, membershipType: r.membership_type as MembershipType, endDate: r.end_date },
          classDate,
          allowedPlans: cls.plans as MembershipType[],
          className: cls.class_name,
          monthlyAllowance: settings.allowances[r.membership_type] ?? null,
          usedThisMonth: Number(r.used ?? 0),
          penalty: { noShowLimit: settings.no_show_limit, noShowPauseDays: settings.no_show_pause_days },
          noShowsAt: r.no_shows ?? [],
          at: now.toISOString(),
        }),
    )
    .map((r) => r.member_id);
};
