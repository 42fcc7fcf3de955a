import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { DashboardDb } from './schema.ts';

/** A location in scope with its time zone ("today" and "this month" are local to it). */
export interface ScopedLocation {
  locationId: string;
  name: string;
  timeZone: string;
}

export interface LocationFigures {
  checkInsToday: number;
  checkInsYesterday: number;
  activeMembers: number;
  activeMembersMonthAgo: number;
  trainers: number;
  trainersMonthAgo: number;
  revenueMonth: number;
  revenuePrevMonth: number;
  pendingCount: number;
  pendingAmount: number;
  pendingCountMonthAgo: number;
}

/** The slow-moving part: people active a month ago (their latest status then). */
export type PreviousFigures = Pick<LocationFigures, 'activeMembersMonthAgo' | 'trainersMonthAgo'>;
export const previousOf = (m: Map<string, LocationFigures>): Map<string, PreviousFigures> =>
  new Map([...m].map(([id, f]) => [id, { activeMembersMonthAgo: f.activeMembersMonthAgo, trainersMonthAgo: f.trainersMonthAgo }]));

export const emptyFigures = (): LocationFigures => ({
  checkInsToday: 0,
  checkInsYesterday: 0,
  activeMembers: 0,
  activeMembersMonthAgo: 0,
  trainers: 0,
  trainersMonthAgo: 0,
  revenueMonth: 0,
  revenuePrevMonth: 0,
  pendingCount: 0,
  pendingAmount: 0,
  pendingCountMonthAgo: 0,
});

/** `(location_id, tz)` rows for a CTE. */
const locs = (locations: ScopedLocation[]): RawBuilder<unknown> =>
  sql`(values ${sql.join(locations.map((l) => sql`(${l.locationId}::uuid, ${l.timeZone}::text)`))}) as l(location_id, tz)`;

export const locationsWithZones = async (db: Executor<DashboardDb>, orgId: string, ids: string[], defaultZone: string): Promise<ScopedLocation[]> => {
  const rows = ids.length
    ? await db.selectFrom('kit_locations').select(['location_id', 'name', 'timezone']).where('org_id', '=', orgId).where('location_id', 'in', ids).execute()
    : [];
  const byId = new Map(rows.map((r) => [r.location_id, r]));
  return ids.map((id) => ({ locationId: id, name: byId.get(id)?.name ?? '', timeZone: byId.get(id)?.timezone ?? defaultZone }));
};

type Row = Record<string, string | number | null> & { location_id: string };
const num = (v: string | number | null | undefined): number => Number(v ?? 0);

/**
 * Every card's figure per location, now and for the previous comparable period, in four queries:
 * check-ins today (local day) against yesterday up to the same time; members and trainers active now (their current
 * status) against one month ago (the latest status each had then); payments completed this month to date against last
 * month to the same day; pending payments now (count, amount) against one month ago.
 */
