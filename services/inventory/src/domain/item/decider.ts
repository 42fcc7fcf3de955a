import { DomainError, type Decider } from '@akhada/kit/domain';

/**
 * An inventory item of one location, event-sourced. Its stock is held in batches sold first-expiring-first (FEFO):
 * batches with an expiry date by that date, then those without, each tie by receipt (oldest first). Stock never goes
 * below zero. Low stock: `quantity ≤ reorderLevel` when a reorder level is set (> 0), else an item for sale with none
 * left. `LowStockDetected` is decided once per crossing into low stock by a change that takes stock away or raises the
 * bar (a sale, write-off, count, a higher reorder level), again only after a restock above the level; never by creating
 * an item or receiving stock (an item created empty and stocked in the same sitting, batch by batch, is not "only 0
 * left"; it shows as low in the lists while it is). The daily check's
 * alerts (`BatchExpiryAlerted`, `MaintenanceDueAlerted`) once per batch and per due date.
 */

export type Category = 'equipment' | 'supplement' | 'accessory' | 'consumable';
export type Status = 'active' | 'inactive' | 'maintenance' | 'out_of_service' | 'disposed';
export type Condition = 'excellent' | 'good' | 'fair' | 'poor' | 'needs_repair';
export type Priority = 'low' | 'medium' | 'high' | 'critical';
export type WriteOffReason = 'expired' | 'damaged' | 'lost' | 'other';

export const itemStreamId = (id: string): string => `inventory-item-${id}`;

export interface Ref {
  id: string;
  name: string;
}
export interface Batch {
  id: string;
  batchNo: string | null;
  quantity: number;
  expiryDate: string | null;
  unitCostPaise: number;
  supplier: Ref | null;
  receivedAt: string;
}
export interface Equipment {
  serialNumber: string | null;
  purchaseDate: string | null;
  warrantyUntil: string | null;
  serviceIntervalDays: number | null;
  lastServiceDate: string | null;
  /** Set by a completed service (its `nextDue`); else last service (or purchase) + interval. */
  nextDueOverride: string | null;
}
export interface AssignedTo {
  kind: 'trainer' | 'room';
  trainerId: string | null;
  name: string;
  assignedAt: string;
}
/** What create and edit set (not stock, status or location). */
export interface ItemDetails {
  name: string;
  description: string;
  category: Category;
  priority: Priority;
  sku: string | null;
  barcode: string | null;
  brand: string | null;
  unit: string;
  reorderLevel: number;
  isForSale: boolean;
  sellingPricePaise: number | null;
  hsn: string | null;
  gstRate: number;
  lineKind: 'goods' | 'service';
  supplier: Ref | null;
  equipment: Equipment | null;
}
/** A batch's units taken by a sale, write-off, count or disposal. */
export interface Take {
  batchId: string;
  quantity: number;
  unitCostPaise: number;
}

type By = Ref | null;

export type ItemCommand =
  | {
      type: 'CreateItem';
      data: {
        itemId: string;
        orgId: string;
        locationId: string;
        details: ItemDetails;
        condition: Condition;
        /** Opening stock, received with the creation (one low-stock check for both). */
        openingStock?: Batch | undefined;
        at: string;
        by: By;
      };
    }
  | {
      type: 'UpdateItem';
      data: { details: ItemDetails; condition: Condition; status?: 'active' | 'inactive' | 'out_of_service' | undefined; at: string; by: By };
    }
  | { type: 'ReceiveStock'; data: { batch: Batch; note: string | null; at: string; by: By } }
  | { type: 'AdjustStock'; data: { countedQuantity: number; reason: string; newBatchId: string; at: string; by: By } }
  | { type: 'WriteOff'; data: { quantity: number; reason: WriteOffReason; batchId?: string | undefined; note: string | null; at: string; by: By } }
  | { type: 'SellStock'; data: { saleId: string; quantity: number; at: string; by: By } }
  /** An unpaid order cancelled: the units it held go back to the batches they came from (`batches`: those units). */
  | { type: 'ReturnSaleStock'; data: { saleId: string; batches: Batch[]; at: string; by: By } }
  | { type: 'Assign'; data: { assignTo: AssignedTo | null; at: string; by: By } }
  | { type: 'StartMaintenance'; data: { note: string | null; vendor: string | null; at: string; by: By } }
  | {
      type: 'CompleteMaintenance';
      data: {
        recordId: string;
        date: string;
        workDone: string;
        costPaise: number;
        vendor: string | null;
        nextDue: string | null;
        condition: Condition | null;
        at: string;
        by: By;
      };
    }
  | { type: 'Dispose'; data: { reason: string; at: string; by: By } }
  | { type: 'Archive'; data: { at: string; by: By } }
  | { type: 'AlertBatchExpiring'; data: { batchId: string; today: string; at: string } }
  | { type: 'AlertMaintenanceDue'; data: { today: string; at: string } };

