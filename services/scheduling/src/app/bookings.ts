import type { Booking, MembershipStatus, MembershipType } from '@akhada/contracts';
import { assertLocation, metadataOf, type RequestContext } from '@akhada/kit';
import { badRequest, DEFAULT_TIME_ZONE, DomainError, forbidden, timeIn } from '@akhada/kit/domain';
import { classesByIds, memberHistory, placesOfMemberFrom, waitlistPositions, type ClassRow } from '../db/classes-repo.ts';
import { settingsOf } from '../db/settings-repo.ts';
import { memberFor } from './access.ts';
import { assertMayBook, NO_SHOW_LOOKBACK_DAYS } from '../domain/booking/eligibility.ts';
import { bookingNeedsEligibility } from '../domain/occurrence/decider.ts';
import { toBooking, toClassSummary } from '../views/class-view.ts';
import { commandOnClass, commandOnLockedClass, lockClassAndMember, rulesOf } from './class-command.ts';
import type { SchedulingDeps } from './deps.ts';
import { visibleClass } from './timetable.ts';
import { classMonth, ineligibleWaiting } from './waitlist.ts';

type Deps = Pick<SchedulingDeps, 'db' | 'clock' | 'directory' | 'people'>;
const DAY = 86_400_000;

/** Whose place: a member acts for themself only; staff name the member (and act only at their locations). */
const subjectOf = (ctx: RequestContext, cls: ClassRow, memberId: string | undefined): string => {
  if (ctx.role === 'member') {
    if (memberId && memberId !== ctx.userId) throw forbidden('Members can book and cancel only their own places');
    return ctx.userId;
  }
  assertLocation(ctx, cls.location_id);
  if (!memberId) throw badRequest('Name the member to book (memberId)');
  return memberId;
};

/**
 * Book a class: in one transaction behind the class's lock (then the member's, for their monthly count), check the
 * member may book (membership, plan, allowance, no-show pause), then the class's own rules (window, capacity,
 * waitlist) decide. Concurrent bookings queue on the lock, so the waitlist is in the order they were accepted.
 */
export const book = async (deps: Deps, ctx: RequestContext, classId: string, body: { memberId?: string | undefined }): Promise<Booking> => {
  const cls = await visibleClass(deps, ctx, classId);
  const memberId = subjectOf(ctx, cls, body.memberId);
  const member = await memberFor(deps, ctx, memberId);
  const tz = (await deps.directory.location(cls.location_id))?.timezone ?? DEFAULT_TIME_ZONE;
  const now = deps.clock();
  const { classDate, from: monthFrom, to: monthTo } = classMonth(tz, cls.starts_at);
  const metadata = metadataOf(ctx, { locationId: cls.location_id });
  const result = await deps.db.transaction().execute(async (trx) => {
    const settings = await settingsOf(trx, cls.location_id);
    await lockClassAndMember(trx, classId, memberId);
    const allowance = settings.allowances[member.membership_type];
    const history = await memberHistory(
      trx,
      memberId,
      cls.location_id,
      { from: monthFrom, to: monthTo },
      new Date(now.getTime() - NO_SHOW_LOOKBACK_DAYS * DAY),
      { from: cls.starts_at, to: cls.ends_at },
    );
    if (history.appointmentAt)
      throw new DomainError(
        'APPOINTMENT_CLASH',
        ctx.role === 'member'
          ? `You have a personal-training session at ${timeIn(tz, history.appointmentAt)}, during this class.`
          : `The member has a personal-training session at ${timeIn(tz, history.appointmentAt)}, during this class.`,
        409,
      );
    assertMayBook({
      member: { status: member.status as MembershipStatus, membershipType: member.membership_type as MembershipType, endDate: member.end_date },
      classDate,
      allowedPlans: cls.plans as MembershipType[],
      className: cls.class_name,
      monthlyAllowance: allowance ?? null,
      usedThisMonth: allowance == null ? 0 : history.held,
      penalty: { noShowLimit: settings.no_show_limit, noShowPauseDays: settings.no_show_pause_days },
      noShowsAt: settings.no_show_limit > 0 ? history.noShowsAt : [],
      at: now.toISOString(),
    });
    return commandOnLockedClass(
      trx,
      classId,
      async (state) => ({
        type: 'BookClass',
        data: {
          memberId,
          at: now.toISOString(),
          rules: rulesOf(settings),
          byStaff: ctx.role !== 'member',
          // A place left free because everyone waiting may not take it goes to a waiting member who may again, else to
          // this one. Read only when someone waits and a place is free (in a burst the class is full or nobody waits).
          ineligible: bookingNeedsEligibility(state) ? await ineligibleWaiting(trx, tz, cls, settings, now) : [],
        },
      }),
      metadata,
    );
  });
  return toBooking(result.state, classId, memberId);
};

