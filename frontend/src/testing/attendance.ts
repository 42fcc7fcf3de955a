import { attendanceRoutes, type Attendance, type AttendanceOverview } from '@akhada/contracts';
import { on, reply } from './contract-handlers';
import { PUNE } from './fixtures';

let seq = 0;
const uuid = (n: number) => `0198a3c1-0000-7000-8000-${String(n).padStart(12, '0')}`;
export const MEMBER_ID = '0198a3c1-0000-7000-8000-00000000c001';

/** An attendance record (a member session at Pune, completed, 60 minutes) with `overrides`. */
export function anAttendance(overrides: Partial<Attendance> & { name?: string } = {}): Attendance {
  seq += 1;
  const { name = 'Priya Sharma', ...rest } = overrides;
  const [firstName = '', lastName = ''] = name.split(' ');
  return {
    _id: uuid(5000 + seq),
    type: 'member',
    member: { _id: MEMBER_ID, name, user: { firstName, lastName, email: `${firstName.toLowerCase()}@example.in` } },
    trainer: null,
    locationId: PUNE._id,
    checkInTime: '2026-11-20T03:30:00.000Z',
    checkOutTime: '2026-11-20T04:30:00.000Z',
    duration: 60,
    workoutType: 'strength',
    status: 'completed',
    notes: '',
    checkInMethod: 'qr',
    checkOutMethod: 'manual',
    autoClosed: false,
    ...rest,
  };
}

export function anOverview(overrides: Partial<AttendanceOverview> = {}): AttendanceOverview {
  return {
    today: { totalCheckIns: 42, activeSessions: 7, membersPresent: 7 },
    week: { avgDaily: 38.4, totalCheckIns: 269 },
    month: { avgDaily: 35.2, totalCheckIns: 1056 },
    peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour === 7 ? 12 : hour === 18 ? 15 : 0 })),
    attendanceRate: 64.5,
    totalActiveMembers: 180,
    ...overrides,
  };
}

export const overviewIs = (o: AttendanceOverview = anOverview()) =>
  on(attendanceRoutes.overview, () => reply(attendanceRoutes.overview, 200, { success: true, data: o }));

export const todayIs = (present: Attendance[] = []) =>
  on(attendanceRoutes.today, () =>
    reply(attendanceRoutes.today, 200, {
      success: true,
      data: { date: '2026-11-20', totalCheckIns: present.length, activeSessions: present.length, membersPresent: present.length, present, recent: present },
    }),
  );

/** GET /attendance answered from `rows` (paged by the query; every request's URL kept in `urls`). */
export function attendanceListFrom(rows: Attendance[]) {
  const urls: URL[] = [];
  const handler = on(attendanceRoutes.list, ({ request }) => {
    const url = new URL(request.url);
    urls.push(url);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const page = Number(url.searchParams.get('page') ?? 1);
    const status = url.searchParams.get('status');
    const matching = rows.filter((r) => !status || r.status === status);
    return reply(attendanceRoutes.list, 200, {
      success: true,
      data: matching.slice((page - 1) * limit, page * limit),
      pagination: { current: page, pages: Math.ceil(matching.length / limit), total: matching.length, limit },
    });
  });
  return { handler, urls };
}
