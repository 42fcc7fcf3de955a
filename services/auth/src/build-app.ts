import { createService, type App, type Logger, type TokenVerifier } from '@akhada/kit';
import type { AuthDeps } from './app/deps.ts';
import { registerRoutes } from './http/routes.ts';

export interface AppDeps extends AuthDeps {
  logger: Logger;
  verifier: TokenVerifier;
  readiness?: Record<string, () => Promise<unknown>>;
}

/** The auth HTTP app, not listening: main.ts serves it, tests call `app.inject()`. */
export const buildApp = ({ verifier, readiness, ...deps }: AppDeps): App => {
  const svc = createService({ name: 'auth', logger: deps.logger, verifier, ...(readiness ? { readiness } : {}) });
  registerRoutes(svc, deps);
  return svc.app;
};
