import type { PlanId } from '@akhada/contracts';
import type { Kysely } from 'kysely';
import type { KitTables } from '../db/kit-migrations.ts';

/** An organization as every service knows it: its plan and, on the free plan, when its trial ends. */
export interface DirectoryOrganization {
  orgId: string;
  plan: PlanId;
  /** End of the free trial; null on a paid plan. */
  trialEndsAt: Date | null;
}

export interface DirectoryLocation {
  locationId: string;
  orgId: string;
  name: string;
  city: string;
  /** IANA time zone, e.g. Asia/Kolkata. */
  timezone: string;
}

/**
 * The organization directory of a service: organizations and locations projected from auth's events into the
 * service's own kit tables (kit_organizations, kit_locations) by the directory consumer bootRuntime starts. Reads are
 * eventually consistent with auth (a just-created organization may not be known yet: null / empty).
 * Inside a transaction, query the same tables through the Executor instead.
 */
export interface Directory {
  organization(orgId: string): Promise<DirectoryOrganization | null>;
  location(locationId: string): Promise<DirectoryLocation | null>;
  locationsOf(orgId: string): Promise<DirectoryLocation[]>;
  /**
   * True when the organization is read-only: on the free plan with its trial ended. Answered from a per-process cache
   * (a few seconds), since every write asks it; an organization the directory does not know yet is not read-only.
   */
  isReadOnly(orgId: string, now?: Date): Promise<boolean>;
  /** Forget what the cache holds about an organization (the directory consumer calls it after projecting an event). */
  forget(orgId: string): void;
}

/** True when the organization's free trial is over and no plan was bought: writes are refused until one is. */
export const isTrialEnded = (org: Pick<DirectoryOrganization, 'plan' | 'trialEndsAt'> | null, now: Date = new Date()): boolean =>
  !!org && org.plan === 'free' && org.trialEndsAt !== null && org.trialEndsAt.getTime() <= now.getTime();

/** How long a process trusts what it read about an organization's plan. */
export const DIRECTORY_CACHE_MS = 5_000;
const MAX_CACHED = 10_000;

type OrgRow = KitTables['kit_organizations'];
type LocationRow = KitTables['kit_locations'];

const toOrganization = (r: OrgRow): DirectoryOrganization => ({ orgId: r.org_id, plan: r.plan as PlanId, trialEndsAt: r.trial_ends_at });
const toLocation = (r: LocationRow): DirectoryLocation => ({ locationId: r.location_id, orgId: r.org_id, name: r.name, city: r.city, timezone: r.timezone });

/** The directory over a service's database (its schema holds the kit tables). */
export const createDirectory = <DB extends KitTables>(
  database: Kysely<DB>,
  { cacheMs = DIRECTORY_CACHE_MS, now = Date.now }: { cacheMs?: number; now?: () => number } = {},
): Directory => {
  const db = database as unknown as Kysely<KitTables>;
  const cache = new Map<string, { org: DirectoryOrganization | null; until: number }>();
  const locationCache = new Map<string, { location: DirectoryLocation; until: number }>();
  const organization = async (orgId: string) => {
    const row = await db.selectFrom('kit_organizations').selectAll().where('org_id', '=', orgId).executeTakeFirst();
    return row ? toOrganization(row) : null;
  };
  const cachedOrganization = async (orgId: string) => {
    const t = now();
    const hit = cache.get(orgId);
    if (hit && t < hit.until) return hit.org;
    const org = await organization(orgId);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(orgId, { org, until: t + cacheMs });
    return org;
  };
  return {
    organization,
    async location(locationId) {
      // Every check-in asks for its location's time zone: a known location is kept as long as an organization's plan
      // (forget() drops it with its organization's entry); an unknown one is asked again next time (it may arrive).
      const t = now();
      const hit = locationCache.get(locationId);
      if (hit && t < hit.until) return hit.location;
      const row = await db.selectFrom('kit_locations').selectAll().where('location_id', '=', locationId).executeTakeFirst();
      if (!row) return null;
      const location = toLocation(row);
      if (locationCache.size >= MAX_CACHED) locationCache.clear();
      locationCache.set(locationId, { location, until: t + cacheMs });
      return location;
    },
    async locationsOf(orgId) {
      const rows = await db.selectFrom('kit_locations').selectAll().where('org_id', '=', orgId).orderBy('name').orderBy('location_id').execute();
      return rows.map(toLocation);
    },
    async isReadOnly(orgId, at) {
      return isTrialEnded(await cachedOrganization(orgId), at ?? new Date(now()));
    },
    forget(orgId) {
      cache.delete(orgId);
      for (const [id, entry] of locationCache) if (entry.location.orgId === orgId) locationCache.delete(id);
    },
  };
};
