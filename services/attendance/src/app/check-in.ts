import type { Attendance, CheckInBody } from '@akhada/contracts';
import { metadataOf, newId, type Executor, type RequestContext, type StoredEvent } from '@akhada/kit';
import { DomainError, forbidden, notFound } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import { runCommand } from '../aggregates/run-command.ts';
import { memberById, trainerById } from '../db/people-repo.ts';
import type { AttendanceDb } from '../db/schema.ts';
import type { CheckInData, CheckInMethodName, PersonRef, SessionCommand, SessionEvent, WorkoutTypeName } from '../domain/session/decider.ts';
import { sessionRowOf } from '../projections/sessions.ts';
import { toAttendance } from '../views/attendance-view.ts';
import { checkInLocation } from './access.ts';
import { dateIn, displayDate, zoneOf, type AttendanceDeps } from './deps.ts';

type Trx = Transaction<AttendanceDb>;
const MEMBER_NOT_FOUND = 'Member not found';

/**
 * The member as this service knows them, if they may enter today: same organization (else 404, as if unknown), and a
 * membership active on the location's today (else 409 with the reason).
 */
export const admissibleMember = async (db: Executor<AttendanceDb>, orgId: string, memberId: string, today: string) => {
  const m = await memberById(db, memberId);
  if (!m || m.org_id !== orgId) throw notFound(MEMBER_NOT_FOUND);
  const refuse = (message: string) => new DomainError('MEMBERSHIP_INACTIVE', message, 409);
  switch (m.status) {
    case 'archived':
      throw refuse('This member has been archived and cannot check in.');
    case 'pending':
      throw refuse('This membership is pending: the member has no active plan yet.');
    case 'frozen':
      throw refuse('Membership is frozen. Unfreeze it before checking in.');
    case 'cancelled':
      throw refuse('Membership was cancelled.');
    case 'expired':
      throw refuse(m.end_date ? `Membership expired on ${displayDate(m.end_date)}` : 'Membership has expired.');
    default:
      break;
  }
  if (m.end_date && m.end_date < today) throw refuse(`Membership expired on ${displayDate(m.end_date)}`);
  if (m.start_date && m.start_date > today) throw refuse(`Membership starts on ${displayDate(m.start_date)}`);
  return m;
};

export interface CheckInRequest {
  memberId?: string | undefined;
  trainerId?: string | undefined;
  workoutType: WorkoutTypeName;
  notes: string;
  method: CheckInMethodName;
  locationId?: string | undefined;
  at: Date;
}

/**
 * The CheckIn command of a request, from what the service knows of the member (or trainer) in `db` — the caller's
 * transaction (scan-qr) or the pool: each read is one statement, so under READ COMMITTED a read just before the
 * append sees what a read inside its transaction would. `zone` is the location's time zone, looked up before any
 * transaction began: the directory reads through the pool, and a transaction waiting on a second connection
 * deadlocked the pool under load (every connection held by one).
 */
const checkInCommand = async (zone: string, db: Executor<AttendanceDb>, ctx: RequestContext, req: CheckInRequest, attendanceId: string) => {
  const locationId = checkInLocation(ctx, req.locationId);
  const today = dateIn(zone, req.at);
  const trainerRef = async (id: string): Promise<PersonRef> => {
    const t = await trainerById(db, id);
    if (!t || t.org_id !== ctx.orgId || t.status === 'archived') throw notFound('Trainer not found');
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
    const m = await admissibleMember(db, ctx.orgId, req.memberId, today);
    const trainer = req.trainerId ? await trainerRef(req.trainerId) : null;
    data = { ...common, memberId: m.id, type: 'member', firstName: m.first_name, lastName: m.last_name, email: m.email, trainer };
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
export const checkInWithin = async (zone: string, trx: Trx, ctx: RequestContext, req: CheckInRequest, attendanceId: string = newId()): Promise<Attendance> => {
  const { command, metadata } = await checkInCommand(zone, trx, ctx, req, attendanceId);
  const { events } = await runCommand(trx, command.data.memberId, command, metadata);
  return answerOf(events);
};

/**
 * POST /attendance/check-in: the member's rules read, then the command through the session group commit — check-ins
 * arriving together share one transaction and one commit, each decided on its own stream and failing alone.
 */
export const checkIn = async (
  deps: Pick<AttendanceDeps, 'db' | 'clock' | 'directory' | 'timeZone' | 'sessions'>,
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
    },
    newId(),
  );
  const { events } = await deps.sessions.execute(command.data.memberId, command, metadata);
  return answerOf(events);
};
