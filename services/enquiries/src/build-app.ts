import { createService } from '@akhada/kit';
import type { AppDeps } from './app/deps.ts';
import { registerRoutes } from './http/routes.ts';

/** The enquiries HTTP app from its dependencies, not listening: main.ts serves it, tests call `app.inject()`. */
export const buildApp = ({ logger, verifier, readiness, db, clock, directory, staffDirectory }: AppDeps) => {
  const svc = createService({ name: 'enquiries', logger, verifier, readiness, directory });
  registerRoutes(svc, { db, clock, directory, ...(staffDirectory ? { staffDirectory } : {}) });
  return svc.app;
};
