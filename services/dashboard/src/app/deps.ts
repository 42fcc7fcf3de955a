import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { DashboardDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<DashboardDeps, ...>` of it. */
export interface DashboardDeps {
  db: Kysely<DashboardDb>;
  clock: () => Date;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, DashboardDeps {}
