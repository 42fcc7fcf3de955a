import { createService } from '@akhada/kit';
import type { AppDeps } from './app/deps.ts';
import { registerIntegrationRoutes } from './http/integration-routes.ts';
import { registerRoutes } from './http/routes.ts';

/** The notifications HTTP app from its dependencies, not listening: main.ts serves it (and attaches the hub), tests use inject() or listen on port 0. */
export const buildApp = ({ logger, verifier, readiness, directory, db, clock, integrations }: AppDeps) => {
  const svc = createService({ name: 'notifications', logger, verifier, readiness, directory });
  registerRoutes(svc, { db, clock });
  if (integrations) registerIntegrationRoutes(svc, { db, clock, ...integrations });
  return svc.app;
};
