import type { SupplierBody, SupplierListQuery } from '@akhada/contracts';
import { AppError, isUniqueViolation, newId, notFound, type RequestContext } from '@akhada/kit';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { SuppliersTable } from '../db/schema.ts';
import { rupees, type InventoryDeps } from './deps.ts';
import { pagination } from './items.ts';

type Deps = Pick<InventoryDeps, 'db' | 'clock'>;

const exists = () => new AppError(409, 'SUPPLIER_EXISTS', 'A supplier with this name or GSTIN exists already');

const toSupplier = (r: SuppliersTable, itemCount: number) => ({
  _id: r.id,
  name: r.name,
  contactName: r.contact_name,
  phone: r.phone,
  email: r.email,
  gstin: r.gstin,
  address: r.address,
  notes: r.notes,
  itemCount,
  archived: r.archived_at !== null,
  createdAt: r.created_at.toISOString(),
});

const itemCounts = async (deps: Deps, orgId: string, ids: string[]): Promise<Map<string, number>> => {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom('items')
    .select(['supplier_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .where('supplier_id', 'in', ids)
    .where('archived', '=', false)
    .groupBy('supplier_id')
    .execute();
  return new Map(rows.map((r) => [r.supplier_id!, Number(r.n)]));
};

const fields = (body: z.output<typeof SupplierBody>) => ({
  name: body.name,
  contact_name: body.contactName || null,
  phone: body.phone || null,
  email: body.email ?? null,
  gstin: body.gstin ?? null,
  address: body.address || null,
  notes: body.notes || null,
});

const ownSupplier = async (deps: Deps, ctx: RequestContext, id: string): Promise<SuppliersTable> => {
  const row = await deps.db
    .selectFrom('suppliers')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', ctx.orgId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Supplier');
  return row;
};

export const listSuppliers = async (deps: Deps, ctx: RequestContext, q: z.output<typeof SupplierListQuery>) => {
  let base = deps.db.selectFrom('suppliers').where('org_id', '=', ctx.orgId).where('archived_at', 'is', null);
  if (q.search) base = base.where(sql`lower(name)`, 'like', `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll()
    .orderBy(sql`lower(name)`)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const counts = await itemCounts(
    deps,
    ctx.orgId,
    rows.map((r) => r.id),
  );
  return {
    success: true as const,
    data: rows.map((r) => toSupplier(r, counts.get(r.id) ?? 0)),
    totalCount: total,
    pagination: pagination(q.page, q.limit, total),
  };
};

export const createSupplier = async (deps: Deps, ctx: RequestContext, body: z.output<typeof SupplierBody>) => {
  try {
    const row = await deps.db
      .insertInto('suppliers')
      .values({ id: newId(), org_id: ctx.orgId, ...fields(body), archived_at: null, created_at: deps.clock() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSupplier(row, 0);
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
};

export const updateSupplier = async (deps: Deps, ctx: RequestContext, id: string, body: z.output<typeof SupplierBody>) => {
  await ownSupplier(deps, ctx, id);
  try {
    const row = await deps.db
      .updateTable('suppliers')
      .set(fields(body))
      .where('id', '=', id)
      .where('org_id', '=', ctx.orgId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSupplier(row, (await itemCounts(deps, ctx.orgId, [id])).get(id) ?? 0);
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
};

export const deleteSupplier = async (deps: Deps, ctx: RequestContext, id: string): Promise<void> => {
  await ownSupplier(deps, ctx, id);
  await deps.db.updateTable('suppliers').set({ archived_at: deps.clock() }).where('id', '=', id).execute();
};

export const getSupplier = async (deps: Deps, ctx: RequestContext, id: string) => {
  const row = await ownSupplier(deps, ctx, id);
  const items = await deps.db
    .selectFrom('items')
    .select(['id', 'name', 'location_id'])
    .where('org_id', '=', ctx.orgId)
    .where('supplier_id', '=', id)
    .where('archived', '=', false)
    .orderBy('name')
    .execute();
  const purchases = await deps.db
    .selectFrom('movements')
    .selectAll()
    .where('org_id', '=', ctx.orgId)
    .where('supplier_id', '=', id)
    .where('kind', '=', 'received')
    .orderBy('at', 'desc')
    .limit(100)
    .execute();
  const total = await deps.db
    .selectFrom('movements')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('value_paise'), sql<number>`0`).as('v'))
    .where('org_id', '=', ctx.orgId)
    .where('supplier_id', '=', id)
    .where('kind', '=', 'received')
    .executeTakeFirstOrThrow();
  return {
    ...toSupplier(row, items.length),
    items: items.map((i) => ({ _id: i.id, name: i.name, locationId: i.location_id })),
    purchases: purchases.map((p) => ({
      item: { _id: p.item_id, name: p.item_name },
      quantity: p.quantity_change,
      unitCost: Number(p.details.unitCost ?? 0),
      total: rupees(p.value_paise),
      batchNo: (p.details.batchNo as string | null) ?? null,
      receivedAt: p.at.toISOString(),
    })),
    totalPurchased: rupees(Number(total.v)),
  };
};
