import type { Directory, HttpDeps, PeopleOwners } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { SchedulingDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<SchedulingDeps, ...>` of it. */
export interface SchedulingDeps {
  db: Kysely<SchedulingDb>;
  clock: () => Date;
  /** Organizations (plan, trial) and locations (time zone), from auth's events. */
  directory: Directory;
  /** The members and trainers services, asked only when this service's copy lacks the person (kit read-through). */
  people?: Pick<PeopleOwners, 'member' | 'trainer'> | undefined;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends Omit<HttpDeps, 'directory'>, SchedulingDeps {}
