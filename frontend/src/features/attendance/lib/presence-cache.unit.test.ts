import type { AttendanceOverview, PresenceCheckedIn, PresenceCheckedOut } from '@akhada/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { attendanceKeys } from '../../../lib/query-keys/attendance';
import { applyPresence, overviewAfter, rowOfCheckIn, todayAfterCheckIn, todayAfterCheckOut, type TodayData } from './presence-cache';

const L1 = '0195d6a4-0000-7000-8000-000000000001';
const id = (prefix: string, i: number) => `0195d6a4-0000-7000-8000-${prefix}${String(i).padStart(10, '0')}`;

const checkIn = (i: number, type: 'member' | 'trainer' = 'member'): PresenceCheckedIn => ({
  attendanceId: id('10', i),
  locationId: L1,
  type,
  memberId: id('20', i),
  name: `Asha Rani ${i}`,
  checkInTime: `2026-11-23T05:${String(i).padStart(2, '0')}:00.000Z`,
  checkInMethod: 'qr',
  workoutType: 'cardio',
});
const checkOut = (i: number, autoClosed = false): PresenceCheckedOut => ({
  attendanceId: id('10', i),
  locationId: L1,
  type: 'member',
  memberId: id('20', i),
  name: `Asha Rani ${i}`,
  checkInTime: checkIn(i).checkInTime,
  checkOutTime: '2026-11-23T06:30:00.000Z',
  checkOutMethod: autoClosed ? 'auto' : 'manual',
  durationMinutes: 60,
  autoClosed,
});

/** Today with member 1 inside. */
const today = (): TodayData => {
  const one = rowOfCheckIn(checkIn(1));
  return { date: '2026-11-23', totalCheckIns: 1, activeSessions: 1, membersPresent: 1, present: [one], recent: [one] };
};
const overview = (): AttendanceOverview => ({
  today: { totalCheckIns: 1, activeSessions: 1, membersPresent: 1 },
  week: { avgDaily: 1, totalCheckIns: 7 },
  month: { avgDaily: 1, totalCheckIns: 30 },
  peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour === 10 ? 30 : 0 })),
  attendanceRate: 50,
  totalActiveMembers: 2,
});

describe('rowOfCheckIn', () => {
  it('is the open session the push describes, under the member (or the trainer for a trainer session)', () => {
    const row = rowOfCheckIn(checkIn(2));
    expect(row).toMatchObject({ _id: checkIn(2).attendanceId, status: 'active', checkOutTime: null, trainer: null, workoutType: 'cardio' });
    expect(row.member).toEqual({ _id: checkIn(2).memberId, name: 'Asha Rani 2', user: { firstName: 'Asha', lastName: 'Rani 2', email: '' } });
    const trainer = rowOfCheckIn(checkIn(3, 'trainer'));
    expect(trainer.member).toBeNull();
    expect(trainer.trainer?.name).toBe('Asha Rani 3');
  });
});

describe('todayAfterCheckIn', () => {
  it('prepends the session to "in the gym now" and today’s check-ins and moves the counts', () => {
    const next = todayAfterCheckIn(today(), checkIn(2))!;
    expect(next.present.map((a) => a._id)).toEqual([checkIn(2).attendanceId, checkIn(1).attendanceId]);
    expect(next.recent.map((a) => a._id)).toEqual([checkIn(2).attendanceId, checkIn(1).attendanceId]);
    expect(next).toMatchObject({ totalCheckIns: 2, activeSessions: 2, membersPresent: 2 });
  });

  it('counts a trainer’s session but not as a member present', () => {
    expect(todayAfterCheckIn(today(), checkIn(2, 'trainer'))).toMatchObject({ totalCheckIns: 2, activeSessions: 2, membersPresent: 1 });
  });

  it('changes nothing for a session already listed (a push applied twice, or read back already)', () => {
    expect(todayAfterCheckIn(today(), checkIn(1))).toBeNull();
  });

  it('keeps today’s check-ins at the server’s 50', () => {
    let t = today();
    for (let i = 2; i <= 60; i++) t = todayAfterCheckIn(t, checkIn(i))!;
    expect(t.recent).toHaveLength(50);
    expect(t.recent[0]!._id).toBe(checkIn(60).attendanceId);
    expect(t.present).toHaveLength(60);
  });
});

