import { inventoryRoutes } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import type { InventoryDeps } from '../app/deps.ts';
import { ping } from '../app/ping.ts';

type Svc = Parameters<typeof addRoute>[0];

/** Contracts give the schemas (400 on bad input); the app layer authorizes and does the work. */
export const registerRoutes = (svc: Svc, deps: InventoryDeps): void => {
  addRoute(svc, inventoryRoutes.ping, async ({ ctx }) => ({ success: true, data: await ping(deps, ctx) }));
};
