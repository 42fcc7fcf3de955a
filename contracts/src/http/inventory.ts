import { z } from 'zod';
import { Role } from '../enums.ts';
import { ANY_ROLE, IsoDateTime, ok, Problem, route } from './route.ts';

/** What GET /inventory/ping answers: an example to replace with the service's real contracts. */
export const InventoryPing = z.object({
  service: z.literal('inventory'),
  orgId: z.uuid(),
  role: Role,
  examples: z.number().int().min(0),
  at: IsoDateTime,
});
export type InventoryPing = z.infer<typeof InventoryPing>;

export const inventoryRoutes = {
  ping: route({
    method: 'GET',
    path: '/inventory/ping',
    responses: { 200: ok(InventoryPing), 401: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Example route of the inventory service: who is calling and how many examples the organization has.',
  }),
} as const;
