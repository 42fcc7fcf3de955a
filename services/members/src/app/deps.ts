import { dateIn, type Directory, type HttpDeps, type PeopleOwners } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { MembersDb } from '../db/schema.ts';

/** What the use cases need: the database, a clock, the directory and the zone of locations it does not know. */
export interface MembersDeps {
  db: Kysely<MembersDb>;
  clock: () => Date;
  /** The time zone of a location the directory does not know (yet). */
  timeZone: string;
  /** The kit's organization directory (`runtime.directory`): plans and trials, locations with their time zone. */
  directory: Directory;
  /** The trainers service, asked only when this service's copy lacks a trainer a request names (kit read-through). */
  people?: Pick<PeopleOwners, 'trainer'>;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends Omit<HttpDeps, 'directory'>, MembersDeps {}

/** Today in the default zone (for places that span locations). */
export const todayFor = ({ clock, timeZone }: Pick<MembersDeps, 'clock' | 'timeZone'>): string => dateIn(timeZone, clock());

/** A location's time zone: the directory's, else the default. */
export const zoneOf = async (deps: Pick<MembersDeps, 'directory' | 'timeZone'>, locationId: string): Promise<string> =>
  (await deps.directory.location(locationId))?.timezone ?? deps.timeZone;

/** Today in a location's calendar. */
export const todayAt = async (deps: Pick<MembersDeps, 'directory' | 'timeZone' | 'clock'>, locationId: string): Promise<string> =>
  dateIn(await zoneOf(deps, locationId), deps.clock());

/** Today per location, for a page of rows from several. */
export const todaysAt = async (deps: Pick<MembersDeps, 'directory' | 'timeZone' | 'clock'>, locationIds: Iterable<string>): Promise<Map<string, string>> => {
  const out = new Map<string, string>();
  for (const id of new Set(locationIds)) out.set(id, await todayAt(deps, id));
  return out;
};
