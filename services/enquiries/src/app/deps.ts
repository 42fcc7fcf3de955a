import type { Directory, HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { EnquiriesDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<EnquiriesDeps, ...>` of it. */
export interface EnquiriesDeps {
  db: Kysely<EnquiriesDb>;
  clock: () => Date;
  /** Organizations and locations (name, city, time zone), from auth's events. */
  directory: Directory;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness, directory) and the use cases' dependencies. */
export interface AppDeps extends Omit<HttpDeps, 'directory'>, EnquiriesDeps {}
