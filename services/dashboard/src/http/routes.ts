import type { addRoute } from '@akhada/kit';
import type { DashboardDeps } from '../app/deps.ts';

type Svc = Parameters<typeof addRoute>[0];

/** Contracts give the schemas (400 on bad input); the app layer authorizes and does the work. */
export const registerRoutes = (_svc: Svc, _deps: DashboardDeps): void => {};
