import type { QueryExecutorProvider } from 'kysely';
import { DEFAULT_TIME_ZONE } from '../domain/calendar.ts';

/** An organization of the kit's directory as a test writes it: on `pro` with no trial end unless said. */
export interface SeedOrganization {
  orgId: string;
  plan?: string;
  trialEndsAt?: string | Date | null;
}

/** A location of the kit's directory as a test writes it: 'Branch' in Pune on the default time zone unless said. */
export interface SeedLocation {
  locationId: string;
  orgId: string;
  name?: string;
  city?: string;
  timezone?: string;
}

export interface DirectorySeed {
  orgs?: SeedOrganization[];
  locations?: SeedLocation[];
}

/**
 * Writes organizations and locations straight into the kit's directory tables (kit_organizations, kit_locations) of a
 * service's schema: what the directory consumer would have projected from auth's events, without auth. Takes the
 * service's Kysely (or a transaction).
 */
export const seedDirectory = async (db: QueryExecutorProvider, { orgs = [], locations = [] }: DirectorySeed): Promise<void> => {
  const { sql } = await import('kysely'); // lazily: `@akhada/kit/testing` must load no I/O library for decider tests
  for (const o of orgs) {
    const trialEndsAt = o.trialEndsAt instanceof Date ? o.trialEndsAt.toISOString() : (o.trialEndsAt ?? null);
    await sql`insert into kit_organizations (org_id, plan, trial_ends_at, updated_at) values (${o.orgId}, ${o.plan ?? 'pro'}, ${trialEndsAt}, now())`.execute(
      db,
    );
  }
  for (const l of locations) {
    await sql`insert into kit_locations (location_id, org_id, name, city, timezone)
      values (${l.locationId}, ${l.orgId}, ${l.name ?? 'Branch'}, ${l.city ?? 'Pune'}, ${l.timezone ?? DEFAULT_TIME_ZONE})`.execute(db);
  }
};

/** One organization with its locations (ids, or rows with a name/city/time zone of their own): the common case. */
export const seedOrganization = (db: QueryExecutorProvider, org: SeedOrganization, locations: (string | Omit<SeedLocation, 'orgId'>)[] = []): Promise<void> =>
  seedDirectory(db, {
    orgs: [org],
    locations: locations.map((l) => (typeof l === 'string' ? { locationId: l, orgId: org.orgId } : { ...l, orgId: org.orgId })),
  });
