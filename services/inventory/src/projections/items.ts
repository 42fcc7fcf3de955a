import type { StoredEvent } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { InventoryDb } from '../db/schema.ts';
import { costPricePaise, evolve, initialItemState, isLowStock, nextServiceDue, quantityOf, type ItemEvent, type ItemState } from '../domain/item/decider.ts';

type Trx = Transaction<InventoryDb>;

/** The movement an event is in the item's history (kind, signed quantity, details); null for internal bookkeeping. */
export const movementOf = (
  e: ItemEvent,
  before: ItemState,
): { kind: string; change: number; valuePaise: number; supplierId: string | null; details: Record<string, unknown> } | null => {
  const taken = (takes: { quantity: number; unitCostPaise: number }[]) => takes.reduce((n, t) => n + t.quantity * t.unitCostPaise, 0);
  switch (e.type) {
    case 'ItemCreated':
      return { kind: 'created', change: 0, valuePaise: 0, supplierId: null, details: { name: e.data.details.name } };
    case 'ItemUpdated':
      return { kind: 'updated', change: 0, valuePaise: 0, supplierId: null, details: {} };
    case 'ConditionChanged':
      return { kind: 'condition_changed', change: 0, valuePaise: 0, supplierId: null, details: { from: e.data.from, to: e.data.to } };
    case 'StatusChanged':
      return { kind: 'status_changed', change: 0, valuePaise: 0, supplierId: null, details: { from: e.data.from, to: e.data.to } };
    case 'StockReceived': {
      const b = e.data.batch;
      return {
        kind: 'received',
        change: b.quantity,
        valuePaise: b.quantity * b.unitCostPaise,
        supplierId: b.supplier?.id ?? null,
        details: {
          batchId: b.id,
          batchNo: b.batchNo,
          expiryDate: b.expiryDate,
          unitCost: b.unitCostPaise / 100,
          supplier: b.supplier?.name ?? null,
          note: e.data.note,
        },
      };
    }
    case 'StockAdjusted':
      return {
        kind: 'adjusted',
        change: e.data.to - e.data.from,
        valuePaise: taken(e.data.takes),
        supplierId: null,
        details: { from: e.data.from, to: e.data.to, reason: e.data.reason },
      };
    case 'StockWrittenOff':
      return {
        kind: 'written_off',
        change: -e.data.quantity,
        valuePaise: taken(e.data.takes),
        supplierId: null,
        details: { reason: e.data.reason, note: e.data.note },
      };
    case 'StockSold':
      return { kind: 'sold', change: -e.data.quantity, valuePaise: taken(e.data.takes), supplierId: null, details: { saleId: e.data.saleId } };
    case 'SaleStockReturned':
      return {
        kind: 'sale_cancelled',
        change: e.data.quantity,
        valuePaise: e.data.batches.reduce((n, b) => n + b.quantity * b.unitCostPaise, 0),
        supplierId: null,
        details: { saleId: e.data.saleId },
      };
    case 'ItemAssigned':
      return {
        kind: 'assigned',
        change: 0,
        valuePaise: 0,
        supplierId: null,
        details: { kind: e.data.assignTo.kind, name: e.data.assignTo.name, trainerId: e.data.assignTo.trainerId },
      };
    case 'ItemReturned':
      return { kind: 'returned', change: 0, valuePaise: 0, supplierId: null, details: { from: e.data.from.name } };
    case 'MaintenanceStarted':
      return { kind: 'maintenance_started', change: 0, valuePaise: 0, supplierId: null, details: { note: e.data.note, vendor: e.data.vendor } };
    case 'MaintenanceCompleted':
      return {
        kind: 'maintenance_completed',
        change: 0,
        valuePaise: 0,
        supplierId: null,
        details: { date: e.data.date, workDone: e.data.workDone, cost: e.data.costPaise / 100, vendor: e.data.vendor, nextDue: e.data.nextDue },
      };
    case 'ItemDisposed': {
      const q = e.data.takes.reduce((n, t) => n + t.quantity, 0);
      return { kind: 'disposed', change: -q, valuePaise: taken(e.data.takes), supplierId: null, details: { reason: e.data.reason } };
    }
    case 'ItemArchived':
      return { kind: 'archived', change: 0, valuePaise: 0, supplierId: null, details: { quantity: quantityOf(before) } };
    default:
      return null;
  }
};

/**
 * The read tables in step with the item streams (inline, same transaction; a rebuild replays the same): the item row
 * (its folded state), its movement, maintenance records. The integration events are the aggregate's
 * (aggregates/item.ts), built from the state after each event.
 */
export const projectItems = async (trx: Trx, stored: StoredEvent<ItemEvent>): Promise<void> => {
  const { event, streamVersion: version, metadata } = stored;
  const id = event.data.itemId;
  const row = await trx.selectFrom('items').select(['state', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (row && row.version >= version) return;
  const before = row?.state ?? initialItemState();
  const s = evolve(before, event);
  const quantity = quantityOf(s);
  const values = {
    org_id: s.orgId,
    location_id: s.locationId,
    name: s.details.name,
    category: s.details.category,
    status: s.status,
    condition: s.condition,
    quantity,
    reorder_level: s.details.reorderLevel,
    is_low_stock: isLowStock(s),
    is_for_sale: s.details.isForSale,
    archived: s.archived,
    sku: s.details.sku,
    barcode: s.details.barcode,
    supplier_id: s.details.supplier?.id ?? null,
    selling_price_paise: s.details.sellingPricePaise,
    cost_price_paise: costPricePaise(s),
    next_service_due: nextServiceDue(s.details.equipment),
    state: JSON.stringify(s) as never,
    version,
    created_at: new Date(s.createdAt),
    updated_at: new Date(s.updatedAt || s.createdAt),
  };
  if (row) await trx.updateTable('items').set(values).where('id', '=', id).execute();
  else
    await trx
      .insertInto('items')
      .values({ id, ...values })
      .execute();

  const by = 'by' in event.data ? event.data.by : null;
  const at = event.data.at;
  const move = movementOf(event, before);
  if (move)
    await trx
      .insertInto('movements')
      .values({
        id: metadata.eventId,
        org_id: s.orgId,
        location_id: s.locationId,
        item_id: id,
        item_name: s.details.name,
        kind: move.kind,
        quantity_change: move.change,
        quantity_after: quantity,
        value_paise: move.valuePaise,
        supplier_id: move.supplierId,
        details: JSON.stringify(move.details) as never,
        by_id: by?.id ?? null,
        by_name: by?.name ?? null,
        at: new Date(at),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  if (event.type === 'MaintenanceCompleted') {
    const d = event.data;
    await trx
      .insertInto('maintenance_records')
      .values({
        id: d.recordId,
        org_id: s.orgId,
        location_id: s.locationId,
        item_id: id,
        item_name: s.details.name,
        date: d.date,
        work_done: d.workDone,
        cost_paise: d.costPaise,
        vendor: d.vendor,
        next_due: d.nextDue,
        recorded_by_id: d.by?.id ?? null,
        recorded_by_name: d.by?.name ?? null,
        recorded_at: new Date(d.at),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
};
