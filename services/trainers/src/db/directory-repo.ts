import { PLAN_TERMS, type PlanId } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { TrainersDb } from './schema.ts';

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/**
 * The organization's plan, from the directory the kit keeps (kit_organizations). An organization not known yet (auth's
 * event still on its way) counts as on the free plan: every organization starts on it.
 */
export const planOf = async (db: Executor<TrainersDb>, orgId: string): Promise<PlanId> => {
  const row = await db.selectFrom('kit_organizations').select('plan').where('org_id', '=', orgId).executeTakeFirst();
  return row && row.plan in PLAN_TERMS ? row.plan : 'free';
};

/** The location's time zone (Asia/Kolkata when the directory does not know it yet). */
export const timeZoneOf = async (db: Executor<TrainersDb>, locationId: string): Promise<string> =>
  (await db.selectFrom('kit_locations').select('timezone').where('location_id', '=', locationId).executeTakeFirst())?.timezone ?? DEFAULT_TIME_ZONE;

// Until the kit's directory consumer is merged (branch kitshell), this service fills the directory from auth's events.
export const upsertOrganization = async (db: Executor<TrainersDb>, row: { org_id: string; plan: PlanId; trial_ends_at: Date | null }): Promise<void> => {
  await db
    .insertInto('kit_organizations')
    .values(row)
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ plan: row.plan, trial_ends_at: row.trial_ends_at }))
    .execute();
};

export const upsertLocation = async (
  db: Executor<TrainersDb>,
  row: { location_id: string; org_id: string; name: string; city: string; timezone: string },
): Promise<void> => {
  await db
    .insertInto('kit_locations')
    .values(row)
    .onConflict((oc) => oc.column('location_id').doUpdateSet({ name: row.name, city: row.city, timezone: row.timezone }))
    .execute();
};
