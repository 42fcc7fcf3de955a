import { attendanceRoutes as r } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import { checkIn } from '../app/check-in.ts';
import { checkOut } from '../app/check-out.ts';
import type { AttendanceDeps } from '../app/deps.ts';
import { listAttendance, personHistory } from '../app/list-attendance.ts';
import { myQr } from '../app/my-qr.ts';
import { overview } from '../app/overview.ts';
import { scanQr } from '../app/scan-qr.ts';
import { today } from '../app/today.ts';
import { recordTrialVisit } from '../app/trial-check-in.ts';
import { exportAttendance } from '../app/export.ts';
import { lowAttendance } from '../app/low-attendance.ts';
import { reports } from '../app/reports.ts';
import { stats } from '../app/stats.ts';
import { streaks } from '../app/streaks.ts';

type Svc = Parameters<typeof addRoute>[0];

/**
 * Contracts give the schemas (400 on bad input) and the roles (403, enforced by addRoute); the app layer keeps the rules
 * a role list cannot express (own record, own location, a trainer only themselves) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: AttendanceDeps): void => {
  addRoute(svc, r.list, async ({ ctx, query }) => listAttendance(deps, ctx, query));
  addRoute(svc, r.overview, async ({ ctx, query }) => ({ success: true, data: await overview(deps, ctx, query.locationId) }));
  addRoute(svc, r.today, async ({ ctx, query }) => ({ success: true, data: await today(deps, ctx, query.locationId) }));
  addRoute(svc, r.memberHistory, async ({ ctx, params, query }) => personHistory(deps, ctx, 'member', params.id, query));
  addRoute(svc, r.trainerHistory, async ({ ctx, params, query }) => personHistory(deps, ctx, 'trainer', params.id, query));
  addRoute(svc, r.checkIn, async ({ ctx, body }, _req, reply) => {
    const data = await checkIn(deps, ctx, body);
    reply.code(201);
    return { success: true, data, message: `Check-in successful for ${data.member?.name ?? data.trainer?.name ?? ''}` };
  });
  addRoute(svc, r.checkOut, async ({ ctx, body }) => {
    const data = await checkOut(deps, ctx, body);
    return { success: true, data, message: `Check-out successful for ${data.member?.name ?? data.trainer?.name ?? ''}` };
  });
  addRoute(svc, r.scanQr, async ({ ctx, body }, _req, reply) => {
    const data = await scanQr(deps, ctx, body);
    reply.code(201);
    return { success: true, data, message: `Check-in successful for ${data.member.name}` };
  });
  addRoute(svc, r.trialCheckIn, async ({ ctx, body }, _req, reply) => {
    const data = await recordTrialVisit(deps, ctx, { passCode: body.passCode, locationId: body.locationId, method: body.checkInMethod, at: deps.clock() });
    reply.code(201);
    return { success: true, data, message: `Trial check-in successful for ${data.name}` };
  });
  addRoute(svc, r.myQr, async ({ ctx }) => ({ success: true, data: await myQr(deps, ctx) }));
  addRoute(svc, r.reports, async ({ ctx, query }) => ({ success: true, data: await reports(deps, ctx, query) }));
  addRoute(svc, r.stats, async ({ ctx, query }) => ({ success: true, data: await stats(deps, ctx, query) }));
  addRoute(svc, r.streaks, async ({ ctx, params }) => ({ success: true, data: await streaks(deps, ctx, params.id) }));
  addRoute(svc, r.lowAttendance, async ({ ctx, query }) => ({ success: true, data: await lowAttendance(deps, ctx, query) }));
  addRoute(svc, r.export, async ({ ctx, query }, _req, reply) => {
    const file = await exportAttendance(deps, ctx, query);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
};
