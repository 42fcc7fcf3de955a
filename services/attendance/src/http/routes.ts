import { attendanceRoutes as r } from '@akhada/contracts';
import { addRoute, requireRole } from '@akhada/kit';
import { checkIn } from '../app/check-in.ts';
import { checkOut } from '../app/check-out.ts';
import type { AttendanceDeps } from '../app/deps.ts';
import { listAttendance, personHistory } from '../app/list-attendance.ts';
import { myQr } from '../app/my-qr.ts';
import { overview } from '../app/overview.ts';
import { scanQr } from '../app/scan-qr.ts';
import { today } from '../app/today.ts';

type Svc = Parameters<typeof addRoute>[0];

/** Contracts give the schemas (400 on bad input); the app layer authorizes and does the work. */
export const registerRoutes = (svc: Svc, deps: AttendanceDeps): void => {
  addRoute(svc, r.list, async ({ ctx, query }) => {
    requireRole(ctx, r.list.roles);
    return listAttendance(deps, ctx, query);
  });
  addRoute(svc, r.overview, async ({ ctx, query }) => {
    requireRole(ctx, r.overview.roles);
    return { success: true, data: await overview(deps, ctx, query.locationId) };
  });
  addRoute(svc, r.today, async ({ ctx, query }) => {
    requireRole(ctx, r.today.roles);
    return { success: true, data: await today(deps, ctx, query.locationId) };
  });
  addRoute(svc, r.memberHistory, async ({ ctx, params, query }) => {
    requireRole(ctx, r.memberHistory.roles);
    return personHistory(deps, ctx, 'member', params.id, query);
  });
  addRoute(svc, r.trainerHistory, async ({ ctx, params, query }) => {
    requireRole(ctx, r.trainerHistory.roles);
    return personHistory(deps, ctx, 'trainer', params.id, query);
  });
  addRoute(svc, r.checkIn, async ({ ctx, body }, _req, reply) => {
    requireRole(ctx, r.checkIn.roles);
    const data = await checkIn(deps, ctx, body);
    reply.code(201);
    return { success: true, data, message: `Check-in successful for ${data.member?.name ?? data.trainer?.name ?? ''}` };
  });
  addRoute(svc, r.checkOut, async ({ ctx, body }) => {
    requireRole(ctx, r.checkOut.roles);
    const data = await checkOut(deps, ctx, body);
    return { success: true, data, message: `Check-out successful for ${data.member?.name ?? data.trainer?.name ?? ''}` };
  });
  addRoute(svc, r.scanQr, async ({ ctx, body }, _req, reply) => {
    requireRole(ctx, r.scanQr.roles);
    const data = await scanQr(deps, ctx, body);
    reply.code(201);
    return { success: true, data, message: `Check-in successful for ${data.member.name}` };
  });
  addRoute(svc, r.myQr, async ({ ctx }) => {
    requireRole(ctx, r.myQr.roles);
    return { success: true, data: await myQr(deps, ctx) };
  });
};
