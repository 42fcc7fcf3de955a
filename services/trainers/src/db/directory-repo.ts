import { PLAN_TERMS, type PlanId } from '@akhada/contracts';
import { DEFAULT_TIME_ZONE, type Executor } from '@akhada/kit';
import type { TrainersDb } from './schema.ts';

/**
 * The organization's plan, from the directory the kit keeps (kit_organizations). An organization not known yet (auth's
 * event still on its way) counts as on the free plan: every organization starts on it.
 */
export const planOf = async (db: Executor<TrainersDb>, orgId: string): Promise<PlanId> => {
  const row = await db.selectFrom('kit_organizations').select('plan').where('org_id', '=', orgId).executeTakeFirst();
  return row && row.plan in PLAN_TERMS ? (row.plan as PlanId) : 'free';
};

/** The location's time zone (Asia/Kolkata when the directory does not know it yet). */
export const timeZoneOf = async (db: Executor<TrainersDb>, locationId: string): Promise<string> =>
  (await db.selectFrom('kit_locations').select('timezone').where('location_id', '=', locationId).executeTakeFirst())?.timezone ?? DEFAULT_TIME_ZONE;
