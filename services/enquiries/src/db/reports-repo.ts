import type { Executor } from '@akhada/kit';
import { DEFAULT_TIME_ZONE } from '@akhada/kit/domain';
import { sql } from 'kysely';
import type { EnquiriesDb } from './schema.ts';

export type FunnelGroup = 'source' | 'owner' | 'month';

export interface FunnelScope {
  orgId: string;
  /** null: every location of the organization (an owner's report). */
  locationIds: string[] | null;
  /** First and last day, in each lead's location calendar (YYYY-MM-DD). */
  from: string;
  to: string;
}

export interface FunnelCountRow {
  /** null on the totals line. */
  key: string | null;
  enquiries: number;
  trials: number;
  joined: number;
  /** Days from enquiry to joining (fractional), the median over the joined leads; null when none joined. */
  median_days: number | null;
}

/** The column a group is keyed by (never from the caller's words: one of three names). */
const KEY_SQL: Record<FunnelGroup, string> = {
  source: 'source',
  owner: "coalesce(owner_id::text, 'none')",
  month: 'month',
};

/**
 * The scope's leads, each with whether it reached a trial (a timeline entry at trial booked or trial done, or a trial
 * pass) and, for a lead joined now, when it last moved to joined. A lead counts in the range by the day it was captured
 * in its location's calendar; the created_at bounds a day either side let the (org, location, created_at) index serve.
 */
const leadsOfScope = (s: FunnelScope) => {
  const locations = s.locationIds === null ? sql`true` : s.locationIds.length === 0 ? sql`false` : sql`l.location_id in (${sql.join(s.locationIds)})`;
  return sql`
    select l.id, l.source, l.owner_id, l.stage, l.lost_reason, l.created_at,
      to_char(l.created_at at time zone coalesce(kl.timezone, ${DEFAULT_TIME_ZONE}), 'YYYY-MM') as month,
      (exists (select 1 from lead_timeline t where t.lead_id = l.id and t.stage in ('trial_booked', 'trial_done'))
        or exists (select 1 from lead_trial_passes p where p.lead_id = l.id)) as trial,
      case when l.stage = 'joined' then (select max(t.at) from lead_timeline t where t.lead_id = l.id and t.stage = 'joined') end as joined_at
    from leads l
    left join kit_locations kl on kl.location_id = l.location_id
    where l.org_id = ${s.orgId}
      and ${locations}
      and l.created_at >= ${s.from}::date - 1
      and l.created_at < ${s.to}::date + 2
      and (l.created_at at time zone coalesce(kl.timezone, ${DEFAULT_TIME_ZONE}))::date between ${s.from}::date and ${s.to}::date`;
};

/** The funnel's counts per group and, with key null, over the whole scope. */
export const funnelCounts = async (db: Executor<EnquiriesDb>, s: FunnelScope, by: FunnelGroup): Promise<FunnelCountRow[]> => {
  const key = sql.raw(KEY_SQL[by]);
  const { rows } = await sql<{ key: string | null; total: number; enquiries: string; trials: string; joined: string; median_days: number | null }>`
    with scoped as (${leadsOfScope(s)})
    select ${key} as key, grouping(${key}) as total,
      count(*) as enquiries,
      count(*) filter (where trial) as trials,
      count(joined_at) as joined,
      percentile_cont(0.5) within group (order by extract(epoch from joined_at - created_at) / 86400) filter (where joined_at is not null) as median_days
    from scoped
    group by grouping sets ((${key}), ())`.execute(db);
  return rows.map((r) => ({
    key: Number(r.total) === 1 ? null : r.key,
    enquiries: Number(r.enquiries),
    trials: Number(r.trials),
    joined: Number(r.joined),
    median_days: r.median_days === null ? null : Number(r.median_days),
  }));
};

/** The scope's leads lost now, by reason, most first. */
export const lostReasonCounts = async (db: Executor<EnquiriesDb>, s: FunnelScope): Promise<{ reason: string; count: number }[]> => {
  const { rows } = await sql<{ reason: string; count: string }>`
    with scoped as (${leadsOfScope(s)})
    select lost_reason as reason, count(*) as count from scoped
    where stage = 'lost' and lost_reason is not null
    group by lost_reason
    order by count(*) desc, lost_reason`.execute(db);
  return rows.map((r) => ({ reason: r.reason, count: Number(r.count) }));
};
