import type { Executor, Projection, StoredEvent } from '@akhada/kit';
import { closeSession, insertSession, insertSessions } from '../db/sessions-repo.ts';
import type { AttendanceDb, SessionsTable } from '../db/schema.ts';
import type { CheckedIn, SessionEvent } from '../domain/session/decider.ts';

/** The sessions row a check-in makes (the projection writes it; the check-in answers it without reading it back). */
export const sessionRowOf = (d: CheckedIn['data']): SessionsTable => ({
  id: d.attendanceId,
  org_id: d.orgId,
  location_id: d.locationId,
  type: d.type,
  person_id: d.memberId,
  first_name: d.firstName,
  last_name: d.lastName,
  email: d.email,
  trainer_id: d.trainer?.id ?? null,
  trainer_first_name: d.trainer?.firstName ?? null,
  trainer_last_name: d.trainer?.lastName ?? null,
  trainer_email: d.trainer?.email ?? null,
  check_in_time: new Date(d.checkInTime),
  check_out_time: null,
  duration: null,
  workout_type: d.workoutType,
  status: 'active',
  notes: d.notes,
  check_in_method: d.method,
  check_out_method: null,
  auto_closed: false,
});

/** One event's change of the sessions read table. */
const projectSession = async (db: Executor<AttendanceDb>, { event }: StoredEvent<SessionEvent>): Promise<void> => {
  switch (event.type) {
    case 'CheckedIn': {
      await insertSession(db, sessionRowOf(event.data));
      return;
    }
    case 'CheckedOut': {
      const d = event.data;
      await closeSession(db, d.attendanceId, {
        checkOutTime: new Date(d.checkOutTime),
        duration: d.durationMinutes,
        method: d.method,
        autoClosed: d.autoClosed,
        notes: d.notes,
      });
      return;
    }
    default:
      return;
  }
};

/**
 * The sessions read table, kept inline with each session stream's events; for a group commit's batch (events of
 * distinct streams) the new sessions of a run of check-ins go in with one statement.
 */
export const projectSessions: Projection<AttendanceDb, SessionEvent> = Object.assign(projectSession, {
  many: async (db: Executor<AttendanceDb>, stored: readonly StoredEvent<SessionEvent>[]): Promise<void> => {
    let run: SessionsTable[] = [];
    for (const s of stored) {
      if (s.event.type === 'CheckedIn') {
        run.push(sessionRowOf(s.event.data));
        continue;
      }
      await insertSessions(db, run);
      run = [];
      await projectSession(db, s);
    }
    await insertSessions(db, run);
  },
});
