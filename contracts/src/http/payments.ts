import { z } from 'zod';
import { Role } from '../enums.ts';
import { ANY_ROLE, IsoDateTime, ok, Problem, route } from './route.ts';

/** What GET /payments/ping answers: an example to replace with the service's real contracts. */
export const PaymentsPing = z.object({
  service: z.literal('payments'),
  orgId: z.uuid(),
  role: Role,
  examples: z.number().int().min(0),
  at: IsoDateTime,
});
export type PaymentsPing = z.infer<typeof PaymentsPing>;

export const paymentsRoutes = {
  ping: route({
    method: 'GET',
    path: '/payments/ping',
    responses: { 200: ok(PaymentsPing), 401: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Example route of the payments service: who is calling and how many examples the organization has.',
  }),
} as const;
