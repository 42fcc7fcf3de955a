import type { Directory, HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { FeedbackDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<FeedbackDeps, ...>` of it. */
export interface FeedbackDeps {
  db: Kysely<FeedbackDb>;
  clock: () => Date;
  /** The kit's organization directory: locations and their time zones. */
  directory: Directory;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness, directory) and the use cases' dependencies. */
export interface AppDeps extends Omit<HttpDeps, 'directory'>, FeedbackDeps {}
