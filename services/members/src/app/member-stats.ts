import { MembershipStatus, MembershipType, PLAN_TERMS, type MemberStats } from '@akhada/contracts';
import { assertLocation, type RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { countPlanMembers, memberStatsRows, type StatsRow } from '../db/members-repo.ts';
import { todayFor, type MembersDeps } from './deps.ts';

type Block = Omit<z.infer<typeof MemberStats>, 'plan' | 'byLocation'>;

const emptyBlock = (): Block => ({
  total: 0,
  byStatus: Object.fromEntries(MembershipStatus.options.map((s) => [s, 0])) as Block['byStatus'],
  byType: Object.fromEntries(MembershipType.options.map((t) => [t, 0])) as Block['byType'],
  newThisMonth: 0,
  expiringIn7Days: 0,
  expiringIn30Days: 0,
  awaitingPlan: 0,
});

const add = (b: Block, r: StatsRow) => {
  b.total += r.n;
  b.byStatus[r.membership_status] += r.n;
  if (r.membership_status !== 'pending') b.byType[r.membership_type] += r.n;
  b.newThisMonth += r.new_this_month;
  b.expiringIn7Days += r.expiring_7;
  b.expiringIn30Days += r.expiring_30;
  if (r.membership_status === 'pending') b.awaitingPlan += r.n;
};

/** Totals by status and type, new this month, expiring in 7 and 30 days, the plan allowance, and the same per location. */
export const memberStats = async (
  deps: Pick<MembersDeps, 'db' | 'clock' | 'timeZone' | 'directory'>,
  ctx: RequestContext,
  query: { locationId?: string | undefined },
): Promise<z.infer<typeof MemberStats>> => {
  if (query.locationId) assertLocation(ctx, query.locationId);
  const locationIds = query.locationId ? [query.locationId] : ctx.locationIds;
  const today = todayFor(deps);
  const rows = locationIds.length ? await memberStatsRows(deps.db, { orgId: ctx.orgId, locationIds }, { today, monthStart: `${today.slice(0, 8)}01` }) : [];
  const total = emptyBlock();
  const perLocation = new Map<string, Block>(locationIds.map((id) => [id, emptyBlock()]));
  for (const r of rows) {
    add(total, r);
    add(perLocation.get(r.location_id)!, r);
  }
  const org = await deps.directory.organization(ctx.orgId);
  return {
    ...total,
    plan: { limit: org ? PLAN_TERMS[org.plan].members : null, used: await countPlanMembers(deps.db, ctx.orgId) },
    byLocation: [...perLocation].map(([locationId, b]) => ({ locationId, ...b })),
  };
};