export const cancelBooking = async (deps: Deps, ctx: RequestContext, classId: string, memberId: string): Promise<Booking> => {
  const cls = await visibleClass(deps, ctx, classId);
  const subject = subjectOf(ctx, cls, memberId);
  const tz = (await deps.directory.location(cls.location_id))?.timezone ?? DEFAULT_TIME_ZONE;
  const now = deps.clock();
  const result = await deps.db.transaction().execute(async (trx) => {
    const settings = await settingsOf(trx, cls.location_id);
    // The freed place goes to the first waiting member who may still book.
    const ineligible = await ineligibleWaiting(trx, tz, cls, settings, now);
    return commandOnClass(
      trx,
      classId,
      { type: 'CancelBooking', data: { memberId: subject, at: now.toISOString(), rules: rulesOf(settings), ineligible } },
      metadataOf(ctx, { locationId: cls.location_id }),
    );
  });
  const cancelled = result.events.find((e) => e.event.type === 'BookingCancelled')?.event;
  return toBooking(result.state, classId, subject, cancelled?.type === 'BookingCancelled' && cancelled.data.late);
};

export const confirmPlace = async (deps: Deps, ctx: RequestContext, classId: string, memberId: string): Promise<Booking> => {
  const cls = await visibleClass(deps, ctx, classId);
  const subject = subjectOf(ctx, cls, memberId);
  const now = deps.clock().toISOString();
  const result = await deps.db
    .transaction()
    .execute((trx) =>
      commandOnClass(trx, classId, { type: 'ConfirmPromotion', data: { memberId: subject, at: now } }, metadataOf(ctx, { locationId: cls.location_id })),
    );
  return toBooking(result.state, classId, subject);
};

/** The trainer's or staff's roster tick. */
export const markAttended = async (deps: Deps, ctx: RequestContext, classId: string, memberId: string): Promise<Booking> => {
  const cls = await visibleClass(deps, ctx, classId);
  const now = deps.clock().toISOString();
  const result = await deps.db
    .transaction()
    .execute((trx) => commandOnClass(trx, classId, { type: 'MarkAttended', data: { memberId, at: now } }, metadataOf(ctx, { locationId: cls.location_id })));
  return toBooking(result.state, classId, memberId);
};

/** The member's places with their classes: one query for the places, one for the classes, one for the waitlists. */
export const myBookings = async (deps: Deps, ctx: RequestContext, includePast: boolean) => {
  const now = deps.clock();
  const places = await placesOfMemberFrom(deps.db, ctx.orgId, ctx.userId, includePast ? null : new Date(now.getTime() - 3 * 3_600_000));
  const classIds = [...new Set(places.map((p) => p.class_id))];
  const classes = new Map((await classesByIds(deps.db, ctx.orgId, classIds)).map((c) => [c.id, c]));
  const queues = await waitlistPositions(
    deps.db,
    places.filter((p) => p.status === 'waitlisted').map((p) => p.class_id),
  );
  const out = [];
  const zones = new Map<string, string>();
  for (const p of places) {
    const cls = classes.get(p.class_id);
    if (!cls) continue;
    let tz = zones.get(cls.location_id);
    if (!tz) zones.set(cls.location_id, (tz = (await deps.directory.location(cls.location_id))?.timezone ?? DEFAULT_TIME_ZONE));
    const position = p.status === 'waitlisted' ? (queues.get(p.class_id) ?? []).indexOf(p.member_id) + 1 : null;
    const place = { status: p.status, position, offerExpiresAt: p.offer_expires_at };
    out.push({
      booking: {
        classId: p.class_id,
        memberId: p.member_id,
        status: p.status as Booking['status'],
        position,
        offerExpiresAt: p.offer_expires_at?.toISOString() ?? null,
        late: p.late,
      },
      class: toClassSummary(cls, tz, place),
    });
  }
  return { bookings: out };
};
