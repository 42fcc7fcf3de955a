import type { Attendance, AttendanceOverview, PresenceCheckedIn, PresenceCheckedOut, attendanceRoutes } from '@akhada/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { attendanceKeys } from '../../../lib/query-keys/attendance';
import type { PresenceEvent } from '../../../lib/realtime/use-location-presence';

/** GET /attendance/today's data, as the query caches it. */
export type TodayData = z.infer<(typeof attendanceRoutes.today.responses)[200]>['data'];

/** Today's check-ins the server lists at most (GET /attendance/today's `recent`). */
const RECENT_LIMIT = 50;
const oneDecimal = (n: number): number => Math.round(n * 10) / 10;

/**
 * The row of "in the gym now" a check-in push stands for. The push carries what the live list shows (name, time,
 * method, workout); the parts it does not carry (email, a member's accompanying trainer, notes) are empty until the
 * list is next read.
 */
export const rowOfCheckIn = (e: PresenceCheckedIn): Attendance => {
  const [firstName = '', ...rest] = e.name.split(' ');
  const person = { _id: e.memberId, name: e.name, user: { firstName, lastName: rest.join(' '), email: '' } };
  return {
    _id: e.attendanceId,
    type: e.type,
    member: e.type === 'member' ? person : null,
    trainer: e.type === 'trainer' ? person : null,
    locationId: e.locationId,
    checkInTime: e.checkInTime,
    checkOutTime: null,
    duration: null,
    workoutType: e.workoutType,
    status: 'active',
    notes: '',
    checkInMethod: e.checkInMethod,
    checkOutMethod: null,
    autoClosed: false,
  };
};

/**
 * Today's list and counts after a check-in (prepended to "in the gym now" and to today's check-ins), or null when the
 * session is already there (the push of a check-in this screen read back itself): a push is applied once.
 */
export const todayAfterCheckIn = (today: TodayData, e: PresenceCheckedIn): TodayData | null => {
  if (today.present.some((a) => a._id === e.attendanceId) || today.recent.some((a) => a._id === e.attendanceId)) return null;
  const row = rowOfCheckIn(e);
  return {
    ...today,
    totalCheckIns: today.totalCheckIns + 1,
    activeSessions: today.activeSessions + 1,
    membersPresent: today.membersPresent + (e.type === 'member' ? 1 : 0),
    present: [row, ...today.present],
    recent: [row, ...today.recent].slice(0, RECENT_LIMIT),
  };
};

/** Today's list and counts after a check-out (the session leaves "in the gym now"), or null when it is not there. */
export const todayAfterCheckOut = (today: TodayData, e: PresenceCheckedOut): TodayData | null => {
  if (!today.present.some((a) => a._id === e.attendanceId)) return null;
  const ended = (a: Attendance): Attendance =>
    a._id === e.attendanceId
      ? {
          ...a,
          checkOutTime: e.checkOutTime,
          duration: e.durationMinutes,
          status: e.autoClosed ? 'late' : 'completed',
          checkOutMethod: e.checkOutMethod,
          autoClosed: e.autoClosed,
        }
      : a;
  return {
    ...today,
    activeSessions: Math.max(0, today.activeSessions - 1),
    membersPresent: Math.max(0, today.membersPresent - (e.type === 'member' ? 1 : 0)),
    present: today.present.filter((a) => a._id !== e.attendanceId),
    recent: today.recent.map(ended),
  };
};

/**
 * The overview's figures a push settles exactly: sessions open now, members present, and (a member's check-in) the
 * check-ins of today, the week and the month with their daily averages. Peak hours and the attendance rate are 30-day
 * figures in the location's time zone that one visit cannot be added to here; they are read again at the next visit.
 */
export const overviewAfter = (o: AttendanceOverview, e: Exclude<PresenceEvent, { type: 'resync' }>): AttendanceOverview => {
  const member = e.data.type === 'member' ? 1 : 0;
  if (e.type === 'checked_out') {
    return {
      ...o,
      today: { ...o.today, activeSessions: Math.max(0, o.today.activeSessions - 1), membersPresent: Math.max(0, o.today.membersPresent - member) },
    };
  }
  const week = o.week.totalCheckIns + member;
  const month = o.month.totalCheckIns + member;
  return {
    ...o,
    today: { totalCheckIns: o.today.totalCheckIns + member, activeSessions: o.today.activeSessions + 1, membersPresent: o.today.membersPresent + member },
    week: { totalCheckIns: week, avgDaily: oneDecimal(week / 7) },
    month: { totalCheckIns: month, avgDaily: oneDecimal(month / 30) },
  };
};

/**
 * Applies one presence push to the attendance dashboard's cache: the pushed session goes into today's list and the
 * counts move, without a request. Today's list decides whether the push is new (a repeat changes nothing); with no
 * list in the cache yet, or after a reconnect (pushes may have been missed), both are read again instead.
 */
export const applyPresence = (qc: QueryClient, e: PresenceEvent): void => {
  const today = qc.getQueryData<TodayData>(attendanceKeys.today);
  if (e.type === 'resync' || !today) {
    void qc.invalidateQueries({ queryKey: attendanceKeys.overview });
    void qc.invalidateQueries({ queryKey: attendanceKeys.today });
    return;
  }
  const next = e.type === 'checked_in' ? todayAfterCheckIn(today, e.data) : todayAfterCheckOut(today, e.data);
  if (!next) return;
  qc.setQueryData<TodayData>(attendanceKeys.today, next);
  const overview = qc.getQueryData<AttendanceOverview>(attendanceKeys.overview);
  if (overview) {
    qc.setQueryData<AttendanceOverview>(attendanceKeys.overview, overviewAfter(overview, e));
    // Peak hours and the attendance rate are not moved by a push: stale, read at the next visit (no request now).
    void qc.invalidateQueries({ queryKey: attendanceKeys.overview, refetchType: 'none' });
  }
};
