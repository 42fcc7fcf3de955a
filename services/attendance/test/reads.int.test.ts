import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLowAttendance } from '../src/app/detect-low-attendance.ts';
import { bootAttendance } from './setup.ts';

// 10:00 IST on Monday 23 Nov 2026: visits on Sat 21, Sun 22 and Mon 23 (a three-day streak).
const NOW = Date.parse('2026-11-23T04:30:00Z');
const orgA = randomUUID();
const L1 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
const regular = randomUUID();
const absent = randomUUID();
const other = randomUUID();

let t: Awaited<ReturnType<typeof bootAttendance>>;
let tok: Record<'ownerA' | 'memberRegular' | 'trainerA' | 'adminB', string>;
const call = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

beforeAll(async () => {
  t = await bootAttendance('attendance_reads');
  await t.org(orgA, [L1]);
  await t.org(orgB, [LB]);
  await t.member(regular, orgA, L1, { firstName: '=Regular' });
  await t.member(absent, orgA, L1, { firstName: 'Absent' });
  await t.member(other, orgB, LB);
  tok = {
    ownerA: await t.sign(orgA, 'owner', [L1]),
    memberRegular: await t.sign(orgA, 'member', [L1], regular),
    trainerA: await t.sign(orgA, 'trainer', [L1], randomUUID()),
    adminB: await t.sign(orgB, 'admin', [LB]),
  };
  for (const day of [2, 1, 0]) {
    t.time.now = NOW - day * 86_400_000;
    expect((await post('/attendance/check-in', tok.ownerA, { memberId: regular, workoutType: 'yoga' })).statusCode).toBe(201);
    t.time.now += 60 * 60_000;
    expect((await post('/attendance/check-out', tok.ownerA, { memberId: regular })).statusCode).toBe(200);
  }
  t.time.now = NOW + 2 * 3_600_000;
}, 120_000);
afterAll(async () => t?.close());

describe('streaks', () => {
  it("counts the member's run of days; the member may read their own, not another's; cross-org 404", async () => {
    const own = await call(`/attendance/streaks/${regular}`, tok.memberRegular);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ currentStreak: 3, longestStreak: 3, totalVisits: 3 });
    expect((await call(`/attendance/streaks/${absent}`, tok.memberRegular)).statusCode).toBe(404);
    expect((await call(`/attendance/streaks/${regular}`, tok.adminB)).statusCode).toBe(404);
    expect((await call(`/attendance/streaks/${other}`, tok.ownerA)).statusCode).toBe(404);
    expect((await call('/attendance/streaks/not-an-id', tok.ownerA)).statusCode).toBe(400);
  });
});

describe('low attendance', () => {
  it('lists active members without a visit in N days, never-visited first; 403 for a trainer', async () => {
    const res = await call('/attendance/low-attendance', tok.ownerA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { memberId: string }) => m.memberId)).toEqual([absent]);
    const wide = await call('/attendance/low-attendance?days=1', tok.ownerA);
    expect(wide.json().data.map((m: { memberId: string }) => m.memberId)).toEqual([absent]);
    expect((await call('/attendance/low-attendance?days=0', tok.ownerA)).statusCode).toBe(400);
    expect((await call('/attendance/low-attendance', tok.trainerA)).statusCode).toBe(403);
  });
});

describe('low-attendance rule', () => {
  it('announces each absent member once per absence, on two instances at once', async () => {
    const runs = await Promise.all([detectLowAttendance(t.deps, { days: 7 }), detectLowAttendance(t.deps, { days: 7 })]);
    expect(runs[0] + runs[1]).toBe(2); // absent (A) and other (B); regular came today
    expect(await detectLowAttendance(t.deps, { days: 7 })).toBe(0);
    const events = await t.db.selectFrom('outbox').select('payload').execute();
    const alerts = events
      .map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as { type: string; data: { memberId: string } })
      .filter((e) => e.type === 'attendance.low_attendance_detected');
    expect(alerts.map((a) => a.data.memberId).sort()).toEqual([absent, other].sort());
  });
});

describe('reports and stats', () => {
  it('groups check-ins per day and per Sunday–Saturday week in the local calendar', async () => {
    const daily = await call('/attendance/reports?type=daily&startDate=2026-11-20&endDate=2026-11-23', tok.ownerA);
    expect(daily.statusCode).toBe(200);
    expect(daily.json().data.periods.map((p: { totalCheckIns: number }) => p.totalCheckIns)).toEqual([0, 1, 1, 1]);
    const weekly = await call('/attendance/reports?type=weekly&startDate=2026-11-15&endDate=2026-11-28', tok.ownerA);
    const periods = weekly.json().data.periods as { periodStart: string; periodEnd: string; totalCheckIns: number; uniqueMembers: number }[];
    expect(periods.map((p) => [p.periodStart, p.periodEnd, p.totalCheckIns])).toEqual([
      ['2026-11-15', '2026-11-21', 1],
      ['2026-11-22', '2026-11-28', 2],
    ]);
    expect(periods[1]?.uniqueMembers).toBe(1);
    expect((await call('/attendance/reports?type=yearly', tok.ownerA)).statusCode).toBe(400);
    expect((await call('/attendance/reports?startDate=2026-11-23&endDate=2026-11-01', tok.ownerA)).statusCode).toBe(400);
  });

  it('counts sessions, durations and workout types', async () => {
    const res = await call('/attendance/stats', tok.ownerA);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ totalCheckIns: 3, uniqueMembers: 1, completedSessions: 3, avgDuration: 60 });
    expect(d.byWorkoutType.find((w: { workoutType: string }) => w.workoutType === 'yoga').count).toBe(3);
    expect((await call('/attendance/stats', tok.memberRegular)).statusCode).toBe(403);
  });
});

describe('export', () => {
  it('streams CSV with the right content type and file name, formulas defused', async () => {
    const res = await call('/attendance/export?format=csv&startDate=2026-11-01&endDate=2026-11-23', tok.ownerA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendance-2026-11-01-2026-11-23.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]?.startsWith("'=Regular Rao,")).toBe(true);
  });

  it('exports JSON records, and nothing of another organization', async () => {
    const res = await call('/attendance/export?format=json&startDate=2026-11-01&endDate=2026-11-23', tok.ownerA);
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(res.body)).toHaveLength(3);
    const b = await call('/attendance/export?format=json&startDate=2026-11-01&endDate=2026-11-23', tok.adminB);
    expect(JSON.parse(b.body)).toEqual([]);
    expect((await call('/attendance/export?format=xml', tok.ownerA)).statusCode).toBe(400);
  });
});
