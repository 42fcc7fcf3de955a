import type { Kysely } from 'kysely';
import type { DashboardDb } from './schema.ts';

/**
 * Inventory's figures of the locations in scope, from the item states: low-stock items per location and the equipment
 * in working order (not in maintenance or out of service, condition not needs_repair) in percent. `live` is false for
 * an organization inventory has told nothing of (the card then shows no number rather than a made-up zero).
 */
export const inventoryFigures = async (db: Kysely<DashboardDb>, orgId: string, locationIds: string[]) => {
  const any = await db.selectFrom('inventory_items').select('item_id').where('org_id', '=', orgId).limit(1).executeTakeFirst();
  const rows =
    locationIds.length === 0
      ? []
      : await db
          .selectFrom('inventory_items')
          .select(['location_id', 'category', 'status', 'condition', 'is_low_stock'])
          .where('org_id', '=', orgId)
          .where('location_id', 'in', locationIds)
          .where('archived', '=', false)
          .where('status', '!=', 'disposed')
          .execute();
  const equipment = rows.filter((r) => r.category === 'equipment');
  const working = equipment.filter((r) => r.status !== 'maintenance' && r.status !== 'out_of_service' && r.condition !== 'needs_repair').length;
  return {
    live: any !== undefined,
    lowStock: (locationId?: string) => rows.filter((r) => r.is_low_stock && (!locationId || r.location_id === locationId)).length,
    equipmentStatus: equipment.length === 0 ? null : Math.round((working * 1000) / equipment.length) / 10,
  };
};