describe('todayAfterCheckOut', () => {
  it('takes the session out of "in the gym now" and ends it in today’s check-ins', () => {
    const next = todayAfterCheckOut(today(), checkOut(1))!;
    expect(next.present).toEqual([]);
    expect(next.recent[0]).toMatchObject({ status: 'completed', checkOutTime: '2026-11-23T06:30:00.000Z', duration: 60, checkOutMethod: 'manual' });
    expect(next).toMatchObject({ totalCheckIns: 1, activeSessions: 0, membersPresent: 0 });
  });

  it('marks a session closed by the service as late', () => {
    expect(todayAfterCheckOut(today(), checkOut(1, true))!.recent[0]).toMatchObject({ status: 'late', autoClosed: true });
  });

  it('changes nothing for a session not inside (already out)', () => {
    expect(todayAfterCheckOut(today(), checkOut(9))).toBeNull();
  });
});

describe('overviewAfter', () => {
  it('adds a member’s check-in to today, the week and the month, and keeps the 30-day figures it cannot settle', () => {
    const next = overviewAfter(overview(), { type: 'checked_in', data: checkIn(2) });
    expect(next.today).toEqual({ totalCheckIns: 2, activeSessions: 2, membersPresent: 2 });
    expect(next.week).toEqual({ totalCheckIns: 8, avgDaily: 1.1 });
    expect(next.month).toEqual({ totalCheckIns: 31, avgDaily: 1 });
    expect(next.peakHours).toEqual(overview().peakHours);
    expect(next.attendanceRate).toBe(50);
  });

  it('counts a trainer’s check-in only as an open session, and a check-out closes one', () => {
    expect(overviewAfter(overview(), { type: 'checked_in', data: checkIn(2, 'trainer') }).today).toEqual({
      totalCheckIns: 1,
      activeSessions: 2,
      membersPresent: 1,
    });
    expect(overviewAfter(overview(), { type: 'checked_out', data: checkOut(1) }).today).toEqual({ totalCheckIns: 1, activeSessions: 0, membersPresent: 0 });
  });
});

describe('applyPresence', () => {
  const client = () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    qc.setQueryData(attendanceKeys.today, today());
    qc.setQueryData(attendanceKeys.overview, overview());
    return qc;
  };

  it('writes the pushed session into the cached list and counts, without a request', () => {
    const qc = client();
    const spy = vi.spyOn(qc, 'refetchQueries');
    applyPresence(qc, { type: 'checked_in', data: checkIn(2) });
    expect(qc.getQueryData<TodayData>(attendanceKeys.today)!.present[0]!._id).toBe(checkIn(2).attendanceId);
    expect(qc.getQueryData<AttendanceOverview>(attendanceKeys.overview)!.today.membersPresent).toBe(2);
    expect(qc.getQueryState(attendanceKeys.overview)!.isInvalidated).toBe(true);
    expect(qc.getQueryState(attendanceKeys.today)!.isInvalidated).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });

  it('applies a repeated push once', () => {
    const qc = client();
    applyPresence(qc, { type: 'checked_in', data: checkIn(2) });
    applyPresence(qc, { type: 'checked_in', data: checkIn(2) });
    expect(qc.getQueryData<TodayData>(attendanceKeys.today)!.activeSessions).toBe(2);
    expect(qc.getQueryData<AttendanceOverview>(attendanceKeys.overview)!.today.activeSessions).toBe(2);
  });

  it('reads both again after a reconnect, and when there is no list to apply to', () => {
    const qc = client();
    applyPresence(qc, { type: 'resync' });
    expect(qc.getQueryState(attendanceKeys.today)!.isInvalidated).toBe(true);
    expect(qc.getQueryState(attendanceKeys.overview)!.isInvalidated).toBe(true);

    const empty = new QueryClient();
    const spy = vi.spyOn(empty, 'invalidateQueries');
    applyPresence(empty, { type: 'checked_in', data: checkIn(2) });
    expect(spy).toHaveBeenCalledWith({ queryKey: attendanceKeys.today });
    expect(empty.getQueryData(attendanceKeys.today)).toBeUndefined();
  });
});
