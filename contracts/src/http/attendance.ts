import { z } from 'zod';
import { AttendanceStatus, WorkoutType } from '../enums.ts';
import { DateWithin, IdParams, InstantWithin, IsoDate, IsoDateTime, ok, Problem, route, Text } from './route.ts';

/**
 * Spec part 2 §3 Attendance record / overview / QR payload and §7 Attendance, as the attendance service answers them.
 * A session is of a member (type member) or of a trainer (type trainer: the trainer's own time at the gym).
 */

export const AttendanceType = z.enum(['member', 'trainer']);
export type AttendanceType = z.infer<typeof AttendanceType>;
export const CheckInMethod = z.enum(['qr', 'manual', 'kiosk', 'app']);
export type CheckInMethod = z.infer<typeof CheckInMethod>;
/** `auto`: closed by the service when the session stayed open past the location's closing time. */
export const CheckOutMethod = z.enum(['qr', 'manual', 'kiosk', 'app', 'auto']);
export type CheckOutMethod = z.infer<typeof CheckOutMethod>;

const Person = z.object({
  _id: z.uuid(),
  /** "First Last". */
  name: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AttendancePerson = z.infer<typeof Person>;

export const Attendance = z.object({
  _id: z.uuid(),
  type: AttendanceType,
  /** The member of a member session; null for a trainer session. */
  member: Person.nullable(),
  /** The trainer who checked in (trainer session), or the trainer accompanying the member (member session), if any. */
  trainer: Person.nullable(),
  locationId: z.uuid(),
  checkInTime: IsoDateTime,
  checkOutTime: IsoDateTime.nullable(),
  /** Minutes; null while the session is open. */
  duration: z.number().int().min(0).nullable(),
  workoutType: WorkoutType,
  /** active = no check-out yet; completed = checked out; late = closed automatically (left open past closing time). */
  status: AttendanceStatus,
  notes: z.string(),
  checkInMethod: CheckInMethod,
  checkOutMethod: CheckOutMethod.nullable(),
  autoClosed: z.boolean(),
});
export type Attendance = z.infer<typeof Attendance>;

/** Spec's attendance page shape: `pagination { current, pages, total, limit }`. */
export const AttendancePagination = z.object({
  current: z.number().int().min(1),
  pages: z.number().int().min(0),
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
});

const StartDate = DateWithin('Start date', '2026-11-01', { yearsBack: 10, yearsAhead: 1 });
const EndDate = DateWithin('End date', '2026-11-30', { yearsBack: 10, yearsAhead: 1 });
const LocationId = z.uuid({ message: 'Not a valid location' });
const dateRangeOk = (q: { startDate?: string; endDate?: string }): boolean => !q.startDate || !q.endDate || q.endDate >= q.startDate;
const DATE_RANGE_MESSAGE = { message: 'End date must be on or after the start date', path: ['endDate'] };

export const AttendanceListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    type: AttendanceType.default('member'),
    status: AttendanceStatus.optional(),
    startDate: StartDate.optional(),
    endDate: EndDate.optional(),
    /** Name or email of the member (or trainer). */
    search: Text('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
    memberId: z.uuid({ message: 'Not a valid member' }).optional(),
    /** One of the caller's locations; default every location the caller may see. */
    locationId: LocationId.optional(),
  })
  .refine(dateRangeOk, DATE_RANGE_MESSAGE);
export type AttendanceListQuery = z.infer<typeof AttendanceListQuery>;
export const AttendanceList = z.object({ success: z.literal(true), data: z.array(Attendance), pagination: AttendancePagination });

export const LocationQuery = z.object({ locationId: LocationId.optional() });

export const PeakHour = z.object({ hour: z.number().int().min(0).max(23), count: z.number().int().min(0) });
export const AttendanceOverview = z.object({
  today: z.object({ totalCheckIns: z.number().int(), activeSessions: z.number().int(), membersPresent: z.number().int() }),
  /** The last 7 days including today. */
  week: z.object({ avgDaily: z.number(), totalCheckIns: z.number().int() }),
  /** The last 30 days including today. */
  month: z.object({ avgDaily: z.number(), totalCheckIns: z.number().int() }),
  /** Check-ins per local hour of the day over the last 30 days (24 entries, 0–23). */
  peakHours: z.array(PeakHour),
  /** Percent (0–100): active members with at least one visit in the last 30 days. */
  attendanceRate: z.number().min(0).max(100),
  totalActiveMembers: z.number().int(),
});
export type AttendanceOverview = z.infer<typeof AttendanceOverview>;

export const ReportType = z.enum(['daily', 'weekly', 'monthly']);
export const AttendanceReportQuery = z
  .object({ type: ReportType.default('daily'), startDate: StartDate.optional(), endDate: EndDate.optional(), locationId: LocationId.optional() })
  .refine(dateRangeOk, DATE_RANGE_MESSAGE);
/** One period: a day, a week (Sunday–Saturday) or a month, in the location's time zone. */
export const ReportPeriod = z.object({
  /** First day of the period (local date). */
  periodStart: IsoDate,
  periodEnd: IsoDate,
  totalCheckIns: z.number().int(),
  uniqueMembers: z.number().int(),
  /** Minutes, over completed sessions; 0 when none. */
  avgDuration: z.number().int(),
});
export const AttendanceReport = z.object({ type: ReportType, startDate: IsoDate, endDate: IsoDate, periods: z.array(ReportPeriod) });
export type AttendanceReport = z.infer<typeof AttendanceReport>;

export const HistoryQuery = z
  .object({
    startDate: StartDate.optional(),
    endDate: EndDate.optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine(dateRangeOk, DATE_RANGE_MESSAGE);
export const AttendanceHistory = z.object({
  success: z.literal(true),
  data: z.array(Attendance),
  pagination: AttendancePagination,
  summary: z.object({ totalVisits: z.number().int(), totalMinutes: z.number().int(), avgDuration: z.number().int() }),
});

const Notes = Text('Notes', { multiline: true }).trim().max(500, 'Notes must be at most 500 characters');
export const OverrideReason = Text('Reason').trim().min(3, 'Give a reason of at least 3 characters').max(200, 'Reason must be at most 200 characters');

/**
 * A member's check-in (memberId; trainerId = the trainer with them, optional), or a trainer's own check-in (trainerId
 * alone). A trainer may check in only themselves.
 */
export const CheckInBody = z
  .object({
    memberId: z.uuid({ message: 'Please enter a valid member ID' }).optional(),
    trainerId: z.uuid({ message: 'Please enter a valid trainer ID' }).optional(),
    workoutType: WorkoutType.default('other'),
    notes: Notes.default(''),
    checkInMethod: CheckInMethod.default('manual'),
    /** One of the caller's locations; default the caller's first location. */
    locationId: LocationId.optional(),
    /**
     * Let the member in once although a payment is overdue (the desk's "Let in once"): why, 3–200 characters. Recorded
     * on the check-in (attendance.checked_in's override, attendance.entry_overridden) with who granted it. Ignored
     * when nothing is overdue.
     */
    overrideReason: OverrideReason.optional(),
  })
  .refine((b) => b.memberId !== undefined || b.trainerId !== undefined, { message: 'Please enter a member ID', path: ['memberId'] });
export type CheckInBody = z.infer<typeof CheckInBody>;

/** What a 409 PAYMENT_OVERDUE says in its details, read back from the error body's `{ path, message }` pairs. */
export interface PaymentOverdue {
  memberId: string;
  /** "First Last" as attendance knows the member ('' when not said). */
  memberName: string;
  paymentId: string;
  /** The oldest overdue payment, integer paise. */
  amountPaise: number;
  /** Its due date (`YYYY-MM-DD`). */
  dueDate: string;
  daysOverdue: number;
}
export const PAYMENT_OVERDUE_FIELDS = ['memberId', 'memberName', 'paymentId', 'amountPaise', 'dueDate', 'daysOverdue'] as const;
/** The details of a PAYMENT_OVERDUE refusal (null when they are not all there). */
export const paymentOverdueOf = (details: readonly { path: string; message: string }[] | undefined): PaymentOverdue | null => {
  const v = new Map((details ?? []).map((d) => [d.path, d.message]));
  const memberId = v.get('memberId');
  const paymentId = v.get('paymentId');
  const dueDate = v.get('dueDate');
  const amountPaise = Number(v.get('amountPaise'));
  const daysOverdue = Number(v.get('daysOverdue'));
  if (!memberId || !paymentId || !dueDate || !Number.isInteger(amountPaise) || !Number.isInteger(daysOverdue)) return null;
  return { memberId, memberName: v.get('memberName') ?? '', paymentId, amountPaise, dueDate, daysOverdue };
};

/** By attendanceId, or the open session of memberId (a member) or trainerId (a trainer's own session). */
export const CheckOutBody = z
  .object({
    attendanceId: z.uuid({ message: 'Not a valid attendance record' }).optional(),
    memberId: z.uuid({ message: 'Please enter a valid member ID' }).optional(),
    trainerId: z.uuid({ message: 'Please enter a valid trainer ID' }).optional(),
    notes: Notes.optional(),
    checkOutMethod: CheckInMethod.default('manual'),
  })
  .refine((b) => b.attendanceId !== undefined || b.memberId !== undefined || b.trainerId !== undefined, {
    message: 'Please enter a member ID',
    path: ['memberId'],
  });
export type CheckOutBody = z.infer<typeof CheckOutBody>;

export const ScanQrBody = z.object({
  /** The raw text of the QR code. */
  qrCode: Text('QR code').max(2000, 'Invalid QR code. Please scan a valid attendance QR code.'),
  /** When a kiosk that was offline scanned the code (it queued the scan); the check-in is recorded at this time. */
  scannedAt: InstantWithin('Scan time', { daysBack: 1, yearsAhead: 0 }).optional(),
  workoutType: WorkoutType.default('other'),
  locationId: LocationId.optional(),
  /** kiosk for the entrance tablet, qr for the front desk scanner. */
  checkInMethod: z.enum(['qr', 'kiosk']).default('qr'),
});
export type ScanQrBody = z.infer<typeof ScanQrBody>;
/** The session as it now is (data.member.user / data.member.name carry the names for the toast). */
export const CheckInResult = Attendance;

/**
 * A trial pass's code as the desk types it or its QR code carries it ("TP-ABCDE-FGHJK"; case, spaces and dashes do
 * not matter). Enquiries issues it; attendance knows the valid ones from enquiries' events.
 */
export const TrialPassCode = Text('Pass code').trim().min(1, 'Enter the trial pass code').max(40, 'Enter the trial pass code as printed, like TP-ABCDE-FGHJK');
/** The letters and digits of a code, without look-alikes (no 0/O, 1/I/L). */
export const TRIAL_PASS_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A code in its one stored form ("TP-ABCDE-FGHJK"), or null when the text is no trial pass code at all. */
export const normalizeTrialPassCode = (text: string): string | null => {
  const raw = text.toUpperCase().replace(/[\s-]/g, '');
  const m = /^TP([A-Z0-9]{10})$/.exec(raw);
  if (!m?.[1] || [...m[1]].some((c) => !TRIAL_PASS_ALPHABET.includes(c))) return null;
  return `TP-${m[1].slice(0, 5)}-${m[1].slice(5)}`;
};

export const TrialCheckInBody = z.object({
  passCode: TrialPassCode,
  /** One of the caller's locations; default the caller's first location. */
  locationId: LocationId.optional(),
  checkInMethod: z.enum(['manual', 'qr', 'kiosk']).default('manual'),
});
export type TrialCheckInBody = z.infer<typeof TrialCheckInBody>;

/** A lead's visit on a trial pass (a lead is no member: it is not an attendance session). */
export const TrialVisit = z.object({
  _id: z.uuid(),
  passId: z.uuid(),
  leadId: z.uuid(),
  name: z.string(),
  locationId: z.uuid(),
  visitTime: IsoDateTime,
  checkInMethod: z.enum(['manual', 'qr', 'kiosk']),
  /** 1 for the first visit on the pass. */
  visitNumber: z.number().int().min(1),
  validUntil: IsoDateTime,
  /** The pass's last day in the location's calendar. */
  lastDay: IsoDate,
});
export type TrialVisit = z.infer<typeof TrialVisit>;

/**
 * What a scan did: checked the member in (or, if they were inside, it is refused with a clear 409) — or, for a trial
 * pass's code, recorded the lead's visit (`attendance` null, `trialVisit` set, `member` the lead's id and name).
 */
export const ScanResult = z.object({
  attendance: Attendance.nullable(),
  member: z.object({ _id: z.uuid(), name: z.string() }),
  trialVisit: TrialVisit.optional(),
});

/** The member's signed QR payload (spec §3 QR payload: type attendance, memberId, timestamp, plus a signature). */
export const MyQr = z.object({
  /** The text to render as a QR code (base64url of the JSON payload). */
  qrCode: z.string(),
  memberId: z.uuid(),
  issuedAt: IsoDateTime,
  expiresAt: IsoDateTime,
});
export type MyQr = z.infer<typeof MyQr>;

export const Streaks = z.object({
  memberId: z.uuid(),
  /** Consecutive local days with a visit, ending today or yesterday. */
  currentStreak: z.number().int().min(0),
  longestStreak: z.number().int().min(0),
  totalVisits: z.number().int().min(0),
  lastVisit: IsoDateTime.nullable(),
});
export type Streaks = z.infer<typeof Streaks>;

export const LowAttendanceQuery = z.object({
  days: z.coerce.number().int().min(1, 'Days must be between 1 and 365').max(365, 'Days must be between 1 and 365').default(7),
  locationId: LocationId.optional(),
});
export const LowAttendanceMember = z.object({
  memberId: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  locationId: z.uuid(),
  lastVisit: IsoDateTime.nullable(),
  /** null when never visited. */
  daysSinceLastVisit: z.number().int().min(0).nullable(),
});

export const ExportQuery = z
  .object({
    format: z.enum(['csv', 'json']).default('csv'),
    startDate: StartDate.optional(),
    endDate: EndDate.optional(),
    type: AttendanceType.optional(),
    locationId: LocationId.optional(),
  })
  .refine(dateRangeOk, DATE_RANGE_MESSAGE);

export const TodayAttendance = z.object({
  /** Local date of the (first) location. */
  date: IsoDate,
  totalCheckIns: z.number().int(),
  activeSessions: z.number().int(),
  membersPresent: z.number().int(),
  /** Open sessions, latest first ("in the gym now"). */
  present: z.array(Attendance),
  /** Today's check-ins, latest first (at most 50). */
  recent: z.array(Attendance),
});

export const StatsQuery = z
  .object({ startDate: StartDate.optional(), endDate: EndDate.optional(), locationId: LocationId.optional() })
  .refine(dateRangeOk, DATE_RANGE_MESSAGE);
export const AttendanceStats = z.object({
  startDate: IsoDate,
  endDate: IsoDate,
  totalCheckIns: z.number().int(),
  uniqueMembers: z.number().int(),
  completedSessions: z.number().int(),
  activeSessions: z.number().int(),
  autoClosedSessions: z.number().int(),
  /** Minutes over completed sessions. */
  avgDuration: z.number().int(),
  byWorkoutType: z.array(z.object({ workoutType: WorkoutType, count: z.number().int() })),
  byMethod: z.array(z.object({ method: CheckInMethod, count: z.number().int() })),
  /** 0 = Sunday … 6 = Saturday, local. */
  byDayOfWeek: z.array(z.object({ day: z.number().int().min(0).max(6), count: z.number().int() })),
  peakHours: z.array(PeakHour),
});

const STAFF = ['owner', 'admin'] as const;
const STAFF_TRAINER = ['owner', 'admin', 'trainer'] as const;

export const attendanceRoutes = {
  list: route({
    method: 'GET',
    path: '/attendance',
    query: AttendanceListQuery,
    responses: { 200: AttendanceList, 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'attendance', access: 'read' },
    summary: "Attendance records of the caller's locations, newest first, filtered and paged (20 per page).",
  }),
  overview: route({
    method: 'GET',
    path: '/attendance/overview',
    query: LocationQuery,
    responses: { 200: ok(AttendanceOverview), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'The attendance dashboard: today, the week and the month, peak hours and the attendance rate.',
  }),
  reports: route({
    method: 'GET',
    path: '/attendance/reports',
    query: AttendanceReportQuery,
    responses: { 200: ok(AttendanceReport), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'reports', access: 'read' },
    summary: "Check-ins per day, week (Sunday–Saturday) or month in the location's time zone.",
  }),
  memberHistory: route({
    method: 'GET',
    path: '/attendance/member/:id',
    params: IdParams,
    query: HistoryQuery,
    responses: { 200: AttendanceHistory, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ['owner', 'admin', 'trainer', 'member'],
    apiScope: { area: 'attendance', access: 'read' },
    summary: "A member's visits, newest first. A member may read only their own.",
  }),
  trainerHistory: route({
    method: 'GET',
    path: '/attendance/trainer/:id',
    params: IdParams,
    query: HistoryQuery,
    responses: { 200: AttendanceHistory, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF_TRAINER,
    summary: "A trainer's own sessions at the gym, newest first. A trainer may read only their own.",
  }),
  checkIn: route({
    method: 'POST',
    path: '/attendance/check-in',
    body: CheckInBody,
    responses: { 201: ok(CheckInResult), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'attendance', access: 'write' },
    summary: 'Checks a member (or a trainer) in; refused while they are inside, when the membership is not active or a payment is overdue.',
    description:
      'A trainer may check in only themselves (trainerId = their id, no memberId). Where the location refuses check-in for overdue payments, 409 PAYMENT_OVERDUE names the oldest in its details; overrideReason lets the member in once, recorded with who allowed it.',
  }),
  checkOut: route({
    method: 'POST',
    path: '/attendance/check-out',
    body: CheckOutBody,
    responses: { 200: ok(CheckInResult), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'attendance', access: 'write' },
    summary: 'Ends a session by its id, or the open session of a member or trainer ("No active check-in found for this member").',
  }),
  scanQr: route({
    method: 'POST',
    path: '/attendance/scan-qr',
    body: ScanQrBody,
    responses: { 201: ok(ScanResult), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: "Checks a member in from their signed QR code's raw text (valid 24 hours, usable once).",
  }),
  trialCheckIn: route({
    method: 'POST',
    path: '/attendance/trial-check-in',
    body: TrialCheckInBody,
    responses: { 201: ok(TrialVisit), 400: Problem, 401: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: "Records a lead's visit by their trial pass code, at the pass's location and inside its days only.",
    description:
      'An unknown code (or another organization\'s) is 404; outside its days 409 TRIAL_PASS_EXPIRED ("This trial pass expired on …") or TRIAL_PASS_NOT_STARTED; at another location 409 TRIAL_PASS_OTHER_LOCATION; a second visit the same day 409.',
  }),
  myQr: route({
    method: 'GET',
    path: '/attendance/my-qr',
    responses: { 200: ok(MyQr), 401: Problem, 403: Problem },
    auth: true,
    roles: ['member'],
    summary: "The caller's signed attendance QR payload, valid 24 hours; the app refreshes it before it expires.",
  }),
  streaks: route({
    method: 'GET',
    path: '/attendance/streaks/:id',
    params: IdParams,
    responses: { 200: ok(Streaks), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: ['owner', 'admin', 'trainer', 'member'],
    summary: "A member's current and longest run of days with a visit. A member may read only their own.",
  }),
  lowAttendance: route({
    method: 'GET',
    path: '/attendance/low-attendance',
    query: LowAttendanceQuery,
    responses: { 200: ok(z.array(LowAttendanceMember)), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Active members with no visit in the last N days (default 7), longest absent first.',
  }),
  export: route({
    method: 'GET',
    path: '/attendance/export',
    query: ExportQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Attendance records as a CSV or JSON file download, streamed.',
    description: 'Content-Type text/csv or application/json with Content-Disposition attachment; filename="attendance-<start>-<end>.<ext>".',
  }),
  today: route({
    method: 'GET',
    path: '/attendance/today',
    query: LocationQuery,
    responses: { 200: ok(TodayAttendance), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF_TRAINER,
    apiScope: { area: 'attendance', access: 'read' },
    summary: "Today's check-ins and who is in the gym now.",
  }),
  stats: route({
    method: 'GET',
    path: '/attendance/stats',
    query: StatsQuery,
    responses: { 200: ok(AttendanceStats), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Attendance statistics for a date range (default the last 30 days).',
  }),
} as const;
