import type { Attendance, CheckInBody } from '@akhada/contracts';
import { executeCommand, metadataOf, newId, readThrough, type Executor, type PeopleOwners, type RequestContext, type StoredEvent } from '@akhada/kit';
import { AppError, DomainError, forbidden, notFound } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import { sessionAggregate } from '../aggregates/session.ts';
import { openDuesOf, overdueDaysAt } from '../db/dues-repo.ts';
import { memberById, members, trainerById } from '../db/people-repo.ts';
import type { AttendanceDb } from '../db/schema.ts';
import { entryVerdict, overdueMessage } from '../domain/dues/entry-rule.ts';
import { admission } from '../domain/membership/admission.ts';
import type { CheckInData, CheckInMethodName, EntryOverride, PersonRef, SessionCommand, SessionEvent, WorkoutTypeName } from '../domain/session/decider.ts';
import { sessionRowOf } from '../projections/sessions.ts';
import { toAttendance } from '../views/attendance-view.ts';
import { checkInLocation } from './access.ts';
import { dateIn, displayDate, zoneOf, type AttendanceDeps } from './deps.ts';

type Trx = Transaction<AttendanceDb>;

/** The members service, asked only when this service's copy lacks a member a check-in names (kit read-through). */
export type MemberOwner = Pick<PeopleOwners, 'member'>;

/**
 * The member as this service knows them — read through to the members service when the copy lacks them (a member
 * added a moment ago) — if they may enter today: same organization (else 404, as if unknown), and a membership valid
 * on the location's today (else 409 with the reason). The rule is the pure `admission`.
 */
export const admissibleMember = async (db: Executor<AttendanceDb>, ctx: RequestContext, memberId: string, today: string, owner?: MemberOwner) => {
  const m = await readThrough({
    local: async () => {
      const row = await memberById(db, memberId);
      return row && row.org_id === ctx.orgId ? row : undefined;
    },
    remote: () => owner?.member(memberId, ctx) ?? Promise.resolve(null),
    save: (c) => members.save(db, ctx.orgId, c),
    key: `member:${memberId}:${ctx.bearer ?? ''}`,
  });
  if (!m) throw notFound('Member');
  const verdict = admission({ status: m.status, terms: m.terms, startDate: m.start_date, endDate: m.end_date }, today);
  if (verdict.admitted) return m;
  const refuse = (message: string) => new DomainError('MEMBERSHIP_INACTIVE', message, 409);
  switch (verdict.reason) {
    case 'archived':
      throw refuse('This member has been archived and cannot check in.');
    case 'pending':
      throw refuse('This membership is pending: the member has no active plan yet.');
    case 'frozen':
      throw refuse('Membership is frozen. Unfreeze it before checking in.');
    case 'cancelled':
      throw refuse('Membership was cancelled.');
    case 'expired':
      throw refuse(verdict.on ? `Membership expired on ${displayDate(verdict.on)}` : 'Membership has expired.');
    case 'not_started':
      throw refuse(`Membership starts on ${displayDate(verdict.on ?? today)}`);
  }
};

/**
 * Dues-aware entry: where the location refuses check-in for a membership payment overdue by more than N days, the
 * member's oldest such payment (this service's copy of payments' events, never a call to payments) refuses it — 409
 * PAYMENT_OVERDUE, saying why and how to pay, with the figures in its details for the app to word in its language —
 * unless the desk lets them in once with a reason: then the override to record on the check-in. Off (the default):
 * one primary-key read. A payment completed whose event has arrived is no longer owed; one whose event is still on its
 * way refuses until it arrives, which the desk's "Let in once" covers.
 */
const duesOverride = async (
  db: Executor<AttendanceDb>,
  ctx: RequestContext,
  member: { id: string; first_name: string; last_name: string },
  locationId: string,
  today: string,
  overrideReason: string | undefined,
): Promise<EntryOverride | null> => {
  const days = await overdueDaysAt(db, ctx.orgId, locationId);
  if (days === null) return null;
  const verdict = entryVerdict(days, await openDuesOf(db, ctx.orgId, member.id), today);
  if (verdict.admitted) return null;
  if (overrideReason === undefined) {
    throw new AppError(409, 'PAYMENT_OVERDUE', overdueMessage(verdict.amountPaise, verdict.dueDate, today), [
      { path: 'memberId', message: member.id },
      { path: 'memberName', message: `${member.first_name} ${member.last_name}`.trim() },
      { path: 'paymentId', message: verdict.paymentId },
      { path: 'amountPaise', message: String(verdict.amountPaise) },
      { path: 'dueDate', message: verdict.dueDate },
      { path: 'daysOverdue', message: String(verdict.daysOverdue) },
    ]);
  }
  return {
    reason: overrideReason,
    grantedBy: ctx.userId,
    paymentId: verdict.paymentId,
    amountPaise: verdict.amountPaise,
    dueDate: verdict.dueDate,
    daysOverdue: verdict.daysOverdue,
  };
};

