import type { PosSaleExportQuery, PosSaleListQuery } from '@akhada/contracts';
import { AppError, exportFile, keysetPages, type ExportColumn, type RequestContext } from '@akhada/kit';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { InventoryDb, SalesTable } from '../db/schema.ts';
import { DEFAULT_TIME_ZONE, rupees, type InventoryDeps } from './deps.ts';
import { pagination } from './items.ts';
import { toSale } from './sales.ts';

type Deps = Pick<InventoryDeps, 'db'>;
type Filters = Omit<z.output<typeof PosSaleListQuery>, 'page' | 'limit'>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The caller's locations, or the one asked for. A list filter on a location that is not the caller's (another gym's
 * included: the answer is the same) is refused with 403, as the other list screens do.
 */
const locationsOf = (ctx: RequestContext, locationId: string | undefined): string[] => {
  if (!locationId) return ctx.locationIds;
  if (!ctx.locationIds.includes(locationId)) throw new AppError(403, 'LOCATION_NOT_ALLOWED', 'You do not have access to this location');
  return [locationId];
};

/**
 * The sales the filters match, scoped to the organization and the caller's locations. A day is the sale's location's
 * calendar day (its time zone from the directory's kit_locations; India when unknown).
 */
const matching = (db: Kysely<InventoryDb>, ctx: RequestContext, locations: string[], f: Filters) => {
  let q = db.selectFrom('sales').where('sales.org_id', '=', ctx.orgId).where('sales.location_id', 'in', locations);
  const from = f.from ?? f.date;
  const to = f.to ?? f.date;
  if (from || to) {
    const localDay = sql<string>`(sales.created_at at time zone coalesce((select l.timezone from kit_locations l where l.location_id = sales.location_id), ${DEFAULT_TIME_ZONE}))::date`;
    if (from) q = q.where(localDay, '>=', sql<string>`${from}::date`);
    if (to) q = q.where(localDay, '<=', sql<string>`${to}::date`);
  }
  if (f.status) q = q.where('sales.status', '=', f.status);
  if (f.paymentMethod) q = q.where('sales.payment_method', '=', f.paymentMethod);
  if (f.buyerKind) q = q.where(sql<string>`sales.buyer->>'kind'`, '=', f.buyerKind);
  if (f.search) {
    const like = `%${escapeLike(f.search.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(coalesce(sales.buyer->>'name', ''))`, 'like', like),
        eb(sql<string>`coalesce(sales.buyer->>'phone', '')`, 'like', like),
        eb(sql<string>`lower(coalesce(sales.invoice->>'number', ''))`, 'like', like),
      ]),
    );
  }
  return q;
};

const EMPTY_SUMMARY = { count: 0, completed: { count: 0, taxable: 0, gst: 0, total: 0 } };

/** GET /pos/sales: one page, newest first, and the totals of everything the filters match (money: completed sales). */
export const listSales = async (deps: Deps, ctx: RequestContext, q: z.output<typeof PosSaleListQuery>) => {
  const locations = locationsOf(ctx, q.locationId);
  if (locations.length === 0) return { success: true as const, data: [], totalCount: 0, pagination: pagination(q.page, q.limit, 0), summary: EMPTY_SUMMARY };
  const base = matching(deps.db, ctx, locations, q);
  const s = await base
    .select([
      sql<string>`count(*)`.as('n'),
      sql<string>`count(*) filter (where sales.status = 'completed')`.as('done'),
      sql<string>`coalesce(sum(sales.taxable_paise) filter (where sales.status = 'completed'), 0)`.as('taxable'),
      sql<string>`coalesce(sum(sales.gst_paise) filter (where sales.status = 'completed'), 0)`.as('gst'),
      sql<string>`coalesce(sum(sales.total_paise) filter (where sales.status = 'completed'), 0)`.as('total'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(s.n);
  const rows = await base
    .selectAll('sales')
    .orderBy('sales.created_at', 'desc')
    .orderBy('sales.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return {
    success: true as const,
    data: rows.map(toSale),
    totalCount: total,
    pagination: pagination(q.page, q.limit, total),
    summary: {
      count: total,
      completed: { count: Number(s.done), taxable: rupees(Number(s.taxable)), gst: rupees(Number(s.gst)), total: rupees(Number(s.total)) },
    },
  };
};

const PAGE = 500;

const buyerLabel = (r: SalesTable) => r.buyer.name ?? (r.buyer.kind === 'walk_in' ? 'Walk-in' : null);

export const SALE_COLUMNS: ExportColumn<SalesTable>[] = [
  { header: 'saleId', value: (r) => r.id },
  { header: 'date', value: (r) => new Date(r.created_at).toISOString() },
  { header: 'locationId', value: (r) => r.location_id },
  { header: 'status', value: (r) => r.status },
  { header: 'buyerKind', value: (r) => r.buyer.kind },
  { header: 'buyerName', value: buyerLabel },
  { header: 'buyerPhone', value: (r) => r.buyer.phone },
  { header: 'items', value: (r) => r.lines.map((l) => `${l.quantity} × ${l.name}`).join('; ') },
  { header: 'paymentMethod', value: (r) => r.payment_method },
  { header: 'taxable', value: (r) => rupees(r.taxable_paise) },
  { header: 'discount', value: (r) => rupees(r.discount_paise) },
  { header: 'gst', value: (r) => rupees(r.gst_paise) },
  { header: 'total', value: (r) => rupees(r.total_paise) },
  { header: 'invoiceNumber', value: (r) => r.invoice?.number ?? null },
  { header: 'soldBy', value: (r) => r.sold_by_name },
  { header: 'completedAt', value: (r) => (r.completed_at ? new Date(r.completed_at).toISOString() : null) },
];

/** GET /pos/sales/export: the filtered sales as a streamed CSV, read a page at a time (newest first, by keyset). */
export const exportSales = (deps: Deps, ctx: RequestContext, q: z.output<typeof PosSaleExportQuery>) => {
  const locations = locationsOf(ctx, q.locationId);
  const rows = keysetPages<SalesTable>(async (after) => {
    if (locations.length === 0) return [];
    let page = matching(deps.db, ctx, locations, q);
    if (after)
      page = page.where((eb) =>
        eb.or([eb('sales.created_at', '<', after.created_at), eb.and([eb('sales.created_at', '=', after.created_at), eb('sales.id', '<', after.id)])]),
      );
    return (await page.selectAll('sales').orderBy('sales.created_at', 'desc').orderBy('sales.id', 'desc').limit(PAGE).execute()) as SalesTable[];
  }, PAGE);
  const from = q.from ?? q.date;
  const to = q.to ?? q.date;
  const name = ['sales', from, to].filter(Boolean).join('-');
  return exportFile(rows, SALE_COLUMNS, 'csv', name);
};
