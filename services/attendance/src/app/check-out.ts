import type { Attendance, CheckOutBody } from '@akhada/contracts';
import { executeCommand, inTransaction, metadataOf, type RequestContext } from '@akhada/kit';
import { DomainError, forbidden, notFound } from '@akhada/kit/domain';
import { sessionAggregate } from '../aggregates/session.ts';
import { memberById, trainerById } from '../db/people-repo.ts';
import { sessionById } from '../db/sessions-repo.ts';
import { NO_ACTIVE_SESSION } from '../domain/session/decider.ts';
import { toAttendance } from '../views/attendance-view.ts';
import type { AttendanceDeps } from './deps.ts';

/** POST /attendance/check-out: by attendanceId, or the open session of memberId / trainerId. */
export const checkOut = (deps: Pick<AttendanceDeps, 'db' | 'clock'>, ctx: RequestContext, body: CheckOutBody): Promise<Attendance> =>
  inTransaction(deps.db, async (trx) => {
    let personId: string;
    let attendanceId: string | undefined;
    if (body.attendanceId) {
      const s = await sessionById(trx, ctx.orgId, body.attendanceId);
      if (!s || !ctx.locationIds.includes(s.location_id)) throw notFound('Attendance record');
      if (ctx.role === 'trainer' && s.person_id !== ctx.userId) throw forbidden('A trainer may check out only themselves');
      personId = s.person_id;
      attendanceId = s.id;
    } else if (body.memberId) {
      if (ctx.role === 'trainer') throw forbidden('A trainer may check out only themselves');
      const m = await memberById(trx, body.memberId);
      if (!m || m.org_id !== ctx.orgId) throw notFound('Member');
      personId = m.id;
    } else {
      const trainerId = body.trainerId ?? '';
      if (ctx.role === 'trainer' && trainerId !== ctx.userId) throw forbidden('A trainer may check out only themselves');
      const t = await trainerById(trx, trainerId);
      if (!t || t.org_id !== ctx.orgId) throw notFound('Trainer');
      personId = t.id;
    }
    const { events } = await executeCommand(
      trx,
      sessionAggregate,
      personId,
      { type: 'CheckOut', data: { attendanceId, at: deps.clock().toISOString(), method: body.checkOutMethod, notes: body.notes } },
      metadataOf(ctx),
    );
    const closed = events[0];
    if (!closed || closed.event.type !== 'CheckedOut') throw new DomainError('NO_ACTIVE_CHECK_IN', NO_ACTIVE_SESSION, 404);
    const row = await sessionById(trx, ctx.orgId, closed.event.data.attendanceId);
    if (!row) throw notFound(NO_ACTIVE_SESSION);
    return toAttendance(row);
  });
