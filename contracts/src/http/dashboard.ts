import { z } from 'zod';
import { Role } from '../enums.ts';
import { ANY_ROLE, IsoDateTime, ok, Problem, route } from './route.ts';

/** What GET /dashboard/ping answers: an example to replace with the service's real contracts. */
export const DashboardPing = z.object({
  service: z.literal('dashboard'),
  orgId: z.uuid(),
  role: Role,
  examples: z.number().int().min(0),
  at: IsoDateTime,
});
export type DashboardPing = z.infer<typeof DashboardPing>;

export const dashboardRoutes = {
  ping: route({
    method: 'GET',
    path: '/dashboard/ping',
    responses: { 200: ok(DashboardPing), 401: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Example route of the dashboard service: who is calling and how many examples the organization has.',
  }),
} as const;
