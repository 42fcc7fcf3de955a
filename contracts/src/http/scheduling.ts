import { z } from 'zod';
import { Role } from '../enums.ts';
import { ANY_ROLE, IsoDateTime, ok, Problem, route } from './route.ts';

/** What GET /scheduling/ping answers: an example to replace with the service's real contracts. */
export const SchedulingPing = z.object({
  service: z.literal('scheduling'),
  orgId: z.uuid(),
  role: Role,
  examples: z.number().int().min(0),
  at: IsoDateTime,
});
export type SchedulingPing = z.infer<typeof SchedulingPing>;

export const schedulingRoutes = {
  ping: route({
    method: 'GET',
    path: '/scheduling/ping',
    responses: { 200: ok(SchedulingPing), 401: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Example route of the scheduling service: who is calling and how many examples the organization has.',
  }),
} as const;