export type ItemEvent =
  | { type: 'ItemCreated'; data: { itemId: string; orgId: string; locationId: string; details: ItemDetails; condition: Condition; at: string; by: By } }
  | { type: 'ItemUpdated'; data: { itemId: string; details: ItemDetails; at: string; by: By } }
  | { type: 'ConditionChanged'; data: { itemId: string; from: Condition; to: Condition; at: string; by: By } }
  | { type: 'StatusChanged'; data: { itemId: string; from: Status; to: Status; at: string; by: By } }
  | { type: 'StockReceived'; data: { itemId: string; batch: Batch; note: string | null; at: string; by: By } }
  | { type: 'StockAdjusted'; data: { itemId: string; from: number; to: number; reason: string; takes: Take[]; batch: Batch | null; at: string; by: By } }
  | { type: 'StockWrittenOff'; data: { itemId: string; quantity: number; reason: WriteOffReason; takes: Take[]; note: string | null; at: string; by: By } }
  | { type: 'StockSold'; data: { itemId: string; saleId: string; quantity: number; takes: Take[]; at: string; by: By } }
  | { type: 'SaleStockReturned'; data: { itemId: string; saleId: string; quantity: number; batches: Batch[]; at: string; by: By } }
  | { type: 'ItemAssigned'; data: { itemId: string; assignTo: AssignedTo; at: string; by: By } }
  | { type: 'ItemReturned'; data: { itemId: string; from: AssignedTo; at: string; by: By } }
  | { type: 'MaintenanceStarted'; data: { itemId: string; note: string | null; vendor: string | null; at: string; by: By } }
  | {
      type: 'MaintenanceCompleted';
      data: {
        itemId: string;
        recordId: string;
        date: string;
        workDone: string;
        costPaise: number;
        vendor: string | null;
        nextDue: string | null;
        condition: Condition | null;
        at: string;
        by: By;
      };
    }
  | { type: 'ItemDisposed'; data: { itemId: string; reason: string; takes: Take[]; at: string; by: By } }
  | { type: 'ItemArchived'; data: { itemId: string; at: string; by: By } }
  | { type: 'LowStockDetected'; data: { itemId: string; quantity: number; reorderLevel: number; at: string } }
  | { type: 'LowStockCleared'; data: { itemId: string; quantity: number; at: string } }
  | {
      type: 'BatchExpiryAlerted';
      data: { itemId: string; batchId: string; batchNo: string | null; expiryDate: string; quantity: number; daysLeft: number; at: string };
    }
  | { type: 'MaintenanceDueAlerted'; data: { itemId: string; dueDate: string; at: string } };

export interface ItemState {
  exists: boolean;
  itemId: string;
  orgId: string;
  locationId: string;
  details: ItemDetails;
  status: Status;
  condition: Condition;
  batches: Batch[];
  /** Unit cost of the last receipt (the cost price when nothing is in stock). */
  lastUnitCostPaise: number | null;
  assignedTo: AssignedTo | null;
  archived: boolean;
  lowStockFlagged: boolean;
  alertedBatches: string[];
  alertedDueDates: string[];
  createdAt: string;
  updatedAt: string;
}

