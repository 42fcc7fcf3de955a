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

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** A location's time zone: the directory's, else the default. */
export const zoneOf = async (deps: Pick<AttendanceDeps, 'directory' | 'timeZone'>, locationId: string): Promise<string> =>
  (await deps.directory.location(locationId))?.timezone ?? deps.timeZone;

/** One formatter per zone: building an Intl.DateTimeFormat costs more than a check-in's own work (~50 µs). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The last answer per zone, by the minute it was for: every zone's offset is whole minutes, so a day never changes
 * inside a minute, and a busy hour of check-ins formats a date once a minute instead of on every one.
 */
const lastDays = new Map<string, { minute: number; day: string }>();

/** `YYYY-MM-DD` of an instant in a time zone. */
export const dateIn = (timeZone: string, at: Date): string => {
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  const day = f.format(at);
  lastDays.set(timeZone, { minute, day });
  return day;
};

/** "12 Nov 2026". */
const displayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
export const displayDate = (isoDate: string): string => displayFormat.format(new Date(`${isoDate}T00:00:00Z`));
