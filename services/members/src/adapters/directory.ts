import type { Kysely } from 'kysely';
import type { Directory } from '../app/deps.ts';
import { locationsIn, organizationIn, type LocationEntry, type OrganizationEntry } from '../db/directory-repo.ts';
import type { MembersDb } from '../db/schema.ts';

/**
 * The organization directory read from the kit's tables (kit_organizations, kit_locations), each answer kept for a
 * few seconds: every list request asks for its locations' time zones. Replaced by the kit's `runtime.directory` once it
 * exists (same interface).
 */
export const createDirectory = (db: Kysely<MembersDb>, { ttlMs = 10_000, now = () => Date.now() } = {}): Directory => {
  const orgs = new Map<string, { at: number; value: OrganizationEntry | undefined }>();
  const locations = new Map<string, { at: number; value: LocationEntry | undefined }>();
  const cached = async <T>(cache: Map<string, { at: number; value: T }>, key: string, load: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = await load();
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { at: now(), value });
    return value;
  };
  return {
    organization: (orgId) => cached(orgs, orgId, () => organizationIn(db, orgId)),
    location: (locationId) => cached(locations, locationId, async () => (await locationsIn(db, [locationId]))[0]),
  };
};
