import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { SchedulingDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<SchedulingDeps, ...>` of it. */
export interface SchedulingDeps {
  db: Kysely<SchedulingDb>;
  clock: () => Date;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, SchedulingDeps {}
