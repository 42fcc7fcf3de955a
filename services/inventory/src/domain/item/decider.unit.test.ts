import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, expect, it } from 'vitest';
import { fold } from '@akhada/kit/domain';
import { itemDecider, quantityOf, type Batch, type ItemDetails, type ItemEvent } from './decider.ts';

const given = DeciderSpecification.for(itemDecider);
const ID = '0193f000-0000-7000-8000-000000000001';
const AT = '2026-05-01T10:00:00.000Z';
const by = { id: '0193f000-0000-7000-8000-0000000000cc', name: 'Priya Shah' };
const details = (over: Partial<ItemDetails> = {}): ItemDetails => ({
  name: 'Whey Protein 1 kg',
  description: '',
  category: 'supplement',
  priority: 'medium',
  sku: null,
  barcode: null,
  brand: null,
  unit: 'pcs',
  reorderLevel: 2,
  isForSale: true,
  sellingPricePaise: 250000,
  hsn: '2106',
  gstRate: 18,
  lineKind: 'goods',
  supplier: null,
  equipment: null,
  ...over,
});
const created = (over: Partial<ItemDetails> = {}): ItemEvent => ({
  type: 'ItemCreated',
  data: { itemId: ID, orgId: 'o', locationId: 'l', details: details(over), condition: 'good', at: AT, by },
});
const batch = (id: string, quantity: number, expiryDate: string | null, receivedAt = AT): Batch => ({
  id,
  batchNo: null,
  quantity,
  expiryDate,
  unitCostPaise: 150000,
  supplier: null,
  receivedAt,
});
const received = (b: Batch): ItemEvent => ({ type: 'StockReceived', data: { itemId: ID, batch: b, note: null, at: b.receivedAt, by } });
const flagged: ItemEvent = { type: 'LowStockDetected', data: { itemId: ID, quantity: 0, reorderLevel: 2, at: AT } };
const cleared = (q: number): ItemEvent => ({ type: 'LowStockCleared', data: { itemId: ID, quantity: q, at: AT } });
const sell = (quantity: number) => ({ type: 'SellStock' as const, data: { saleId: 's1', quantity, at: AT, by } });
const code = (c: string) => (e: DomainError) => e.code === c;

