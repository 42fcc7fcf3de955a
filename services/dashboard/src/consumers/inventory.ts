import { InventoryEvents } from '@akhada/contracts';
import type { EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { figuresChanged, handlersFor, type ApplyOptions, type Trx } from './record.ts';

type ItemState = z.infer<typeof InventoryEvents.ItemStateChanged.data>;

/** The item as its latest state event tells (an older version never overwrites a newer one). */
const project = async (trx: Trx, env: EventEnvelope<ItemState>, o: ApplyOptions) => {
  const d = env.data;
  const row = {
    item_id: d.itemId,
    org_id: env.orgId,
    location_id: d.locationId,
    category: d.category,
    status: d.status,
    condition: d.condition,
    is_low_stock: d.isLowStock,
    archived: d.archived,
    version: d.version,
  };
  const { numInsertedOrUpdatedRows } = await trx
    .insertInto('inventory_items')
    .values(row)
    .onConflict((oc) => oc.column('item_id').doUpdateSet(row).where('inventory_items.version', '<', d.version))
    .executeTakeFirst();
  if (numInsertedOrUpdatedRows && numInsertedOrUpdatedRows > 0n) await figuresChanged(trx, env, o, 'inventory', d.locationId);
};

/** Inventory's events: an audit line each; the item states feed the Low Stock card and the equipment status. */
export const inventoryHandlers = (o: ApplyOptions) =>
  handlersFor('inventory', InventoryEvents, {
    [InventoryEvents.ItemStateChanged.type]: (trx, env) => project(trx, env as EventEnvelope<ItemState>, o),
  });
