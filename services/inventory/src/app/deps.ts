import type { Directory, HttpDeps, PeopleOwners } from '@akhada/kit';
import { DEFAULT_TIME_ZONE, dateIn } from '@akhada/kit/domain';
import type { Kysely } from 'kysely';
import type { InventoryDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<InventoryDeps, ...>` of it. */
export interface InventoryDeps {
  db: Kysely<InventoryDb>;
  clock: () => Date;
  /** The kit's organization directory: locations and their time zones. */
  directory: Directory;
  /** The members service, asked only when the people copy lacks a buyer a sale names (a member added a moment ago). */
  people?: Pick<PeopleOwners, 'member'>;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness, directory) and the use cases' dependencies. */
export interface AppDeps extends Omit<HttpDeps, 'directory'>, InventoryDeps {}

/** The kit's one default zone and `YYYY-MM-DD` of an instant in a zone. */
export { DEFAULT_TIME_ZONE, dateIn } from '@akhada/kit/domain';

/** Today at a location (its time zone, else India's). */
export const todayAt = async (deps: Pick<InventoryDeps, 'directory' | 'clock'>, locationId: string): Promise<string> =>
  dateIn((await deps.directory.location(locationId).catch(() => null))?.timezone ?? DEFAULT_TIME_ZONE, deps.clock());

/** The kit's one paise ↔ rupees rule, by the names this service's use cases read it. */
export { paiseToRupees as rupees, rupeesToPaise as paise } from '@akhada/kit';
