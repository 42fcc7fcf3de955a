import type { Directory, HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { StaffDirectory } from '../adapters/staff-directory.ts';
import type { EnquiriesDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<EnquiriesDeps, ...>` of it. */
export interface EnquiriesDeps {
  db: Kysely<EnquiriesDb>;
  clock: () => Date;
  /** Organizations and locations (name, city, time zone), from auth's events. */
  directory: Directory;
  /** Who a staff id is when auth's event has not arrived yet (adapters/staff-directory.ts); absent: only the copy. */
  staffDirectory?: StaffDirectory;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness, directory) and the use cases' dependencies. */
export interface AppDeps extends Omit<HttpDeps, 'directory'>, EnquiriesDeps {}
