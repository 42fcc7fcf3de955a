import { createService, type Logger, type TokenVerifier } from '@akhada/kit';
import type { MembersDeps } from './app/deps.ts';
import { DEFAULT_TIME_ZONE } from './app/deps.ts';
import { registerRoutes } from './http/routes.ts';

export interface AppDeps extends Pick<MembersDeps, 'db'>, Partial<Pick<MembersDeps, 'clock' | 'timeZone'>> {
  logger: Logger;
  verifier: TokenVerifier;
  readiness?: Record<string, () => Promise<unknown>>;
}

/** The members HTTP app, not listening: main.ts serves it, tests call `app.inject()`. */
export const buildApp = ({ db, logger, verifier, readiness, clock = () => new Date(), timeZone = DEFAULT_TIME_ZONE }: AppDeps) => {
  const svc = createService({ name: 'members', logger, verifier, ...(readiness ? { readiness } : {}) });
  registerRoutes(svc, { db, clock, timeZone });
  return svc.app;
};
