import type { Directory, HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { DashboardDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<DashboardDeps, ...>` of it. */
export interface DashboardDeps {
  db: Kysely<DashboardDb>;
  clock: () => Date;
  /** The zone of a location the directory does not know (yet). */
  timeZone: string;
  /** Whether the payments service's events feed the read model (its figures are null until then). */
  paymentsLive: boolean;
  /** The organizations' plans (whether scheduling is included); without it, every plan counts as including it. */
  directory?: Directory | undefined;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness, directory) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, DashboardDeps {}
