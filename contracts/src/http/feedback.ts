import { z } from 'zod';
import { Role } from '../enums.ts';
import { ANY_ROLE, IsoDateTime, ok, Problem, route } from './route.ts';

/** What GET /feedback/ping answers: an example to replace with the service's real contracts. */
export const FeedbackPing = z.object({
  service: z.literal('feedback'),
  orgId: z.uuid(),
  role: Role,
  examples: z.number().int().min(0),
  at: IsoDateTime,
});
export type FeedbackPing = z.infer<typeof FeedbackPing>;

export const feedbackRoutes = {
  ping: route({
    method: 'GET',
    path: '/feedback/ping',
    responses: { 200: ok(FeedbackPing), 401: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Example route of the feedback service: who is calling and how many examples the organization has.',
  }),
} as const;
