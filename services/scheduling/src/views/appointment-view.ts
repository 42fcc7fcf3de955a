import type { Appointment, AppointmentStatus } from '@akhada/contracts';
import { dateIn, timeIn } from '@akhada/kit/domain';
import type { AppointmentRow } from '../db/appointments-repo.ts';

const nameOf = (first: string | null, last: string | null): string => `${first ?? ''} ${last ?? ''}`.trim();

/** An appointments row (with the names joined) as the contract's Appointment, its start in the location's calendar. */
export const toAppointment = (row: AppointmentRow, timeZone: string): Appointment => ({
  id: row.id,
  locationId: row.location_id,
  memberId: row.member_id,
  memberName: nameOf(row.member_first_name, row.member_last_name),
  trainerId: row.trainer_id,
  trainerName: nameOf(row.trainer_first_name, row.trainer_last_name),
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at.toISOString(),
  durationMinutes: Math.round((row.ends_at.getTime() - row.starts_at.getTime()) / 60_000),
  timeZone,
  localDate: dateIn(timeZone, row.starts_at),
  localTime: timeIn(timeZone, row.starts_at),
  status: row.status as AppointmentStatus,
  late: row.late,
  bookedBy: row.booked_by,
});
