import { createService, type Runtime } from '@akhada/kit';
import type { AuthDb } from './db/schema.ts';
import { registerRoutes, type AuthDeps } from './http/routes.ts';

/** The auth service's HTTP app, built from its dependencies; main.ts (or a test) decides where it listens. */
export const buildApp = (runtime: Pick<Runtime<AuthDb>, 'logger' | 'verifier' | 'readiness'>, deps: Omit<AuthDeps, 'logger'>) => {
  const svc = createService({ name: 'auth', logger: runtime.logger, verifier: runtime.verifier, readiness: runtime.readiness });
  registerRoutes(svc, { ...deps, logger: runtime.logger });
  return svc.app;
};
