import type { DashboardCards, DashboardFigure, DashboardOverview } from '@akhada/contracts';
import { dateIn, type RequestContext } from '@akhada/kit';
import {
  emptyFigures,
  figuresByLocation,
  locationsWithZones,
  previousOf,
  recentActivity,
  type LocationFigures,
  type PreviousFigures,
} from '../db/figures-repo.ts';
import { inventoryFigures } from '../db/inventory-repo.ts';
import { orgVersion } from '../db/read-model-repo.ts';
import { toActivity } from '../views/activity-view.ts';
import { locationsFor, orNone } from './access.ts';
import type { DashboardDeps } from './deps.ts';

/** The change of a figure against its previous period, in percent with one decimal; null without a base. */
export const changePercent = (value: number | null, previous: number | null): number | null =>
  value === null || previous === null || previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10;

const figure = (value: number | null, previous: number | null): DashboardFigure => ({ value, previous, changePercent: changePercent(value, previous) });

const add = (a: LocationFigures, b: LocationFigures): LocationFigures =>
  Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v + b[k as keyof LocationFigures]])) as unknown as LocationFigures;

export const cardsOf = (f: LocationFigures, withPayments: boolean): DashboardCards => ({
  todaysCheckIns: figure(f.checkInsToday, f.checkInsYesterday),
  activeMembers: figure(f.activeMembers, f.activeMembersMonthAgo),
  monthlyRevenue: withPayments ? figure(f.revenueMonth, f.revenuePrevMonth) : figure(null, null),
  pendingPayments: withPayments
    ? { ...figure(f.pendingCount, f.pendingCountMonthAgo), amountPaise: f.pendingAmount }
    : { ...figure(null, null), amountPaise: null },
  totalTrainers: figure(f.trainers, f.trainersMonthAgo),
  // Filled from inventory's item states by the overview (none for an organization without inventory).
  lowStockItems: figure(null, null),
});

/**
 * A computed overview is kept per organization and scope while the organization's read-model version is unchanged
 * (every consumer transaction that moves a figure bumps it) and for at most a minute (the day turns). One indexed read
 * per request then answers the dashboard while nothing happens.
 */
const CACHE_MS = 60_000;
export type OverviewCache = Map<string, { version: string; at: number; value: DashboardOverview; previous: Map<string, PreviousFigures>; previousAt: number }>;
/**
 * Who was active a month ago is the costly figure (the latest status of every person then) and the slowest to move:
 * only events older than a month change it. It is kept for PREVIOUS_MS even when newer events change the rest.
 */
const PREVIOUS_MS = 5 * 60_000;

/** GET /dashboard/overview: the whole screen in one answer. */
export const overview = async (
  deps: Pick<DashboardDeps, 'db' | 'clock' | 'timeZone' | 'paymentsLive'>,
  ctx: RequestContext,
  q: { locationId?: string | undefined },
  cache: OverviewCache = new Map(),
): Promise<DashboardOverview> => {
  const ids = locationsFor(ctx, q.locationId);
  const now = deps.clock();
  const key = `${ctx.orgId}|${ctx.role === 'owner' ? 'o' : 's'}|${q.locationId ?? '*'}|${ids.join(',')}`;
  const version = await orgVersion(deps.db, ctx.orgId);
  const hit = cache.get(key);
  if (hit && hit.version === version && Math.abs(now.getTime() - hit.at) < CACHE_MS) return hit.value;

  const locations = await locationsWithZones(deps.db, ctx.orgId, ids, deps.timeZone);
  const previous = hit && Math.abs(now.getTime() - hit.previousAt) < PREVIOUS_MS ? hit.previous : undefined;
  const [byLocation, activity, inventory] = await Promise.all([
    figuresByLocation(deps.db, ctx.orgId, locations, now, deps.paymentsLive, previous),
    recentActivity(deps.db, ctx.orgId, orNone(ids)),
    inventoryFigures(deps.db, ctx.orgId, orNone(ids)),
  ]);
  const total = [...byLocation.values()].reduce(add, emptyFigures());
  // Low stock from inventory's item states: a number once the organization has inventory, else none.
  const withInventory = (c: DashboardCards, locationId?: string): DashboardCards =>
    inventory.live ? { ...c, lowStockItems: figure(inventory.lowStock(locationId), null) } : c;
  const cards = withInventory(cardsOf(total, deps.paymentsLive));
  const value: DashboardOverview = {
    generatedAt: now.toISOString(),
    locationId: q.locationId ?? null,
    date: dateIn(locations[0]?.timeZone ?? deps.timeZone, now),
    cards,
    counters: { notifications: null, todaysCheckIns: total.checkInsToday },
    quickActions: {
      addMember: null,
      qrScanner: null,
      processPayment: deps.paymentsLive ? total.pendingCount : null,
      manageInventory: inventory.live ? inventory.lowStock() : null,
      viewNotifications: null,
      chatSupport: null,
    },
    equipmentStatus: inventory.equipmentStatus,
    recentActivity: activity.map(toActivity),
    locations:
      ctx.role === 'owner'
        ? locations.map((l) => ({
            locationId: l.locationId,
            name: l.name,
            cards: withInventory(cardsOf(byLocation.get(l.locationId) ?? emptyFigures(), deps.paymentsLive), l.locationId),
          }))
        : null,
  };
  if (cache.size > 10_000) cache.clear();
  cache.set(key, {
    version,
    at: now.getTime(),
    value,
    previous: previous ?? previousOf(byLocation),
    previousAt: previous && hit ? hit.previousAt : now.getTime(),
  });
  return value;
};
