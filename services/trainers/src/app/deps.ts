import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { TrainersDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<TrainersDeps, ...>` of it. */
export interface TrainersDeps {
  db: Kysely<TrainersDb>;
  clock: () => Date;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, TrainersDeps {}
