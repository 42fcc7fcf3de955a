import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { AttendanceDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<AttendanceDeps, ...>` of it. */
export interface AttendanceDeps {
  db: Kysely<AttendanceDb>;
  clock: () => Date;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, AttendanceDeps {}
