import { z } from 'zod';
import { defineEvent } from '../envelope.ts';
import { InventoryCategory, InventoryCondition, InventoryStatus } from '../enums.ts';

/**
 * Integration events of the inventory service (topic akhada.inventory.events; aggregate = the item, or the sale for
 * `inventory.sale_completed`, which lives in ./inventory-sale.ts). Consumers: dashboard (Low Stock card, equipment
 * status), notifications (low stock, expiring batches, maintenance due → staff of the location), payments (a sale
 * becomes a payment with its tax invoice).
 */
export { SaleCancelled, SaleCompleted, SalePaymentRequested } from './inventory-sale.ts';

const At = z.iso.datetime({ offset: true });

/**
 * The item's state after any change (created, edited, stock moved, sold, condition, status, archived): the read
 * models keep the latest by `version`. One event type keeps consumers simple; the movement itself is in the item's
 * own history (GET /inventory/:id/movements).
 */
export const ItemStateChanged = defineEvent(
  'inventory.item_state_changed',
  1,
  z.object({
    itemId: z.uuid(),
    locationId: z.uuid(),
    name: z.string(),
    category: InventoryCategory,
    status: InventoryStatus,
    condition: InventoryCondition,
    quantity: z.number().int().min(0),
    reorderLevel: z.number().int().min(0),
    isLowStock: z.boolean(),
    isForSale: z.boolean(),
    archived: z.boolean(),
    /** What happened, for activity feeds: created, updated, received, adjusted, sold, written_off, assigned, returned, maintenance_started, maintenance_completed, condition_changed, disposed, archived. */
    change: z.string(),
    version: z.number().int().min(1),
    at: At,
  }),
);

/** Stock fell to or below the reorder level (once per crossing; raised again only after a restock above it). */
export const LowStockDetected = defineEvent(
  'inventory.low_stock_detected',
  1,
  z.object({ itemId: z.uuid(), locationId: z.uuid(), name: z.string(), quantity: z.number().int().min(0), reorderLevel: z.number().int().min(0), at: At }),
);

/** A batch reaches its expiry window (raised once per batch by the daily check; `daysLeft` 0 = expires today, negative = expired). */
export const BatchExpiring = defineEvent(
  'inventory.batch_expiring',
  1,
  z.object({
    itemId: z.uuid(),
    locationId: z.uuid(),
    name: z.string(),
    batchId: z.uuid(),
    batchNo: z.string().nullable(),
    expiryDate: z.iso.date(),
    quantity: z.number().int().min(0),
    daysLeft: z.number().int(),
    at: At,
  }),
);

/** An equipment item's service is due (raised once per due date by the daily check). */
export const MaintenanceDue = defineEvent(
  'inventory.maintenance_due',
  1,
  z.object({ itemId: z.uuid(), locationId: z.uuid(), name: z.string(), dueDate: z.iso.date(), at: At }),
);
