import { z } from 'zod';
import { AttendanceType, CheckInMethod, CheckOutMethod } from '../http/attendance.ts';
import { WorkoutType } from '../enums.ts';
import { defineEvent } from '../envelope.ts';

/**
 * Integration events of the attendance service (topic akhada.attendance.events; key = aggregateId = the member's id,
 * or the trainer's id for a trainer's own session, so one person's sessions stay in order). Consumers: notifications
 * (live presence per location room, low-attendance alerts), dashboard.
 */

/** Why and by whom the desk let a member in despite an overdue payment, and which payment (integer paise, its due date). */
const EntryOverride = z.object({
  reason: z.string(),
  grantedBy: z.uuid(),
  paymentId: z.uuid(),
  amountPaise: z.number().int().min(0),
  dueDate: z.iso.date(),
  daysOverdue: z.number().int().min(0),
});

/** Someone entered the gym. Names travel with the event so a presence list needs no lookup. */
export const CheckedIn = defineEvent(
  'attendance.checked_in',
  1,
  z.object({
    attendanceId: z.uuid(),
    /** The member (type member) or the trainer (type trainer) who checked in. */
    memberId: z.uuid(),
    type: AttendanceType,
    locationId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    /** The trainer with the member (member sessions), if any. */
    trainerId: z.uuid().nullable(),
    workoutType: WorkoutType,
    checkInMethod: CheckInMethod,
    checkInTime: z.iso.datetime({ offset: true }),
    /**
     * The desk let the member in although a payment was overdue (the location refuses check-in for it): why, who
     * (the envelope's actor too) and the payment it was about. Absent or null on an ordinary check-in.
     */
    override: EntryOverride.nullable().optional(),
  }),
);

/**
 * The front desk let a member in once although a membership payment was overdue by more than the location allows
 * (published with that check-in's attendance.checked_in; actor = who allowed it). Its own type, so the audit trail
 * lists it as what it is.
 */
export const EntryOverridden = defineEvent(
  'attendance.entry_overridden',
  1,
  EntryOverride.extend({
    attendanceId: z.uuid(),
    memberId: z.uuid(),
    locationId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    checkInTime: z.iso.datetime({ offset: true }),
  }),
);

/** The session ended: checked out, or closed by the service when left open past closing time (`autoClosed`). */
export const CheckedOut = defineEvent(
  'attendance.checked_out',
  1,
  z.object({
    attendanceId: z.uuid(),
    memberId: z.uuid(),
    type: AttendanceType,
    locationId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    checkInTime: z.iso.datetime({ offset: true }),
    checkOutTime: z.iso.datetime({ offset: true }),
    /** Minutes, never negative. */
    durationMinutes: z.number().int().min(0),
    checkOutMethod: CheckOutMethod,
    autoClosed: z.boolean(),
  }),
);

/**
 * An active member has not visited for `days` days: raised once per member per absence (a new visit starts a new
 * one); `periodStart` = the local date the rule found it. Notifications tells the location's staff and, where the
 * member allows it, nudges the member.
 */
export const LowAttendanceDetected = defineEvent(
  'attendance.low_attendance_detected',
  1,
  z.object({
    memberId: z.uuid(),
    locationId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    days: z.number().int().min(1),
    lastVisit: z.iso.datetime({ offset: true }).nullable(),
    periodStart: z.iso.date(),
  }),
);

/**
 * A lead visited on their trial pass (issued by enquiries): not a member's session. `aggregateId` is the pass's id;
 * `visitNumber` 1 is the first visit on it. Enquiries adds it to the lead's timeline.
 */
export const TrialVisitRecorded = defineEvent(
  'attendance.trial_visit_recorded',
  1,
  z.object({
    visitId: z.uuid(),
    passId: z.uuid(),
    leadId: z.uuid(),
    locationId: z.uuid(),
    name: z.string(),
    visitTime: z.iso.datetime({ offset: true }),
    checkInMethod: z.enum(['manual', 'qr', 'kiosk']),
    visitNumber: z.number().int().min(1),
  }),
);
