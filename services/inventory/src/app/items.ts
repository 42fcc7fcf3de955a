import type {
  AssignItemBody,
  CreateInventoryItemBody,
  InventoryItem,
  inventoryRoutes,
  MaintenanceBody,
  StockChangeBody,
  UpdateInventoryItemBody,
} from '@akhada/contracts';
import { AppError, executeCommand, inTransaction, metadataOf, newId, notFound, type RequestContext } from '@akhada/kit';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import { itemAggregate } from '../aggregates/item.ts';
import type { InventoryDb, ItemsTable } from '../db/schema.ts';
import type { ItemCommand, ItemDetails, Ref } from '../domain/item/decider.ts';
import { toItem, toShopItem } from '../views/item-view.ts';
import { chargesGstAt, unregisteredLocations } from './location-tax.ts';
import { paise, rupees, todayAt, type InventoryDeps } from './deps.ts';

type Deps = Pick<InventoryDeps, 'db' | 'clock' | 'directory'>;
type Db = Kysely<InventoryDb> | Transaction<InventoryDb>;
type Query<K extends keyof typeof inventoryRoutes> = (typeof inventoryRoutes)[K] extends { query: infer Q extends z.ZodType } ? z.output<Q> : never;

export const byOf = (ctx: RequestContext): Ref => ({ id: ctx.userId, name: ctx.name });

/** Item writes retry a little more than the kit's default: a sale locks several busy items at once. */
export const ITEM_RETRIES = { maxRetries: 5 };

/** A location the caller may act in; any other (another gym's included) is "not found". */
export const ownLocation = (ctx: RequestContext, locationId: string): void => {
  if (!ctx.locationIds.includes(locationId)) throw notFound('Location');
};

/** The caller's locations, or the one asked for (404 when it is not theirs). */
export const locationsFor = (ctx: RequestContext, locationId?: string): string[] => {
  if (locationId) ownLocation(ctx, locationId);
  return locationId ? [locationId] : ctx.locationIds;
};

/** An item of the caller's organization and locations, not archived; anything else is "not found". */
export const visibleItem = async (db: Db, ctx: RequestContext, id: string, { lock = false } = {}): Promise<ItemsTable> => {
  let q = db.selectFrom('items').selectAll().where('id', '=', id).where('org_id', '=', ctx.orgId).where('archived', '=', false);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row || !ctx.locationIds.includes(row.location_id)) throw notFound('Item');
  return row;
};

const supplierRef = async (db: Db, ctx: RequestContext, supplierId: string | undefined): Promise<Ref | null> => {
  if (!supplierId) return null;
  const s = await db
    .selectFrom('suppliers')
    .select(['id', 'name'])
    .where('id', '=', supplierId)
    .where('org_id', '=', ctx.orgId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!s) throw notFound('Supplier');
  return { id: s.id, name: s.name };
};

type ItemFieldsBody = z.output<typeof CreateInventoryItemBody> | z.output<typeof UpdateInventoryItemBody>;

const detailsOf = (body: ItemFieldsBody, supplier: Ref | null, previous?: ItemDetails): ItemDetails => ({
  name: body.name,
  description: body.description ?? '',
  category: body.category,
  priority: body.priority,
  sku: body.sku || null,
  barcode: body.barcode ?? null,
  brand: body.brand || null,
  unit: body.unit,
  reorderLevel: body.reorderLevel,
  isForSale: body.isForSale,
  sellingPricePaise: body.sellingPrice === undefined ? null : paise(body.sellingPrice),
  hsn: body.hsn ?? null,
  gstRate: body.gstRate,
  lineKind: body.lineKind,
  supplier,
  equipment:
    body.equipment || body.category === 'equipment'
      ? {
          serialNumber: body.equipment?.serialNumber || null,
          purchaseDate: body.equipment?.purchaseDate ?? null,
          warrantyUntil: body.equipment?.warrantyUntil ?? null,
          serviceIntervalDays: body.equipment?.serviceIntervalDays ?? null,
          lastServiceDate: body.equipment?.lastServiceDate ?? previous?.equipment?.lastServiceDate ?? null,
          nextDueOverride: previous?.equipment?.nextDueOverride ?? null,
        }
      : null,
});

