import type { Attendance } from '@akhada/contracts';
import type { Selectable } from 'kysely';
import type { SessionsTable } from '../db/schema.ts';

const person = (id: string, firstName: string, lastName: string, email: string) => ({
  _id: id,
  name: `${firstName} ${lastName}`.trim(),
  user: { firstName, lastName, email },
});

/** A sessions row → the spec's attendance record. */
export const toAttendance = (r: Selectable<SessionsTable>): Attendance => {
  const self = person(r.person_id, r.first_name, r.last_name, r.email);
  const withTrainer = r.trainer_id ? person(r.trainer_id, r.trainer_first_name ?? '', r.trainer_last_name ?? '', r.trainer_email ?? '') : null;
  return {
    _id: r.id,
    type: r.type,
    member: r.type === 'member' ? self : null,
    trainer: r.type === 'trainer' ? self : withTrainer,
    locationId: r.location_id,
    checkInTime: r.check_in_time.toISOString(),
    checkOutTime: r.check_out_time ? r.check_out_time.toISOString() : null,
    duration: r.duration,
    workoutType: r.workout_type as Attendance['workoutType'],
    status: r.status,
    notes: r.notes,
    checkInMethod: r.check_in_method as Attendance['checkInMethod'],
    checkOutMethod: r.check_out_method as Attendance['checkOutMethod'],
    autoClosed: r.auto_closed,
  };
};
