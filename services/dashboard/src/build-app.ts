import { createService } from '@akhada/kit';
import type { AppDeps } from './app/deps.ts';
import { registerRoutes } from './http/routes.ts';

/** The dashboard HTTP app from its dependencies, not listening: main.ts serves it, tests call `app.inject()`. */
export const buildApp = ({ logger, verifier, readiness, directory, db, clock, timeZone, paymentsLive }: AppDeps) => {
  const svc = createService({ name: 'dashboard', logger, verifier, readiness, directory });
  registerRoutes(svc, { db, clock, timeZone, paymentsLive, directory });
  return svc.app;
};