const run = (trx: Transaction<InventoryDb>, ctx: RequestContext, id: string, locationId: string, command: ItemCommand, expectedVersion?: number) =>
  executeCommand(trx, itemAggregate, id, command, metadataOf(ctx, { locationId }), {
    expectedVersion,
    onStale: () => new AppError(409, 'STALE_VERSION', 'Someone else changed this item; reload and try again'),
  });

const reload = async (deps: Deps, db: Db, id: string): Promise<InventoryItem> => {
  const row = await db.selectFrom('items').select(['state', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
  return toItem(row, await todayAt(deps, row.state.locationId), await chargesGstAt(db, row.state.orgId, row.state.locationId));
};

export const createItem = async (deps: Deps, ctx: RequestContext, body: z.output<typeof CreateInventoryItemBody>): Promise<InventoryItem> => {
  ownLocation(ctx, body.locationId);
  const id = newId();
  const at = deps.clock().toISOString();
  return inTransaction(
    deps.db,
    async (trx) => {
      const supplier = await supplierRef(trx, ctx, body.supplierId);
      const details = detailsOf(body, supplier);
      const s = body.initialStock;
      await run(trx, ctx, id, body.locationId, {
        type: 'CreateItem',
        data: {
          itemId: id,
          orgId: ctx.orgId,
          locationId: body.locationId,
          details,
          condition: body.condition,
          openingStock: s
            ? {
                id: newId(),
                batchNo: s.batchNo || null,
                quantity: s.quantity,
                expiryDate: s.expiryDate ?? null,
                unitCostPaise: paise(s.unitCost),
                supplier,
                receivedAt: at,
              }
            : undefined,
          at,
          by: byOf(ctx),
        },
      });
      return reload(deps, trx, id);
    },
    ITEM_RETRIES,
  );
};

export const updateItem = async (deps: Deps, ctx: RequestContext, id: string, body: z.output<typeof UpdateInventoryItemBody>): Promise<InventoryItem> =>
  inTransaction(
    deps.db,
    async (trx) => {
      const row = await visibleItem(trx, ctx, id);
      const supplier = await supplierRef(trx, ctx, body.supplierId);
      await run(
        trx,
        ctx,
        id,
        row.location_id,
        {
          type: 'UpdateItem',
          data: {
            details: detailsOf(body, supplier, row.state.details),
            condition: body.condition,
            status: body.status,
            at: deps.clock().toISOString(),
            by: byOf(ctx),
          },
        },
        body.version,
      );
      return reload(deps, trx, id);
    },
    ITEM_RETRIES,
  );

/** One command on an item the caller may see, answered with the item as it now is. */
const command = (deps: Deps, ctx: RequestContext, id: string, make: (row: ItemsTable, at: string) => Promise<ItemCommand> | ItemCommand) =>
  inTransaction(
    deps.db,
    async (trx) => {
      const row = await visibleItem(trx, ctx, id);
      await run(trx, ctx, id, row.location_id, await make(row, deps.clock().toISOString()));
      return reload(deps, trx, id);
    },
    ITEM_RETRIES,
  );

export const archiveItem = async (deps: Deps, ctx: RequestContext, id: string): Promise<void> => {
  await command(deps, ctx, id, (_row, at) => ({ type: 'Archive', data: { at, by: byOf(ctx) } }));
};

export const changeStock = (deps: Deps, ctx: RequestContext, id: string, body: z.output<typeof StockChangeBody>): Promise<InventoryItem> =>
  inTransaction(
    deps.db,
    async (trx) => {
      const row = await visibleItem(trx, ctx, id, { lock: true });
      const at = deps.clock().toISOString();
      const by = byOf(ctx);
      let cmd: ItemCommand;
      if (body.action === 'receive') {
        const supplier = await supplierRef(trx, ctx, body.supplierId);
        cmd = {
          type: 'ReceiveStock',
          data: {
            batch: {
              id: newId(),
              batchNo: body.batchNo || null,
              quantity: body.quantity,
              expiryDate: body.expiryDate ?? null,
              unitCostPaise: paise(body.unitCost),
              supplier,
              receivedAt: at,
            },
            note: body.note || null,
            at,
            by,
          },
        };
      } else if (body.action === 'adjust')
        cmd = { type: 'AdjustStock', data: { countedQuantity: body.countedQuantity, reason: body.reason, newBatchId: newId(), at, by } };
      else cmd = { type: 'WriteOff', data: { quantity: body.quantity, reason: body.reason, batchId: body.batchId, note: body.note || null, at, by } };
      await run(trx, ctx, id, row.location_id, cmd);
      return reload(deps, trx, id);
    },
    ITEM_RETRIES,
  );

export const assignItem = (deps: Deps, ctx: RequestContext, id: string, body: z.output<typeof AssignItemBody>): Promise<InventoryItem> =>
  command(deps, ctx, id, async (row, at) => {
    const a = body.assignTo;
    if (a === null) return { type: 'Assign', data: { assignTo: null, at, by: byOf(ctx) } };
    if (a.kind === 'room') return { type: 'Assign', data: { assignTo: { kind: 'room', trainerId: null, name: a.room, assignedAt: at }, at, by: byOf(ctx) } };
    const t = await deps.db
      .selectFrom('people')
      .select(['id', 'name', 'location_id'])
      .where('id', '=', a.trainerId)
      .where('org_id', '=', ctx.orgId)
      .where('kind', '=', 'trainer')
      .where('archived', '=', false)
      .executeTakeFirst();
    if (!t) throw notFound('Trainer');
    if (t.location_id !== row.location_id) throw new AppError(409, 'CONFLICT', 'That trainer works at another location');
    return { type: 'Assign', data: { assignTo: { kind: 'trainer', trainerId: t.id, name: t.name, assignedAt: at }, at, by: byOf(ctx) } };
  });

export const maintainItem = (deps: Deps, ctx: RequestContext, id: string, body: z.output<typeof MaintenanceBody>): Promise<InventoryItem> =>
  command(deps, ctx, id, (_row, at) =>
    body.action === 'start'
      ? { type: 'StartMaintenance', data: { note: body.note || null, vendor: body.vendor || null, at, by: byOf(ctx) } }
      : {
          type: 'CompleteMaintenance',
          data: {
            recordId: newId(),
            date: body.date,
            workDone: body.workDone,
            costPaise: paise(body.cost),
            vendor: body.vendor || null,
            nextDue: body.nextDue ?? null,
            condition: body.condition ?? null,
            at,
            by: byOf(ctx),
          },
        },
  );

export const disposeItem = (deps: Deps, ctx: RequestContext, id: string, reason: string): Promise<InventoryItem> =>
  command(deps, ctx, id, (_row, at) => ({ type: 'Dispose', data: { reason, at, by: byOf(ctx) } }));

export const getItem = async (deps: Deps, ctx: RequestContext, id: string): Promise<InventoryItem> => {
  const row = await visibleItem(deps.db, ctx, id);
  return toItem(row, await todayAt(deps, row.location_id), await chargesGstAt(deps.db, ctx.orgId, row.location_id));
};

const page = (p: number, limit: number, total: number) => ({ page: p, limit, totalPages: Math.ceil(total / limit) });
export const pagination = page;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const listItems = async (deps: Deps, ctx: RequestContext, q: Query<'list'>) => {
  const locations = locationsFor(ctx, q.locationId);
  if (locations.length === 0) return { success: true as const, data: [], totalCount: 0, pagination: page(q.page, q.limit, 0) };
  let base = deps.db.selectFrom('items').where('org_id', '=', ctx.orgId).where('location_id', 'in', locations).where('archived', '=', false);
  if (q.category) base = base.where('category', '=', q.category);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.condition) base = base.where('condition', '=', q.condition);
  if (q.isLowStock) base = base.where('is_low_stock', '=', q.isLowStock === 'true');
  if (q.isForSale) base = base.where('is_for_sale', '=', q.isForSale === 'true');
  if (q.code) {
    const code = q.code;
    base = base.where((eb) => eb.or([eb('barcode', '=', code), eb(sql`lower(sku)`, '=', code.toLowerCase())]));
  }
  if (q.search) {
    const like = `%${escapeLike(q.search.toLowerCase())}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', like),
        eb(sql`lower(coalesce(sku, ''))`, 'like', like),
        eb(sql`lower(coalesce(state->'details'->>'brand', ''))`, 'like', like),
      ]),
    );
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const order =
    q.sort === 'quantity' ? (['quantity', 'asc'] as const) : q.sort === 'updatedAt' ? (['updated_at', 'desc'] as const) : (['name', 'asc'] as const);
  const rows = await base
    .select(['state', 'version', 'location_id'])
    .orderBy(order[0], order[1])
    .orderBy('id')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const today = new Map<string, string>();
  for (const l of new Set(rows.map((r) => r.location_id))) today.set(l, await todayAt(deps, l));
  const noGst = await unregisteredLocations(deps.db, ctx.orgId, [...today.keys()]);
  return {
    success: true as const,
    data: rows.map((r) => toItem(r, today.get(r.location_id)!, !noGst.has(r.location_id))),
    totalCount: total,
    pagination: page(q.page, q.limit, total),
  };
};

/** Resale items of the caller's location(s): active, for sale, with a price. */
export const shopItems = async (deps: Deps, ctx: RequestContext, q: Query<'shop'>) => {
  if (ctx.locationIds.length === 0) return { success: true as const, data: [], totalCount: 0, pagination: page(q.page, q.limit, 0) };
  let base = deps.db
    .selectFrom('items')
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', ctx.locationIds)
    .where('archived', '=', false)
    .where('is_for_sale', '=', true)
    .where('status', '=', 'active')
    .where('selling_price_paise', 'is not', null);
  if (q.category) base = base.where('category', '=', q.category);
  if (q.search) base = base.where(sql`lower(name)`, 'like', `%${escapeLike(q.search.toLowerCase())}%`);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select(['state', 'location_id'])
    .orderBy('name')
    .orderBy('id')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const noGst = await unregisteredLocations(deps.db, ctx.orgId, [...new Set(rows.map((r) => r.location_id))]);
  return {
    success: true as const,
    data: rows.map((r) => toShopItem(r, !noGst.has(r.location_id))),
    totalCount: total,
    pagination: page(q.page, q.limit, total),
  };
};

export const itemMovements = async (deps: Deps, ctx: RequestContext, id: string, q: { page: number; limit: number }) => {
  await visibleItem(deps.db, ctx, id);
  const base = deps.db.selectFrom('movements').where('item_id', '=', id).where('org_id', '=', ctx.orgId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { success: true as const, data: rows.map(toMovement), totalCount: total, pagination: page(q.page, q.limit, total) };
};

export const toMovement = (r: InventoryDb['movements']) => ({
  _id: r.id,
  kind: r.kind,
  quantityChange: r.quantity_change,
  quantityAfter: r.quantity_after,
  details: r.details,
  by: r.by_id ? { _id: r.by_id, name: r.by_name ?? '' } : null,
  at: r.at.toISOString(),
});

export const maintenanceRecords = async (deps: Deps, ctx: RequestContext, q: Query<'maintenanceRecords'>) => {
  const locations = locationsFor(ctx, q.locationId);
  if (locations.length === 0) return { success: true as const, data: [], totalCount: 0, pagination: page(q.page, q.limit, 0) };
  let base = deps.db.selectFrom('maintenance_records').where('org_id', '=', ctx.orgId).where('location_id', 'in', locations);
  if (q.itemId) base = base.where('item_id', '=', q.itemId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll()
    .orderBy('date', 'desc')
    .orderBy('recorded_at', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return {
    success: true as const,
    data: rows.map((r) => ({
      _id: r.id,
      item: { _id: r.item_id, name: r.item_name, locationId: r.location_id },
      date: r.date,
      workDone: r.work_done,
      cost: rupees(r.cost_paise),
      vendor: r.vendor,
      nextDue: r.next_due,
      recordedBy: { _id: r.recorded_by_id ?? r.item_id, name: r.recorded_by_name ?? '' },
      recordedAt: r.recorded_at.toISOString(),
    })),
    totalCount: total,
    pagination: page(q.page, q.limit, total),
  };
};
