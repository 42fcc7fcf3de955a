import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { InventoryDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<InventoryDeps, ...>` of it. */
export interface InventoryDeps {
  db: Kysely<InventoryDb>;
  clock: () => Date;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, InventoryDeps {}