export const figuresByLocation = async (
  db: Executor<DashboardDb>,
  orgId: string,
  locations: ScopedLocation[],
  now: Date,
  withPayments: boolean,
  /** The figures of a month ago, when the caller has them already (they move slowly; see overview.ts). */
  previous?: Map<string, PreviousFigures>,
): Promise<Map<string, LocationFigures>> => {
  const out = new Map(locations.map((l) => [l.locationId, emptyFigures()]));
  if (locations.length === 0) return out;
  const ids = locations.map((l) => l.locationId);
  const monthAgo = sql`(${now}::timestamptz - interval '1 month')`;
  const dayStart = sql`(date_trunc('day', ${now}::timestamptz at time zone l.tz) at time zone l.tz)`;
  const checkIns = sql<Row>`select l.location_id,
      count(*) filter (where c.at >= ${dayStart} and c.at < ${dayStart} + interval '1 day') as today,
      count(*) filter (where c.at < ${dayStart} and c.at <= ${now}::timestamptz - interval '1 day') as yesterday
    from ${locs(locations)} join check_ins c on c.org_id = ${orgId} and c.location_id = l.location_id
      and c.at >= ${dayStart} - interval '1 day' and c.at < ${dayStart} + interval '1 day'
    group by l.location_id`.execute(db);
  const people = sql<Row>`select location_id,
      count(*) filter (where kind = 'member' and status = 'active') as members,
      count(*) filter (where kind = 'trainer' and status = 'active') as trainers
    from people where org_id = ${orgId} and location_id in (${sql.join(ids)}) and status = 'active'
    group by location_id`.execute(db);
  const before = previous
    ? Promise.resolve({ rows: [] as Row[] })
    : sql<Row>`select location_id,
      count(*) filter (where kind = 'member') as members,
      count(*) filter (where kind = 'trainer') as trainers
    from (select distinct on (kind, person_id) kind, person_id, location_id, status from status_changes
          where org_id = ${orgId} and location_id in (${sql.join(ids)}) and at <= ${monthAgo}
          order by kind, person_id, at desc, event_id desc) s
    where status = 'active' group by location_id`.execute(db);
  const monthStart = sql`(date_trunc('month', ${now}::timestamptz at time zone l.tz) at time zone l.tz)`;
  const prevMonthStart = sql`(date_trunc('month', (${now}::timestamptz at time zone l.tz) - interval '1 month') at time zone l.tz)`;
  const payments = withPayments
    ? sql<Row>`select l.location_id,
        coalesce(sum(p.amount_paise - p.refunded_paise) filter (where p.paid_at >= ${monthStart} and p.paid_at <= ${now}), 0) as revenue,
        coalesce(sum(p.amount_paise - p.refunded_paise) filter (where p.paid_at >= ${prevMonthStart} and p.paid_at <= ${monthAgo}), 0) as revenue_prev,
        count(*) filter (where p.status = 'pending') as pending,
        coalesce(sum(p.amount_paise) filter (where p.status = 'pending'), 0) as pending_amount,
        count(*) filter (where p.created_at <= ${monthAgo} and (p.settled_at is null or p.settled_at > ${monthAgo})) as pending_before
      from ${locs(locations)} join payments p on p.org_id = ${orgId} and p.location_id = l.location_id and p.category in ('member', 'other')
      group by l.location_id`.execute(db)
    : Promise.resolve({ rows: [] as Row[] });
  const [c, p, b, pay] = await Promise.all([checkIns, people, before, payments]);
  if (previous) for (const [id, f] of previous) if (out.has(id)) Object.assign(out.get(id)!, f);
  for (const r of c.rows) Object.assign(out.get(r.location_id)!, { checkInsToday: num(r.today), checkInsYesterday: num(r.yesterday) });
  for (const r of p.rows) Object.assign(out.get(r.location_id)!, { activeMembers: num(r.members), trainers: num(r.trainers) });
  for (const r of b.rows) Object.assign(out.get(r.location_id)!, { activeMembersMonthAgo: num(r.members), trainersMonthAgo: num(r.trainers) });
  for (const r of pay.rows)
    Object.assign(out.get(r.location_id)!, {
      revenueMonth: num(r.revenue),
      revenuePrevMonth: num(r.revenue_prev),
      pendingCount: num(r.pending),
      pendingAmount: num(r.pending_amount),
      pendingCountMonthAgo: num(r.pending_before),
    });
  return out;
};

export const recentActivity = async (db: Executor<DashboardDb>, orgId: string, locationIds: string[]) => {
  const of = (kind: 'payment' | 'member' | 'check_in', n: number) =>
    db
      .selectFrom('activity')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .where('location_id', 'in', locationIds)
      .orderBy('at', 'desc')
      .orderBy('event_id', 'desc')
      .limit(n)
      .execute();
  const [payments, members, checkIns] = await Promise.all([of('payment', 5), of('member', 3), of('check_in', 3)]);
  return [...payments, ...members, ...checkIns].sort((a, b) => b.at.getTime() - a.at.getTime() || (a.event_id < b.event_id ? 1 : -1)).slice(0, 8);
};
