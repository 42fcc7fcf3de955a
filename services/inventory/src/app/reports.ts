import type { InventoryAnalyticsQuery, InventoryItem } from '@akhada/contracts';
import { type RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import type { ItemsTable } from '../db/schema.ts';
import { costPricePaise, daysBetween, fefo, isLowStock, nextServiceDue, quantityOf } from '../domain/item/decider.ts';
import { toItem } from '../views/item-view.ts';
import { dateIn, DEFAULT_TIME_ZONE, rupees, todayAt, type InventoryDeps } from './deps.ts';
import { locationsFor, toMovement } from './items.ts';

type Deps = Pick<InventoryDeps, 'db' | 'clock' | 'directory'>;

/** The live (not archived, not disposed) items of the caller's locations, with each location's today. */
const liveItems = async (deps: Deps, ctx: RequestContext, locationId?: string): Promise<{ row: ItemsTable; today: string }[]> => {
  const locations = locationsFor(ctx, locationId);
  if (locations.length === 0) return [];
  const rows = await deps.db
    .selectFrom('items')
    .selectAll()
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', locations)
    .where('archived', '=', false)
    .where('status', '!=', 'disposed')
    .orderBy('name')
    .execute();
  const today = new Map<string, string>();
  for (const l of new Set(rows.map((r) => r.location_id))) today.set(l, await todayAt(deps, l));
  return rows.map((row) => ({ row, today: today.get(row.location_id)! }));
};

export const lowStockItems = async (deps: Deps, ctx: RequestContext, locationId?: string): Promise<InventoryItem[]> =>
  (await liveItems(deps, ctx, locationId))
    .filter(({ row }) => isLowStock(row.state))
    .sort((a, b) => quantityOf(a.row.state) - quantityOf(b.row.state) || a.row.name.localeCompare(b.row.name))
    .map(({ row, today }) => toItem(row, today));

export const expiringBatches = async (deps: Deps, ctx: RequestContext, days: number, locationId?: string) => {
  const out = [];
  for (const { row, today } of await liveItems(deps, ctx, locationId))
    for (const b of fefo(row.state.batches)) {
      if (!b.expiryDate || b.quantity === 0) continue;
      const daysLeft = daysBetween(today, b.expiryDate);
      if (daysLeft > days) continue;
      const item = toItem(row, today);
      out.push({ item: { _id: item._id, name: item.name, locationId: item.locationId }, batch: item.batches.find((x) => x._id === b.id)!, daysLeft });
    }
  return out.sort((a, b) => a.daysLeft - b.daysLeft);
};

export const maintenanceDueItems = async (deps: Deps, ctx: RequestContext, locationId?: string) => {
  const out = [];
  for (const { row, today } of await liveItems(deps, ctx, locationId)) {
    const due = nextServiceDue(row.state.details.equipment);
    if (!due || due > today) continue;
    out.push({
      item: { _id: row.id, name: row.name, locationId: row.location_id, status: row.state.status, condition: row.state.condition },
      dueDate: due,
      daysOverdue: daysBetween(due, today),
    });
  }
  return out.sort((a, b) => b.daysOverdue - a.daysOverdue);
};

const CATEGORIES = ['equipment', 'supplement', 'accessory', 'consumable'] as const;

export const inventoryDashboard = async (deps: Deps, ctx: RequestContext, locationId?: string) => {
  const items = await liveItems(deps, ctx, locationId);
  const locations = locationsFor(ctx, locationId);
  let valueAtCost = 0;
  let low = 0;
  let out = 0;
  let expiring = 0;
  let due = 0;
  let equipment = 0;
  let working = 0;
  const byCategory = new Map(CATEGORIES.map((c) => [c, { category: c, items: 0, quantity: 0, valueAtCost: 0 }]));
  for (const { row, today } of items) {
    const s = row.state;
    const q = quantityOf(s);
    const value = q * (costPricePaise(s) ?? 0);
    valueAtCost += value;
    if (isLowStock(s)) low++;
    if (q === 0 && s.details.category !== 'equipment') out++;
    expiring += s.batches.filter((b) => b.expiryDate && b.quantity > 0 && daysBetween(today, b.expiryDate) <= 30).length;
    const next = nextServiceDue(s.details.equipment);
    if (next && next <= today) due++;
    if (s.details.category === 'equipment') {
      equipment++;
      if (s.status !== 'maintenance' && s.status !== 'out_of_service' && s.condition !== 'needs_repair') working++;
    }
    const c = byCategory.get(s.details.category)!;
    c.items++;
    c.quantity += q;
    c.valueAtCost += value;
  }
  const zone = (await deps.directory.location(locations[0] ?? '').catch(() => null))?.timezone ?? DEFAULT_TIME_ZONE;
  const today = dateIn(zone, deps.clock());
  const sales =
    locations.length === 0
      ? []
      : await deps.db
          .selectFrom('sales')
          .select(['total_paise', 'created_at'])
          .where('org_id', '=', ctx.orgId)
          .where('location_id', 'in', locations)
          .where('status', '=', 'completed')
          .where('created_at', '>=', new Date(deps.clock().getTime() - 2 * 86_400_000))
          .execute();
  const todays = sales.filter((s) => dateIn(zone, s.created_at) === today);
  const recent =
    locations.length === 0
      ? []
      : await deps.db
          .selectFrom('movements')
          .selectAll()
          .where('org_id', '=', ctx.orgId)
          .where('location_id', 'in', locations)
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(10)
          .execute();
  return {
    totalItems: items.length,
    stockValueAtCost: rupees(valueAtCost),
    lowStockCount: low,
    outOfStockCount: out,
    expiringCount: expiring,
    maintenanceDueCount: due,
    equipmentStatusPercent: equipment === 0 ? null : Math.round((working * 1000) / equipment) / 10,
    byCategory: [...byCategory.values()].map((c) => ({ ...c, valueAtCost: rupees(c.valueAtCost) })),
    salesToday: { count: todays.length, total: rupees(todays.reduce((n, s) => n + s.total_paise, 0)) },
    recentMovements: recent.map((m) => ({ ...toMovement(m), item: { _id: m.item_id, name: m.item_name } })),
  };
};

const PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 } as const;

