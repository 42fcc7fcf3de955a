import { createService, type Logger, type TokenVerifier } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { NotificationsDb } from './db/schema.ts';
import { registerNotificationRoutes } from './http/routes.ts';

export interface AppDeps {
  db: Kysely<NotificationsDb>;
  logger: Logger;
  verifier: TokenVerifier;
  readiness?: Record<string, () => Promise<unknown>>;
  clock?: () => Date;
}

/** The HTTP side of the service, not listening yet: main.ts listens, tests use inject() or listen on port 0. */
export const buildApp = ({ db, logger, verifier, readiness, clock = () => new Date() }: AppDeps) => {
  const svc = createService({ name: 'notifications', logger, verifier, ...(readiness ? { readiness } : {}) });
  registerNotificationRoutes(svc, { db, clock });
  return svc.app;
};
