import type { PlanId } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { MembersDb } from './schema.ts';

/**
 * The organization directory the kit keeps in every service (kit_organizations, kit_locations, projected from auth's
 * events), read inside a command's transaction (the plan limit); elsewhere the kit's `runtime.directory` answers.
 */
export interface OrganizationEntry {
  orgId: string;
  plan: PlanId;
  trialEndsAt: Date | null;
}

export const organizationIn = async (db: Executor<MembersDb>, orgId: string): Promise<OrganizationEntry | undefined> => {
  const row = (
    await sql<{ org_id: string; plan: PlanId; trial_ends_at: Date | string | null }>`
      select org_id, plan, trial_ends_at from kit_organizations where org_id = ${orgId}`.execute(db)
  ).rows[0];
  if (!row) return undefined;
  return { orgId: row.org_id, plan: row.plan, trialEndsAt: row.trial_ends_at === null ? null : new Date(row.trial_ends_at) };
};
