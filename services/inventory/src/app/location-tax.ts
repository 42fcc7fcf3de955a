import type { Executor } from '@akhada/kit';
import type { InventoryDb } from '../db/schema.ts';

/**
 * Whether the counter charges GST at a location: only where the location is GST-registered, as payments announced it
 * (`payments.location_tax_settings_changed`). An unregistered location issues a bill of supply for the taxable value,
 * so its sale carries no GST and its total is the taxable value.
 *
 * A location payments never announced charges the items' own rates: payments records a sale at a location without
 * tax settings with the sale's own figures (and issues no invoice until the settings exist), so the two agree; and a
 * registered gym that has not saved its settings yet does not undercharge the tax it owes.
 */
export const chargesGstAt = async (db: Executor<InventoryDb>, orgId: string, locationId: string): Promise<boolean> => {
  const row = await db.selectFrom('location_tax').select('gst_registered').where('org_id', '=', orgId).where('location_id', '=', locationId).executeTakeFirst();
  return row?.gst_registered ?? true;
};

/** The locations (of those given) where the counter charges no GST. */
export const unregisteredLocations = async (db: Executor<InventoryDb>, orgId: string, locationIds: readonly string[]): Promise<Set<string>> => {
  if (locationIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('location_tax')
    .select('location_id')
    .where('org_id', '=', orgId)
    .where('location_id', 'in', [...locationIds])
    .where('gst_registered', '=', false)
    .execute();
  return new Set(rows.map((r) => r.location_id));
};

export { chargedRate } from '../domain/item/decider.ts';
