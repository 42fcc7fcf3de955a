import { createService, type App } from '@akhada/kit';
import type { AppDeps } from './app/deps.ts';
import { registerApiKeyRoutes, registerApiKeyUsageOps } from './http/api-key-routes.ts';
import { registerDataRightsRoutes } from './http/data-rights-routes.ts';
import { registerRoutes } from './http/routes.ts';
import { registerSignInMethodRoutes } from './http/sign-in-method-routes.ts';

/** The auth HTTP app from its dependencies, not listening: main.ts serves it, tests call `app.inject()`. */
export const buildApp = ({ verifier, readiness, directory, ...deps }: AppDeps): App => {
  const svc = createService({ name: 'auth', logger: deps.logger, verifier, readiness, directory });
  registerRoutes(svc, deps);
  registerSignInMethodRoutes(svc, deps);
  registerDataRightsRoutes(svc, deps);
  registerApiKeyRoutes(svc, deps);
  registerApiKeyUsageOps(svc.ops, deps);
  return svc.app;
};
