import { createService } from '@akhada/kit';
import type { AppDeps } from './app/deps.ts';
import { registerRoutes } from './http/routes.ts';

/** The attendance HTTP app from its dependencies, not listening: main.ts serves it, tests call `app.inject()`. */
export const buildApp = ({ logger, verifier, readiness, db, clock, directory, timeZone, sessions, people }: AppDeps) => {
  const svc = createService({ name: 'attendance', logger, verifier, readiness, directory });
  registerRoutes(svc, { db, clock, directory, timeZone, sessions, ...(people ? { people } : {}) });
  return svc.app;
};
