import type { Booking, ClassCategory, ClassSummary } from '@akhada/contracts';
import { dateIn, timeIn } from '@akhada/kit/domain';
import type { ClassRow } from '../db/classes-repo.ts';
import type { OccurrenceState } from '../domain/occurrence/decider.ts';

type Place = { status: string; position: number | null; offerExpiresAt: Date | null };

/** The trainer's name as this service's copy has it; null without a trainer (or before the copy has them). */
const trainerNameOf = (row: Pick<ClassRow, 'trainer_first_name' | 'trainer_last_name'>): string | null => {
  const name = `${row.trainer_first_name ?? ''} ${row.trainer_last_name ?? ''}`.trim();
  return name === '' ? null : name;
};

/** A class row → the timetable's shape, its local date and time in the location's zone. */
export const toClassSummary = (row: Omit<ClassRow, 'plans' | 'type_name'>, timeZone: string, myPlace: Place | null = null): ClassSummary => ({
  id: row.id,
  locationId: row.location_id,
  classTypeId: row.class_type_id,
  className: row.class_name,
  category: row.category as ClassCategory,
  colour: row.colour,
  seriesId: row.series_id,
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at.toISOString(),
  localDate: dateIn(timeZone, row.starts_at),
  localTime: timeIn(timeZone, row.starts_at),
  capacity: row.capacity,
  booked: row.booked,
  waitlisted: row.waitlisted,
  trainerId: row.trainer_id,
  trainerName: row.trainer_id ? trainerNameOf(row) : null,
  room: row.room,
  status: row.status as ClassSummary['status'],
  myPlace: myPlace
    ? { status: myPlace.status as Booking['status'], position: myPlace.position, offerExpiresAt: myPlace.offerExpiresAt?.toISOString() ?? null }
    : null,
});

/** A member's place as the class's state has it after a command. */
export const toBooking = (state: OccurrenceState, classId: string, memberId: string, late = false): Booking => {
  const base = { classId, memberId, late };
  if (state.status === 'none') return { ...base, status: 'cancelled', position: null, offerExpiresAt: null };
  if (state.booked.includes(memberId))
    return { ...base, status: state.attended.includes(memberId) ? 'attended' : 'booked', position: null, offerExpiresAt: null };
  if (state.offer?.memberId === memberId) return { ...base, status: 'offered', position: null, offerExpiresAt: state.offer.expiresAt };
  const i = state.waitlist.indexOf(memberId);
  if (i >= 0) return { ...base, status: 'waitlisted', position: i + 1, offerExpiresAt: null };
  return { ...base, status: 'cancelled', position: null, offerExpiresAt: null };
};
