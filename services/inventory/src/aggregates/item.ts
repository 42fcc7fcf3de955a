import { InventoryEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, newId, type StoredEvent } from '@akhada/kit';
import { isLowStock, itemDecider, itemStreamId, quantityOf, type ItemEvent, type ItemState } from '../domain/item/decider.ts';
import { movementOf, projectItems } from '../projections/items.ts';

/**
 * The integration events of an item event, from the item's state right after it: `inventory.item_state_changed`
 * after every change, and the alerts the decider raised (low stock once per crossing, expiring batch, maintenance due).
 */
export const itemIntegrationEvents = (
  { event, streamVersion: version, metadata }: StoredEvent<ItemEvent>,
  { state: s }: { state: ItemState },
): EventEnvelope[] => {
  const id = event.data.itemId;
  const at = event.data.at;
  const quantity = quantityOf(s);
  // The kind of change only (no movement reads the state before for its kind).
  const move = movementOf(event, s);
  const { eventId: _e, ...meta } = metadata;
  const base = { ...meta, locationId: s.locationId, aggregateId: id, occurredAt: at };
  const out: EventEnvelope[] = [];
  if (move)
    out.push(
      makeEnvelope(InventoryEvents.ItemStateChanged, {
        ...base,
        eventId: newId(),
        data: {
          itemId: id,
          locationId: s.locationId,
          name: s.details.name,
          category: s.details.category,
          status: s.status,
          condition: s.condition,
          quantity,
          reorderLevel: s.details.reorderLevel,
          isLowStock: isLowStock(s),
          isForSale: s.details.isForSale,
          archived: s.archived,
          change: move.kind,
          version,
          at,
        },
      }),
    );
  if (event.type === 'LowStockDetected')
    out.push(
      makeEnvelope(InventoryEvents.LowStockDetected, {
        ...base,
        data: { itemId: id, locationId: s.locationId, name: s.details.name, quantity: event.data.quantity, reorderLevel: event.data.reorderLevel, at },
      }),
    );
  if (event.type === 'BatchExpiryAlerted') {
    const d = event.data;
    out.push(
      makeEnvelope(InventoryEvents.BatchExpiring, {
        ...base,
        data: {
          itemId: id,
          locationId: s.locationId,
          name: s.details.name,
          batchId: d.batchId,
          batchNo: d.batchNo,
          expiryDate: d.expiryDate,
          quantity: d.quantity,
          daysLeft: d.daysLeft,
          at,
        },
      }),
    );
  }
  if (event.type === 'MaintenanceDueAlerted')
    out.push(
      makeEnvelope(InventoryEvents.MaintenanceDue, {
        ...base,
        data: { itemId: id, locationId: s.locationId, name: s.details.name, dueDate: event.data.dueDate, at },
      }),
    );
  return out;
};

/** The item aggregate: its decider, the read tables kept in step with it, and its integration events (from its state). */
export const itemAggregate = defineAggregate({
  name: 'item',
  streamId: itemStreamId,
  decider: itemDecider,
  projections: [projectItems],
  toIntegrationEvents: itemIntegrationEvents,
  topic: topicOf('inventory'),
});
