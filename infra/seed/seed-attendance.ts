// The demo chain's day at the front desk, through the attendance API: active members of both branches checked in
// (some by QR at the desk, some by hand), a few of them already gone home. Check-ins happen "now" (the API records
// the time of the request), so the dashboard's Today's Check-ins and the "in the gym now" list show real visits.
import { attendanceRoutes, memberRoutes } from '@akhada/contracts';
import { setTimeout as sleep } from 'node:timers/promises';

const WORKOUTS = ['strength', 'cardio', 'yoga', 'crossfit', 'strength', 'pilates'] as const;

export async function seedAttendance(base: string, token: string, log: (s: string) => void = console.error): Promise<number> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as unknown };
  };
  const list = await call('GET', '/members?status=active&limit=100');
  if (list.status !== 200) throw new Error(`seed: active members answered ${list.status}`);
  const active = memberRoutes.list.responses[200].parse(list.json).data.slice(0, 12);
  let checkedIn = 0;
  for (const [i, m] of active.entries()) {
    const body = { memberId: m._id, locationId: m.locationId, workoutType: WORKOUTS[i % WORKOUTS.length], checkInMethod: i % 3 === 0 ? 'manual' : 'qr' };
    // Attendance learns of members from the members service's events: a member it has not heard of yet is 404 for a moment.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = await call('POST', '/attendance/check-in', body);
      if (r.status === 201) {
        checkedIn += 1;
        const session = attendanceRoutes.checkIn.responses[201].parse(r.json).data;
        if (i % 3 === 1) {
          const out = await call('POST', '/attendance/check-out', { attendanceId: session._id });
          if (out.status !== 200) log(`[seed] check-out of ${m._id} answered ${out.status}`);
        }
        break;
      }
      if (r.status === 409) break; // already inside (a seed run again after a partial failure)
      if (r.status !== 404 || Date.now() > deadline) throw new Error(`seed: check-in answered ${r.status}: ${JSON.stringify(r.json)}`);
      await sleep(250);
    }
  }
  log(`[seed] ${checkedIn} check-ins today`);
  return checkedIn;
}
