import type { Directory, HttpDeps, RequestContext } from '@akhada/kit';
import type { Kysely } from 'kysely';
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

/** A staff member of the caller's gym as the services owning staff know them, or null. */
export type StaffDirectory = (id: string, ctx: RequestContext) => Promise<{ id: string; firstName: string; lastName: string } | null>;

/** What buildApp needs: the HTTP side (logger, verifier, readiness, directory) and the use cases' dependencies. */
export interface AppDeps extends Omit<HttpDeps, 'directory'>, EnquiriesDeps {}
