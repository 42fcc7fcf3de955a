import { z } from 'zod';

/**
 * Live presence over the notifications hub's socket.io connection (path `/socket.io`, the same socket as the bell).
 * Server → client only, and only to staff: on connect the hub puts an owner's or admin's socket in one room per
 * location of their verified token (never from anything the client sends); members and trainers join none.
 * Delivery is at most once (a socket that was away misses what happened meanwhile): a screen refetches its counts and
 * lists after a reconnect, and treats these pushes as "this changed, move the counter", not as the source of truth.
 */
export const ATTENDANCE_SOCKET_EVENTS = {
  /** Someone (member or trainer) checked in at one of the staff member's locations: PresenceCheckedIn. */
  checkedIn: 'attendance:checked_in',
  /** A session of that location ended, by staff, by the member, or closed automatically (autoClosed): PresenceCheckedOut. */
  checkedOut: 'attendance:checked_out',
} as const;
export type AttendanceSocketEvent = (typeof ATTENDANCE_SOCKET_EVENTS)[keyof typeof ATTENDANCE_SOCKET_EVENTS];

export const PresenceSubjectType = z.enum(['member', 'trainer']);

/** `attendance:checked_in` payload: the new session's summary. */
export const PresenceCheckedIn = z.object({
  attendanceId: z.uuid(),
  locationId: z.uuid(),
  subjectType: PresenceSubjectType,
  /** The member's id (= their user id), or the trainer's id for subjectType trainer. */
  subjectId: z.uuid(),
  /** Display name of who checked in (as the attendance service knows it). */
  name: z.string(),
  checkInTime: z.iso.datetime({ offset: true }),
  method: z.string(),
});
export type PresenceCheckedIn = z.infer<typeof PresenceCheckedIn>;

/** `attendance:checked_out` payload: the ended session's summary. */
export const PresenceCheckedOut = z.object({
  attendanceId: z.uuid(),
  locationId: z.uuid(),
  subjectType: PresenceSubjectType,
  subjectId: z.uuid(),
  checkOutTime: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int().min(0),
  /** True when the session was closed by the service after the location's closing time, not by a check-out. */
  autoClosed: z.boolean(),
});
export type PresenceCheckedOut = z.infer<typeof PresenceCheckedOut>;