const EMPTY_DETAILS: ItemDetails = {
  name: '',
  description: '',
  category: 'accessory',
  priority: 'medium',
  sku: null,
  barcode: null,
  brand: null,
  unit: 'pcs',
  reorderLevel: 0,
  isForSale: false,
  sellingPricePaise: null,
  hsn: null,
  gstRate: 18,
  lineKind: 'goods',
  supplier: null,
  equipment: null,
};

export const initialItemState = (): ItemState => ({
  exists: false,
  itemId: '',
  orgId: '',
  locationId: '',
  details: EMPTY_DETAILS,
  status: 'active',
  condition: 'good',
  batches: [],
  lastUnitCostPaise: null,
  assignedTo: null,
  archived: false,
  lowStockFlagged: false,
  alertedBatches: [],
  alertedDueDates: [],
  createdAt: '',
  updatedAt: '',
});

// ---- derived -----------------------------------------------------------------------------------------------------

export const quantityOf = (s: Pick<ItemState, 'batches'>): number => s.batches.reduce((n, b) => n + b.quantity, 0);

export const isLowStock = (s: Pick<ItemState, 'batches' | 'details'>): boolean => {
  const q = quantityOf(s);
  return s.details.reorderLevel > 0 ? q <= s.details.reorderLevel : s.details.isForSale && q === 0;
};

/** FEFO order: expiring batches by date, then those without expiry, ties by receipt. */
export const fefo = (batches: readonly Batch[]): Batch[] =>
  [...batches].sort((a, b) => {
    if (a.expiryDate !== b.expiryDate) {
      if (a.expiryDate === null) return 1;
      if (b.expiryDate === null) return -1;
      return a.expiryDate < b.expiryDate ? -1 : 1;
    }
    return a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0;
  });

/** Weighted average unit cost of the stock (paise), else the last receipt's. */
export const costPricePaise = (s: Pick<ItemState, 'batches' | 'lastUnitCostPaise'>): number | null => {
  const q = quantityOf(s);
  if (q === 0) return s.lastUnitCostPaise;
  return Math.round(s.batches.reduce((n, b) => n + b.quantity * b.unitCostPaise, 0) / q);
};

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Next service due date of equipment; null without an interval (and no explicit next due). */
export const nextServiceDue = (e: Equipment | null): string | null => {
  if (!e) return null;
  if (e.nextDueOverride) return e.nextDueOverride;
  if (!e.serviceIntervalDays) return null;
  const base = e.lastServiceDate ?? e.purchaseDate;
  return base ? addDays(base, e.serviceIntervalDays) : null;
};

const insufficient = (left: number, name: string) =>
  new DomainError('INSUFFICIENT_STOCK', left === 0 ? `${name} is out of stock` : `Only ${left} left in stock of ${name}`);

/** Units to take first-expiring-first (or from one batch); refuses more than is there. */
const takeUnits = (s: ItemState, quantity: number, batchId?: string): Take[] => {
  const pool = batchId ? s.batches.filter((b) => b.id === batchId) : fefo(s.batches);
  if (batchId && pool.length === 0) throw new DomainError('NOT_FOUND', 'That batch is not in stock', 404);
  const available = pool.reduce((n, b) => n + b.quantity, 0);
  if (quantity > available) throw insufficient(available, s.details.name);
  const takes: Take[] = [];
  let rest = quantity;
  for (const b of pool) {
    if (rest === 0) break;
    const q = Math.min(rest, b.quantity);
    if (q > 0) takes.push({ batchId: b.id, quantity: q, unitCostPaise: b.unitCostPaise });
    rest -= q;
  }
  return takes;
};

const invalid = (message: string) => new DomainError('INVALID_ITEM_STATE', message);

