import { createService } from '@akhada/kit';
import type { AppDeps } from './app/deps.ts';
import { registerRoutes } from './http/routes.ts';

/** The members HTTP app from its dependencies, not listening: main.ts serves it, tests call `app.inject()`. */
export const buildApp = ({ logger, verifier, readiness, db, clock, timeZone, directory, people }: AppDeps) => {
  const svc = createService({ name: 'members', logger, verifier, readiness, directory });
  registerRoutes(svc, { db, clock, timeZone, directory, ...(people ? { people } : {}) });
  return svc.app;
};