export interface CheckInRequest {
  memberId?: string | undefined;
  trainerId?: string | undefined;
  workoutType: WorkoutTypeName;
  notes: string;
  method: CheckInMethodName;
  locationId?: string | undefined;
  at: Date;
  /** The desk lets the member in once although a payment is overdue (ignored when none is). */
  overrideReason?: string | undefined;
}

/**
 * The CheckIn command of a request, from what the service knows of the member (or trainer) in `db` — the caller's
 * transaction (scan-qr) or the pool: each read is one statement, so under READ COMMITTED a read just before the
 * append sees what a read inside its transaction would. `zone` is the location's time zone, looked up before any
 * transaction began: the directory reads through the pool, and a transaction waiting on a second connection
 * deadlocked the pool under load (every connection held by one).
 */
const checkInCommand = async (
  zone: string,
  db: Executor<AttendanceDb>,
  ctx: RequestContext,
  req: CheckInRequest,
  attendanceId: string,
  owner: MemberOwner | undefined,
) => {
  const locationId = checkInLocation(ctx, req.locationId);
  const today = dateIn(zone, req.at);
  const trainerRef = async (id: string): Promise<PersonRef> => {
    const t = await trainerById(db, id);
    if (!t || t.org_id !== ctx.orgId || t.status === 'archived') throw notFound('Trainer');
    return { id: t.id, firstName: t.first_name, lastName: t.last_name, email: t.email };
  };
  let data: CheckInData;
  const common = {
    attendanceId,
    orgId: ctx.orgId,
    locationId,
    workoutType: req.workoutType,
    notes: req.notes,
    method: req.method,
    checkInTime: req.at.toISOString(),
  };
  if (req.memberId) {
    if (ctx.role === 'trainer') throw forbidden('A trainer may check in only themselves');
    const m = await admissibleMember(db, ctx, req.memberId, today, owner);
    const override = await duesOverride(db, ctx, m, locationId, today, req.overrideReason);
    const trainer = req.trainerId ? await trainerRef(req.trainerId) : null;
    data = {
      ...common,
      memberId: m.id,
      type: 'member',
      firstName: m.first_name,
      lastName: m.last_name,
      email: m.email,
      trainer,
      ...(override ? { override } : {}),
    };
  } else {
    const trainerId = req.trainerId ?? '';
    if (ctx.role === 'trainer' && trainerId !== ctx.userId) throw forbidden('A trainer may check in only themselves');
    const t = await trainerRef(trainerId);
    data = { ...common, memberId: t.id, type: 'trainer', firstName: t.firstName, lastName: t.lastName, email: t.email, trainer: null };
  }
  return { command: { type: 'CheckIn', data } satisfies SessionCommand, metadata: metadataOf(ctx, { locationId }) };
};

/** The answer: the row the projection just wrote, built again rather than read back (one round trip less). */
const answerOf = (events: readonly StoredEvent<SessionEvent>[]): Attendance => {
  const checkedIn = events.find((e) => e.event.type === 'CheckedIn')?.event;
  if (checkedIn?.type !== 'CheckedIn') throw new Error('check-in decided no CheckedIn event');
  return toAttendance(sessionRowOf(checkedIn.data));
};

/** A check-in inside the caller's transaction (scan-qr adds its replay guard to the same transaction). */
export const checkInWithin = async (
  zone: string,
  trx: Trx,
  ctx: RequestContext,
  req: CheckInRequest,
  attendanceId: string = newId(),
  owner?: MemberOwner,
): Promise<Attendance> => {
  const { command, metadata } = await checkInCommand(zone, trx, ctx, req, attendanceId, owner);
  const { events } = await executeCommand(trx, sessionAggregate, command.data.memberId, command, metadata);
  return answerOf(events);
};

/**
 * POST /attendance/check-in: the member's rules read, then the command through the session group commit — check-ins
 * arriving together share one transaction and one commit, each decided on its own stream and failing alone.
 */
export const checkIn = async (
  deps: Pick<AttendanceDeps, 'db' | 'clock' | 'directory' | 'timeZone' | 'sessions' | 'people'>,
  ctx: RequestContext,
  body: CheckInBody,
): Promise<Attendance> => {
  const zone = await zoneOf(deps, checkInLocation(ctx, body.locationId));
  const { command, metadata } = await checkInCommand(
    zone,
    deps.db,
    ctx,
    {
      memberId: body.memberId,
      trainerId: body.trainerId,
      workoutType: body.workoutType,
      notes: body.notes,
      method: body.checkInMethod,
      locationId: body.locationId,
      at: deps.clock(),
      overrideReason: body.overrideReason,
    },
    newId(),
    deps.people,
  );
  const { events } = await deps.sessions.execute(command.data.memberId, command, metadata);
  return answerOf(events);
};