const mustExist = (s: ItemState) => {
  if (!s.exists || s.archived) throw new DomainError('NOT_FOUND', 'Item not found', 404);
};
const mustBeLive = (s: ItemState) => {
  mustExist(s);
  if (s.status === 'disposed') throw invalid(`${s.details.name} has been disposed of`);
};

/**
 * The low-stock crossing after `events`, appended when the state crossed the line. `raises` false (creating the item,
 * receiving or returning stock: nothing was taken away): it may clear the flag, never raise it.
 */
const withLowStock = (s: ItemState, events: ItemEvent[], at: string, raises = true): ItemEvent[] => {
  const after = events.reduce(evolve, s);
  const low = isLowStock(after) && !after.archived && after.status !== 'disposed';
  if (low && !after.lowStockFlagged && raises)
    return [...events, { type: 'LowStockDetected', data: { itemId: after.itemId, quantity: quantityOf(after), reorderLevel: after.details.reorderLevel, at } }];
  if (!low && after.lowStockFlagged) return [...events, { type: 'LowStockCleared', data: { itemId: after.itemId, quantity: quantityOf(after), at } }];
  return events;
};

const decide = (command: ItemCommand, s: ItemState): ItemEvent[] => {
  const itemId = s.itemId;
  switch (command.type) {
    case 'CreateItem': {
      if (s.exists) throw new DomainError('CONFLICT', 'This item exists already');
      const { openingStock, ...d } = command.data;
      const events: ItemEvent[] = [{ type: 'ItemCreated', data: { ...d, details: { ...d.details, name: d.details.name.trim() } } }];
      if (openingStock) events.push({ type: 'StockReceived', data: { itemId: d.itemId, batch: openingStock, note: 'Opening stock', at: d.at, by: d.by } });
      return withLowStock(s, events, d.at, false);
    }
    case 'UpdateItem': {
      mustBeLive(s);
      const { details, condition, status, at, by } = command.data;
      const events: ItemEvent[] = [{ type: 'ItemUpdated', data: { itemId, details, at, by } }];
      if (condition !== s.condition) events.push({ type: 'ConditionChanged', data: { itemId, from: s.condition, to: condition, at, by } });
      if (status && status !== s.status) {
        if (s.status === 'maintenance') throw invalid('Bring the item back from maintenance first');
        events.push({ type: 'StatusChanged', data: { itemId, from: s.status, to: status, at, by } });
      }
      // Editing an item raises low stock only when it moved the bar up (a higher reorder level, now for sale).
      const barRaised = details.reorderLevel > s.details.reorderLevel || (details.isForSale && !s.details.isForSale);
      return withLowStock(s, events, at, barRaised);
    }
    case 'ReceiveStock': {
      mustBeLive(s);
      const { batch, note, at, by } = command.data;
      return withLowStock(s, [{ type: 'StockReceived', data: { itemId, batch, note, at, by } }], at, false);
    }
    case 'AdjustStock': {
      mustBeLive(s);
      const { countedQuantity, reason, newBatchId, at, by } = command.data;
      const from = quantityOf(s);
      if (countedQuantity === from) return [];
      const takes = countedQuantity < from ? takeUnits(s, from - countedQuantity) : [];
      const batch: Batch | null =
        countedQuantity > from
          ? {
              id: newBatchId,
              batchNo: null,
              quantity: countedQuantity - from,
              expiryDate: null,
              unitCostPaise: costPricePaise(s) ?? 0,
              supplier: null,
              receivedAt: at,
            }
          : null;
      return withLowStock(s, [{ type: 'StockAdjusted', data: { itemId, from, to: countedQuantity, reason, takes, batch, at, by } }], at);
    }
    case 'WriteOff': {
      mustBeLive(s);
      const { quantity, reason, batchId, note, at, by } = command.data;
      const takes = takeUnits(s, quantity, batchId);
      return withLowStock(s, [{ type: 'StockWrittenOff', data: { itemId, quantity, reason, takes, note, at, by } }], at);
    }
    case 'SellStock': {
      mustExist(s);
      const { saleId, quantity, at, by } = command.data;
      if (!s.details.isForSale || s.status !== 'active' || s.details.sellingPricePaise === null || s.details.hsn === null)
        throw new DomainError('NOT_FOR_SALE', `${s.details.name} is not for sale`);
      const takes = takeUnits(s, quantity);
      return withLowStock(s, [{ type: 'StockSold', data: { itemId, saleId, quantity, takes, at, by } }], at);
    }
    case 'ReturnSaleStock': {
      mustExist(s);
      const { saleId, batches, at, by } = command.data;
      const quantity = batches.reduce((n, b) => n + b.quantity, 0);
      if (quantity === 0) return [];
      return withLowStock(s, [{ type: 'SaleStockReturned', data: { itemId, saleId, quantity, batches, at, by } }], at, false);
    }
    case 'Assign': {
      mustBeLive(s);
      const { assignTo, at, by } = command.data;
      if (assignTo === null) return s.assignedTo ? [{ type: 'ItemReturned', data: { itemId, from: s.assignedTo, at, by } }] : [];
      const events: ItemEvent[] = [];
      if (s.assignedTo) events.push({ type: 'ItemReturned', data: { itemId, from: s.assignedTo, at, by } });
      events.push({ type: 'ItemAssigned', data: { itemId, assignTo, at, by } });
      return events;
    }
    case 'StartMaintenance': {
      mustBeLive(s);
      if (s.details.category !== 'equipment') throw invalid('Only equipment goes to maintenance');
      if (s.status === 'maintenance') throw invalid(`${s.details.name} is in maintenance already`);
      return [{ type: 'MaintenanceStarted', data: { itemId, ...command.data } }];
    }
    case 'CompleteMaintenance': {
      mustBeLive(s);
      if (s.details.category !== 'equipment') throw invalid('Only equipment goes to maintenance');
      const d = command.data;
      const interval = s.details.equipment?.serviceIntervalDays ?? null;
      const nextDue = d.nextDue ?? (interval ? addDays(d.date, interval) : null);
      const events: ItemEvent[] = [{ type: 'MaintenanceCompleted', data: { itemId, ...d, nextDue } }];
      if (d.condition && d.condition !== s.condition)
        events.push({ type: 'ConditionChanged', data: { itemId, from: s.condition, to: d.condition, at: d.at, by: d.by } });
      return events;
    }
    case 'Dispose': {
      mustBeLive(s);
      const { reason, at, by } = command.data;
      const takes = fefo(s.batches)
        .filter((b) => b.quantity > 0)
        .map((b) => ({ batchId: b.id, quantity: b.quantity, unitCostPaise: b.unitCostPaise }));
      return withLowStock(s, [{ type: 'ItemDisposed', data: { itemId, reason, takes, at, by } }], at);
    }
    case 'Archive':
      if (!s.exists) throw new DomainError('NOT_FOUND', 'Item not found', 404);
      if (s.archived) return [];
      return withLowStock(s, [{ type: 'ItemArchived', data: { itemId, ...command.data } }], command.data.at);
    case 'AlertBatchExpiring': {
      const { batchId, today, at } = command.data;
      const b = s.batches.find((x) => x.id === batchId);
      if (!s.exists || s.archived || s.status === 'disposed' || !b || b.quantity === 0 || !b.expiryDate || s.alertedBatches.includes(batchId)) return [];
      return [
        {
          type: 'BatchExpiryAlerted',
          data: { itemId, batchId, batchNo: b.batchNo, expiryDate: b.expiryDate, quantity: b.quantity, daysLeft: daysBetween(today, b.expiryDate), at },
        },
      ];
    }
    case 'AlertMaintenanceDue': {
      const due = nextServiceDue(s.details.equipment);
      if (!s.exists || s.archived || s.status === 'disposed' || !due || due > command.data.today || s.alertedDueDates.includes(due)) return [];
      return [{ type: 'MaintenanceDueAlerted', data: { itemId, dueDate: due, at: command.data.at } }];
    }
  }
};

