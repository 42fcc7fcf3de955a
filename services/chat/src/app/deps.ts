import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { ChatDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<ChatDeps, ...>` of it. */
export interface ChatDeps {
  db: Kysely<ChatDb>;
  clock: () => Date;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, ChatDeps {}
