import type { PlanId } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { MembersDb } from './schema.ts';

/**
 * The organization directory the kit keeps in every service (kit_organizations, kit_locations, projected from auth's
 * events). Read here through plain SQL so it works inside a command's transaction; while the kit's tables are not in
 * this schema (before the kit's directory lands) the answers are "unknown".
 */
export interface OrganizationEntry {
  orgId: string;
  plan: PlanId;
  trialEndsAt: Date | null;
}
export interface LocationEntry {
  locationId: string;
  orgId: string;
  name: string;
  city: string;
  timezone: string;
}

const hasTable = async (db: Executor<MembersDb>, table: string): Promise<boolean> =>
  (await sql<{ ok: boolean }>`select to_regclass(${table}) is not null as ok`.execute(db)).rows[0]?.ok === true;

export const organizationIn = async (db: Executor<MembersDb>, orgId: string): Promise<OrganizationEntry | undefined> => {
  if (!(await hasTable(db, 'kit_organizations'))) return undefined;
  const row = (
    await sql<{ org_id: string; plan: PlanId; trial_ends_at: Date | string | null }>`
      select org_id, plan, trial_ends_at from kit_organizations where org_id = ${orgId}`.execute(db)
  ).rows[0];
  if (!row) return undefined;
  return { orgId: row.org_id, plan: row.plan, trialEndsAt: row.trial_ends_at === null ? null : new Date(row.trial_ends_at) };
};

export const locationsIn = async (db: Executor<MembersDb>, locationIds: string[]): Promise<LocationEntry[]> => {
  if (locationIds.length === 0 || !(await hasTable(db, 'kit_locations'))) return [];
  const rows = (
    await sql<{ location_id: string; org_id: string; name: string; city: string; timezone: string }>`
      select location_id, org_id, name, city, timezone from kit_locations where location_id = any(${locationIds}::uuid[])`.execute(db)
  ).rows;
  return rows.map((r) => ({ locationId: r.location_id, orgId: r.org_id, name: r.name, city: r.city, timezone: r.timezone }));
};