const takeFrom = (batches: Batch[], takes: Take[]): Batch[] =>
  batches
    .map((b) => {
      const t = takes.filter((x) => x.batchId === b.id).reduce((n, x) => n + x.quantity, 0);
      return t ? { ...b, quantity: b.quantity - t } : b;
    })
    .filter((b) => b.quantity > 0);

/** Units put back: into their batch when it is still there, else the batch comes back with just them. */
const returnTo = (batches: Batch[], back: Batch[]): Batch[] => {
  const out = batches.map((b) => {
    const q = back.filter((x) => x.id === b.id).reduce((n, x) => n + x.quantity, 0);
    return q ? { ...b, quantity: b.quantity + q } : b;
  });
  for (const b of back) if (!batches.some((x) => x.id === b.id)) out.push(b);
  return out;
};

export const evolve = (s: ItemState, e: ItemEvent): ItemState => {
  const at = 'at' in e.data ? e.data.at : s.updatedAt;
  const t = { ...s, updatedAt: at };
  switch (e.type) {
    case 'ItemCreated': {
      const d = e.data;
      return { ...t, exists: true, itemId: d.itemId, orgId: d.orgId, locationId: d.locationId, details: d.details, condition: d.condition, createdAt: d.at };
    }
    case 'ItemUpdated':
      return { ...t, details: e.data.details };
    case 'ConditionChanged':
      return { ...t, condition: e.data.to };
    case 'StatusChanged':
      return { ...t, status: e.data.to };
    case 'StockReceived':
      return { ...t, batches: [...s.batches, e.data.batch], lastUnitCostPaise: e.data.batch.unitCostPaise };
    case 'StockAdjusted':
      return { ...t, batches: [...takeFrom(s.batches, e.data.takes), ...(e.data.batch ? [e.data.batch] : [])] };
    case 'StockWrittenOff':
    case 'StockSold':
      return { ...t, batches: takeFrom(s.batches, e.data.takes) };
    case 'SaleStockReturned':
      return { ...t, batches: returnTo(s.batches, e.data.batches) };
    case 'ItemAssigned':
      return { ...t, assignedTo: e.data.assignTo };
    case 'ItemReturned':
      return { ...t, assignedTo: null };
    case 'MaintenanceStarted':
      return { ...t, status: 'maintenance' };
    case 'MaintenanceCompleted': {
      const eq = s.details.equipment ?? {
        serialNumber: null,
        purchaseDate: null,
        warrantyUntil: null,
        serviceIntervalDays: null,
        lastServiceDate: null,
        nextDueOverride: null,
      };
      return {
        ...t,
        status: s.status === 'maintenance' ? 'active' : s.status,
        details: { ...s.details, equipment: { ...eq, lastServiceDate: e.data.date, nextDueOverride: e.data.nextDue } },
      };
    }
    case 'ItemDisposed':
      return { ...t, status: 'disposed', batches: takeFrom(s.batches, e.data.takes), assignedTo: null };
    case 'ItemArchived':
      return { ...t, archived: true };
    case 'LowStockDetected':
      return { ...s, lowStockFlagged: true };
    case 'LowStockCleared':
      return { ...s, lowStockFlagged: false };
    case 'BatchExpiryAlerted':
      return { ...s, alertedBatches: [...s.alertedBatches, e.data.batchId] };
    case 'MaintenanceDueAlerted':
      return { ...s, alertedDueDates: [...s.alertedDueDates, e.data.dueDate] };
  }
};

export const itemDecider: Decider<ItemCommand, ItemEvent, ItemState> = { decide, evolve, initialState: initialItemState };

/** The GST rate a line is charged at: the item's rate where the location charges GST, 0 % where it does not. */
export const chargedRate = (itemRatePercent: number, chargesGst: boolean): number => (chargesGst ? itemRatePercent : 0);
