import type { Directory, GroupCommit, HttpDeps, PeopleOwners } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { AttendanceDb } from '../db/schema.ts';
import type { SessionCommand, SessionEvent, SessionState } from '../domain/session/decider.ts';

/** What the use cases need; each takes `Pick<AttendanceDeps, ...>` of it. */
export interface AttendanceDeps {
  db: Kysely<AttendanceDb>;
  clock: () => Date;
  /** The kit's organization directory: locations with their time zone. */
  directory: Directory;
  /** The zone of a location the directory does not know (yet). */
  timeZone: string;
  /** The session aggregate's group commit (createGroupCommit(db, sessionAggregate)): check-ins arriving together share a transaction. */
  sessions: GroupCommit<SessionCommand, SessionEvent, SessionState>;
  /** The members service, asked only when this service's copy lacks a member a check-in names (kit read-through). */
  people?: Pick<PeopleOwners, 'member'>;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness, directory) and the use cases' dependencies. */
export interface AppDeps extends Omit<HttpDeps, 'directory'>, AttendanceDeps {}

/** The kit's one default zone and `YYYY-MM-DD` of an instant in a zone (one formatter per zone, reused within a minute). */
export { DEFAULT_TIME_ZONE, dateIn } from '@akhada/kit/domain';

/** A location's time zone: the directory's, else the default. */
export const zoneOf = async (deps: Pick<AttendanceDeps, 'directory' | 'timeZone'>, locationId: string): Promise<string> =>
  (await deps.directory.location(locationId))?.timezone ?? deps.timeZone;

/** "12 Nov 2026". */
const displayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
export const displayDate = (isoDate: string): string => displayFormat.format(new Date(`${isoDate}T00:00:00Z`));
