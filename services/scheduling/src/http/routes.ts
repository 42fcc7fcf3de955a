import { schedulingRoutes } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import type { SchedulingDeps } from '../app/deps.ts';
import { ping } from '../app/ping.ts';

type Svc = Parameters<typeof addRoute>[0];

/**
 * Contracts give the schemas (400 on bad input) and the roles (addRoute refuses any other with 403); the app layer
 * checks what a role list cannot say (own record, own location, assigned trainer) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: SchedulingDeps): void => {
  addRoute(svc, schedulingRoutes.ping, async ({ ctx }) => ({ success: true, data: await ping(deps, ctx) }));
};