describe('inventory item', () => {
  it('given nothing, when an item is created empty and then stocked batch by batch, then no low-stock alert is raised ("Only 0 left" would be stale)', () => {
    const create = {
      type: 'CreateItem' as const,
      data: { itemId: ID, orgId: 'o', locationId: 'l', details: details({ reorderLevel: 5 }), condition: 'good' as const, at: AT, by },
    };
    const made = itemDecider.decide(create, fold(itemDecider, []));
    expect(made.map((e) => e.type)).toEqual(['ItemCreated']);
    // Edited before its first delivery: still nothing.
    const edited = itemDecider.decide(
      { type: 'UpdateItem', data: { details: details({ reorderLevel: 5, brand: 'MuscleBlaze' }), condition: 'good', at: AT, by } },
      fold(itemDecider, made),
    );
    expect(edited.map((e) => e.type)).toEqual(['ItemUpdated']);
    // The first batch leaves it at the level (4 ≤ 5): a receipt takes nothing away, so it raises nothing.
    const first = itemDecider.decide(
      { type: 'ReceiveStock', data: { batch: batch('b1', 4, '2026-06-01'), note: null, at: AT, by } },
      fold(itemDecider, [...made, ...edited]),
    );
    expect(first.map((e) => e.type)).toEqual(['StockReceived']);
    const second = itemDecider.decide(
      { type: 'ReceiveStock', data: { batch: batch('b2', 12, null), note: null, at: AT, by } },
      fold(itemDecider, [...made, ...edited, ...first]),
    );
    expect(second.map((e) => e.type)).toEqual(['StockReceived']);
    // Created with opening stock below the level: no alert either.
    const opening = itemDecider.decide({ ...create, data: { ...create.data, openingStock: batch('b0', 2, null) } }, fold(itemDecider, []));
    expect(opening.map((e) => e.type)).toEqual(['ItemCreated', 'StockReceived']);
  });

  it('given a stocked item, when a sale takes it to the level, then low stock is raised once with what is left; a sale from an item still low since creation raises it too', () => {
    const stocked = [created({ reorderLevel: 5 }), received(batch('b1', 16, null))];
    const sold = itemDecider.decide(sell(11), fold(itemDecider, stocked));
    expect(sold).toContainEqual({ type: 'LowStockDetected', data: { itemId: ID, quantity: 5, reorderLevel: 5, at: AT } });
    expect(itemDecider.decide(sell(1), fold(itemDecider, [...stocked, ...sold])).map((e) => e.type)).toEqual(['StockSold']);
    const lowFromStart = [created({ reorderLevel: 5 }), received(batch('b1', 3, null))];
    expect(itemDecider.decide(sell(1), fold(itemDecider, lowFromStart))).toContainEqual({
      type: 'LowStockDetected',
      data: { itemId: ID, quantity: 2, reorderLevel: 5, at: AT },
    });
    // Raising the reorder level above what is left is a crossing too.
    const raised = itemDecider.decide(
      { type: 'UpdateItem', data: { details: details({ reorderLevel: 20 }), condition: 'good', at: AT, by } },
      fold(itemDecider, stocked),
    );
    expect(raised.map((e) => e.type)).toEqual(['ItemUpdated', 'LowStockDetected']);
  });

  it('given an item with 3 units, when 4 are sold, then the sale is refused: only 3 left', () => {
    given([created(), flagged, received(batch('b1', 3, null)), cleared(3)])
      .when(sell(4))
      .thenThrows(DomainError, (e) => e.code === 'INSUFFICIENT_STOCK' && e.message === 'Only 3 left in stock of Whey Protein 1 kg');
  });

  it('given batches expiring later, sooner and never, when units are sold, then the first-expiring batch goes first, no-expiry last', () => {
    given([
      created(),
      flagged,
      received(batch('never', 5, null, '2026-01-01T00:00:00.000Z')),
      received(batch('late', 2, '2027-06-30')),
      received(batch('soon', 2, '2026-09-30')),
      cleared(9),
    ])
      .when(sell(5))
      .then([
        {
          type: 'StockSold',
          data: {
            itemId: ID,
            saleId: 's1',
            quantity: 5,
            takes: [
              { batchId: 'soon', quantity: 2, unitCostPaise: 150000 },
              { batchId: 'late', quantity: 2, unitCostPaise: 150000 },
              { batchId: 'never', quantity: 1, unitCostPaise: 150000 },
            ],
            at: AT,
            by,
          },
        },
      ]);
  });

  it('given batches without expiry, when sold, then the oldest received goes first; falling to the reorder level raises low stock once', () => {
    const history = [
      created(),
      flagged,
      received(batch('new', 3, null, '2026-04-02T00:00:00.000Z')),
      received(batch('old', 3, null, '2026-04-01T00:00:00.000Z')),
      cleared(6),
    ];
    const events = itemDecider.decide(sell(4), fold(itemDecider, history));
    expect(events.map((e) => e.type)).toEqual(['StockSold', 'LowStockDetected']);
    expect(events[0]!.type === 'StockSold' && events[0]!.data.takes).toEqual([
      { batchId: 'old', quantity: 3, unitCostPaise: 150000 },
      { batchId: 'new', quantity: 1, unitCostPaise: 150000 },
    ]);
    const after = fold(itemDecider, [...history, ...events]);
    expect(quantityOf(after)).toBe(2);
    expect(itemDecider.decide(sell(1), after).map((e) => e.type)).toEqual(['StockSold']);
  });

  it('given an unpaid order took a whole batch and part of another, when its stock is returned, then both batches are as before and low stock clears', () => {
    const history = [created(), flagged, received(batch('soon', 2, '2026-09-30')), received(batch('late', 3, '2027-06-30')), cleared(5)];
    const sold = itemDecider.decide(sell(4), fold(itemDecider, history));
    expect(sold.map((e) => e.type)).toEqual(['StockSold', 'LowStockDetected']);
    const held = fold(itemDecider, [...history, ...sold]);
    expect(held.batches.map((b) => [b.id, b.quantity])).toEqual([['late', 1]]);
    const back = itemDecider.decide(
      { type: 'ReturnSaleStock', data: { saleId: 's1', batches: [batch('soon', 2, '2026-09-30'), batch('late', 2, '2027-06-30')], at: AT, by: null } },
      held,
    );
    expect(back.map((e) => e.type)).toEqual(['SaleStockReturned', 'LowStockCleared']);
    const after = fold(itemDecider, [...history, ...sold, ...back]);
    expect(after.batches.map((b) => [b.id, b.quantity, b.expiryDate]).sort()).toEqual([
      ['late', 3, '2027-06-30'],
      ['soon', 2, '2026-09-30'],
    ]);
    expect(itemDecider.decide({ type: 'ReturnSaleStock', data: { saleId: 's1', batches: [], at: AT, by: null } }, after)).toEqual([]);
  });

  it('given an item not for sale, when sold, then NOT_FOR_SALE', () => {
    given([created({ isForSale: false, sellingPricePaise: null, reorderLevel: 0 }), received(batch('b1', 3, null))])
      .when(sell(1))
      .thenThrows(DomainError, code('NOT_FOR_SALE'));
  });

  it('given an expired batch, when it is written off, then exactly that batch goes and more than it holds is refused', () => {
    const history = [created(), flagged, received(batch('exp', 2, '2026-04-01')), received(batch('ok', 5, '2027-01-01')), cleared(7)];
    given(history)
      .when({ type: 'WriteOff', data: { quantity: 2, reason: 'expired', batchId: 'exp', note: null, at: AT, by } })
      .then([
        {
          type: 'StockWrittenOff',
          data: { itemId: ID, quantity: 2, reason: 'expired', takes: [{ batchId: 'exp', quantity: 2, unitCostPaise: 150000 }], note: null, at: AT, by },
        },
      ]);
    given(history)
      .when({ type: 'WriteOff', data: { quantity: 3, reason: 'expired', batchId: 'exp', note: null, at: AT, by } })
      .thenThrows(DomainError, code('INSUFFICIENT_STOCK'));
  });

  it('given 5 units, when counted as 7 or 1, then the difference is recorded with the reason', () => {
    const history = [created(), flagged, received(batch('b1', 5, null)), cleared(5)];
    const up = itemDecider.decide(
      { type: 'AdjustStock', data: { countedQuantity: 7, reason: 'recount', newBatchId: 'nb', at: AT, by } },
      fold(itemDecider, history),
    );
    expect(up[0]).toMatchObject({ type: 'StockAdjusted', data: { from: 5, to: 7, takes: [], batch: { id: 'nb', quantity: 2, unitCostPaise: 150000 } } });
    const down = itemDecider.decide(
      { type: 'AdjustStock', data: { countedQuantity: 1, reason: 'theft', newBatchId: 'nb', at: AT, by } },
      fold(itemDecider, history),
    );
    expect(down.map((e) => e.type)).toEqual(['StockAdjusted', 'LowStockDetected']);
    expect(quantityOf(fold(itemDecider, [...history, ...down]))).toBe(1);
  });

  it('given equipment, when sent to maintenance and brought back, then status returns to active with the next due date from the interval', () => {
    const eq = created({
      category: 'equipment',
      isForSale: false,
      sellingPricePaise: null,
      hsn: null,
      reorderLevel: 0,
      equipment: { serialNumber: null, purchaseDate: '2025-01-01', warrantyUntil: null, serviceIntervalDays: 90, lastServiceDate: null, nextDueOverride: null },
    });
    const started: ItemEvent = { type: 'MaintenanceStarted', data: { itemId: ID, note: 'belt', vendor: null, at: AT, by } };
    given([eq])
      .when({ type: 'StartMaintenance', data: { note: 'belt', vendor: null, at: AT, by } })
      .then([started]);
    given([eq, started])
      .when({ type: 'StartMaintenance', data: { note: null, vendor: null, at: AT, by } })
      .thenThrows(DomainError, code('INVALID_ITEM_STATE'));
    const done = itemDecider.decide(
      {
        type: 'CompleteMaintenance',
        data: {
          recordId: 'r1',
          date: '2026-05-01',
          workDone: 'New belt',
          costPaise: 300000,
          vendor: 'FitFix',
          nextDue: null,
          condition: 'excellent',
          at: AT,
          by,
        },
      },
      fold(itemDecider, [eq, started]),
    );
    expect(done.map((e) => e.type)).toEqual(['MaintenanceCompleted', 'ConditionChanged']);
    expect(done[0]).toMatchObject({ data: { nextDue: '2026-07-30' } });
    const after = fold(itemDecider, [eq, started, ...done]);
    expect(after.status).toBe('active');
    expect(after.condition).toBe('excellent');
    given([eq, started, ...done])
      .when({ type: 'AlertMaintenanceDue', data: { today: '2026-07-29', at: AT } })
      .thenNothingHappened();
    const due: ItemEvent = { type: 'MaintenanceDueAlerted', data: { itemId: ID, dueDate: '2026-07-30', at: AT } };
    given([eq, started, ...done])
      .when({ type: 'AlertMaintenanceDue', data: { today: '2026-07-30', at: AT } })
      .then([due]);
    given([eq, started, ...done, due])
      .when({ type: 'AlertMaintenanceDue', data: { today: '2026-08-02', at: AT } })
      .thenNothingHappened();
  });

  it('given an item, when assigned to a trainer, reassigned to a room and returned, then each step is recorded', () => {
    const eq = created({ category: 'equipment', isForSale: false, sellingPricePaise: null, reorderLevel: 0 });
    const toTrainer = { kind: 'trainer' as const, trainerId: 't1', name: 'Ravi', assignedAt: AT };
    const toRoom = { kind: 'room' as const, trainerId: null, name: 'Studio 2', assignedAt: AT };
    const assigned: ItemEvent = { type: 'ItemAssigned', data: { itemId: ID, assignTo: toTrainer, at: AT, by } };
    given([eq])
      .when({ type: 'Assign', data: { assignTo: toTrainer, at: AT, by } })
      .then([assigned]);
    given([eq, assigned])
      .when({ type: 'Assign', data: { assignTo: toRoom, at: AT, by } })
      .then([
        { type: 'ItemReturned', data: { itemId: ID, from: toTrainer, at: AT, by } },
        { type: 'ItemAssigned', data: { itemId: ID, assignTo: toRoom, at: AT, by } },
      ]);
    given([eq, assigned])
      .when({ type: 'Assign', data: { assignTo: null, at: AT, by } })
      .then([{ type: 'ItemReturned', data: { itemId: ID, from: toTrainer, at: AT, by } }]);
    given([eq])
      .when({ type: 'Assign', data: { assignTo: null, at: AT, by } })
      .thenNothingHappened();
  });

  it('given stock, when disposed, then everything left is written off and nothing more can happen to it', () => {
    const history = [created({ reorderLevel: 0 }), received(batch('b1', 4, null))];
    const events = itemDecider.decide({ type: 'Dispose', data: { reason: 'broken', at: AT, by } }, fold(itemDecider, history));
    expect(events).toEqual([
      { type: 'ItemDisposed', data: { itemId: ID, reason: 'broken', takes: [{ batchId: 'b1', quantity: 4, unitCostPaise: 150000 }], at: AT, by } },
    ]);
    const after = fold(itemDecider, [...history, ...events]);
    expect([after.status, quantityOf(after)]).toEqual(['disposed', 0]);
    given([...history, ...events])
      .when({ type: 'ReceiveStock', data: { batch: batch('b2', 1, null), note: null, at: AT, by } })
      .thenThrows(DomainError, code('INVALID_ITEM_STATE'));
  });

  it('given a batch alerted once, when the daily check runs again, then nothing is raised again', () => {
    const history = [created(), flagged, received(batch('b1', 4, '2026-05-20')), cleared(4)];
    const alerted: ItemEvent = {
      type: 'BatchExpiryAlerted',
      data: { itemId: ID, batchId: 'b1', batchNo: null, expiryDate: '2026-05-20', quantity: 4, daysLeft: 19, at: AT },
    };
    given(history)
      .when({ type: 'AlertBatchExpiring', data: { batchId: 'b1', today: '2026-05-01', at: AT } })
      .then([alerted]);
    given([...history, alerted])
      .when({ type: 'AlertBatchExpiring', data: { batchId: 'b1', today: '2026-05-02', at: AT } })
      .thenNothingHappened();
  });
});

describe('inventory item creation', () => {
  it('given nothing, when created with opening stock above the reorder level, then no low-stock alert; without stock, none either (nothing was taken away)', () => {
    const b = batch('b1', 10, null);
    const cmd = { type: 'CreateItem' as const, data: { itemId: ID, orgId: 'o', locationId: 'l', details: details(), condition: 'good' as const, at: AT, by } };
    given([])
      .when({ ...cmd, data: { ...cmd.data, openingStock: b } })
      .then([created(), { type: 'StockReceived', data: { itemId: ID, batch: b, note: 'Opening stock', at: AT, by } }]);
    given([]).when(cmd).then([created()]);
  });
});