export const inventoryAnalytics = async (deps: Deps, ctx: RequestContext, q: z.output<typeof InventoryAnalyticsQuery>) => {
  const locations = locationsFor(ctx, q.locationId);
  const zone = (await deps.directory.location(locations[0] ?? '').catch(() => null))?.timezone ?? DEFAULT_TIME_ZONE;
  const now = deps.clock();
  const to = dateIn(zone, now);
  const monthly = q.period === '12m';
  const fromDate = new Date(Date.parse(`${to}T00:00:00Z`) - (PERIOD_DAYS[q.period] - 1) * 86_400_000);
  const from = monthly
    ? `${dateIn('UTC', new Date(Date.UTC(fromDate.getUTCFullYear(), fromDate.getUTCMonth() + 1, 1))).slice(0, 7)}-01`
    : fromDate.toISOString().slice(0, 10);
  const since = new Date(Date.parse(`${from}T00:00:00Z`) - 14 * 3_600_000);
  const items = await liveItems(deps, ctx, q.locationId);
  let atCost = 0;
  let atSale = 0;
  for (const { row } of items) {
    const qn = quantityOf(row.state);
    atCost += qn * (costPricePaise(row.state) ?? 0);
    atSale += qn * (row.state.details.sellingPricePaise ?? 0);
  }
  const sales =
    locations.length === 0
      ? []
      : await deps.db
          .selectFrom('sales')
          .select(['lines', 'created_at'])
          .where('org_id', '=', ctx.orgId)
          .where('location_id', 'in', locations)
          .where('status', '=', 'completed')
          .where('created_at', '>=', since)
          .execute();
  const byItem = new Map<string, { itemId: string; name: string; category: (typeof CATEGORIES)[number]; quantity: number; revenue: number }>();
  const byCategory = new Map(CATEGORIES.map((c) => [c, { category: c, quantity: 0, revenue: 0 }]));
  const overTime = new Map<string, { date: string; quantity: number; revenue: number }>();
  for (const s of sales) {
    const day = dateIn(zone, s.created_at);
    if (day < from || day > to) continue;
    const bucket = monthly ? `${day.slice(0, 7)}-01` : day;
    const t = overTime.get(bucket) ?? { date: bucket, quantity: 0, revenue: 0 };
    for (const l of s.lines) {
      const category = (CATEGORIES as readonly string[]).includes(l.category) ? (l.category as (typeof CATEGORIES)[number]) : 'accessory';
      const i = byItem.get(l.itemId) ?? { itemId: l.itemId, name: l.name, category, quantity: 0, revenue: 0 };
      i.quantity += l.quantity;
      i.revenue += l.taxablePaise;
      byItem.set(l.itemId, i);
      const c = byCategory.get(category)!;
      c.quantity += l.quantity;
      c.revenue += l.taxablePaise;
      t.quantity += l.quantity;
      t.revenue += l.taxablePaise;
    }
    overTime.set(bucket, t);
  }
  // Every day (or month) of the period, zero when nothing was sold.
  const series = [];
  for (let d = from; d <= to;) {
    series.push(overTime.get(d) ?? { date: d, quantity: 0, revenue: 0 });
    const next = new Date(Date.parse(`${d}T00:00:00Z`));
    if (monthly) next.setUTCMonth(next.getUTCMonth() + 1);
    else next.setUTCDate(next.getUTCDate() + 1);
    d = next.toISOString().slice(0, 10);
  }
  const money = <T extends { revenue: number }>(x: T): T => ({ ...x, revenue: rupees(x.revenue) });
  const itemSales = [...byItem.values()].sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
  const slow = items
    .filter(({ row }) => row.state.details.isForSale && quantityOf(row.state) > 0)
    .map(({ row }) => byItem.get(row.id) ?? { itemId: row.id, name: row.name, category: row.state.details.category, quantity: 0, revenue: 0 })
    .sort((a, b) => a.quantity - b.quantity || a.name.localeCompare(b.name))
    .slice(0, 10);
  const wastage =
    locations.length === 0
      ? []
      : await deps.db
          .selectFrom('movements')
          .select(['details', 'quantity_change', 'value_paise'])
          .where('org_id', '=', ctx.orgId)
          .where('location_id', 'in', locations)
          .where('kind', '=', 'written_off')
          .where('at', '>=', since)
          .execute();
  const reasons = new Map<string, { reason: 'expired' | 'damaged' | 'lost' | 'other'; quantity: number; valueAtCost: number }>();
  for (const w of wastage) {
    const reason = (['expired', 'damaged', 'lost', 'other'] as const).find((r) => r === w.details.reason) ?? 'other';
    const r = reasons.get(reason) ?? { reason, quantity: 0, valueAtCost: 0 };
    r.quantity += -w.quantity_change;
    r.valueAtCost += w.value_paise;
    reasons.set(reason, r);
  }
  const byReason = [...reasons.values()];
  return {
    period: { from, to },
    stockValue: { atCost: rupees(atCost), atSalePrice: rupees(atSale) },
    salesByItem: itemSales.map(money),
    salesByCategory: [...byCategory.values()].map(money),
    salesOverTime: series.map(money),
    fastMovers: itemSales.slice(0, 10).map(money),
    slowMovers: slow.map(money),
    wastage: {
      quantity: byReason.reduce((n, r) => n + r.quantity, 0),
      valueAtCost: rupees(byReason.reduce((n, r) => n + r.valueAtCost, 0)),
      byReason: byReason.map((r) => ({ ...r, valueAtCost: rupees(r.valueAtCost) })),
    },
  };
};
