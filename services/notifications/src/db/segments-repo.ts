import type { CampaignChannel, LeadSegment, MemberSegment, MessagePurpose, Segment, SegmentCount } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import { DEFAULT_TIME_ZONE } from '@akhada/kit/domain';
import { sql, type RawBuilder } from 'kysely';
import { AGE_BANDS } from '../domain/campaigns.ts';
import type { NotificationsDb } from './schema.ts';

/** Whose people a segment may reach: the organization, and its locations (null: every one, and members without one). */
export interface SegmentScope {
  orgId: string;
  locationIds: readonly string[] | null;
}

/** One person of a segment, with what a template may say of them and what decides whether they can be reached. */
export interface SegmentPerson {
  person_id: string;
  person_kind: 'member' | 'lead';
  name: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
  location_id: string | null;
  location_name: string | null;
  language: 'en' | 'hi';
  plan_name: string | null;
  end_date: string | null;
  joined_on: string | null;
  /** Today in the person's location (YYYY-MM-DD). */
  today: string;
  marketing_consent: boolean | null;
  messaging_consent: boolean | null;
}

const and = (parts: RawBuilder<unknown>[]): RawBuilder<boolean> => (parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`true`);
const or = (parts: RawBuilder<unknown>[]): RawBuilder<boolean> => (parts.length ? sql<boolean>`(${sql.join(parts, sql` or `)})` : sql<boolean>`false`);
const textArray = (values: readonly string[]) => sql`${sql.val(values)}::text[]`;
const uuidArray = (values: readonly string[]) => sql`${sql.val(values)}::uuid[]`;

/**
 * The WHERE of a member segment over `member_copies m`, with `t.today` the member's location's date: every criterion
 * given narrows it; a list matches any of its values. Archived members are never in a segment.
 */
export const memberConditions = (s: MemberSegment, now: Date): RawBuilder<boolean> => {
  const c: RawBuilder<unknown>[] = [sql`m.status <> 'archived'`];
  if (s.locationIds.length) c.push(sql`m.location_id = any(${uuidArray(s.locationIds)})`);
  if (s.statuses.length) c.push(sql`m.status = any(${textArray(s.statuses)})`);
  if (s.planIds.length) c.push(sql`m.plan_id = any(${textArray(s.planIds)})`);
  if (s.expiringWithinDays !== undefined) c.push(sql`m.end_date between t.today and t.today + ${s.expiringWithinDays}::int`);
  if (s.expiredWithinDays !== undefined) c.push(sql`m.end_date between t.today - ${s.expiredWithinDays}::int and t.today - 1`);
  if (s.noVisitInDays !== undefined)
    c.push(sql`(m.last_visit_at is null or m.last_visit_at < ${now}::timestamptz - make_interval(days => ${s.noVisitInDays}::int))`);
  if (s.birthdayThisWeek)
    // Monday to Sunday of the member's location's week; a 29 February birthday falls only in a leap year's week.
    c.push(
      sql`exists (select 1 from generate_series(0, 6) d where to_char(t.today - (extract(isodow from t.today)::int - 1) + d, 'MM-DD') = to_char(m.date_of_birth, 'MM-DD'))`,
    );
  if (s.genders.length) c.push(sql`m.gender = any(${textArray(s.genders)})`);
  if (s.ageBands.length)
    c.push(
      sql`m.date_of_birth is not null and ${or(
        s.ageBands.map((b) => {
          const { min, max } = AGE_BANDS[b];
          const age = sql`date_part('year', age(t.today, m.date_of_birth))`;
          return max === null ? sql`${age} >= ${min}` : sql`${age} between ${min} and ${max}`;
        }),
      )}`,
    );
  return and(c);
};

/** The WHERE of a lead segment over `lead_copies lc`. */
export const leadConditions = (s: LeadSegment): RawBuilder<boolean> => {
  const c: RawBuilder<unknown>[] = [];
  if (s.locationIds.length) c.push(sql`lc.location_id = any(${uuidArray(s.locationIds)})`);
  if (s.stages.length) c.push(sql`lc.stage = any(${textArray(s.stages)})`);
  if (s.sources.length) c.push(sql`lc.source = any(${textArray(s.sources)})`);
  return and(c);
};

/**
 * The people of a segment in the scope, each with their marketing consent for the channel and (members) their
 * messaging consent: a query over member_copies or lead_copies.
 */
export const segmentQuery = (segment: Segment, scope: SegmentScope, channel: CampaignChannel, now: Date): RawBuilder<SegmentPerson> => {
  const consent = (id: RawBuilder<unknown>) =>
    sql`(select mc.granted from marketing_consent mc where mc.org_id = ${scope.orgId}::uuid and mc.person_id = ${id} and mc.channel = ${channel})`;
  if (segment.audience === 'members') {
    const where = and([
      sql`m.org_id = ${scope.orgId}::uuid`,
      scope.locationIds ? sql`m.location_id = any(${uuidArray(scope.locationIds)})` : sql`true`,
      memberConditions(segment, now),
    ]);
    return sql<SegmentPerson>`select m.member_id as person_id, 'member' as person_kind,
        trim(m.first_name || ' ' || m.last_name) as name, m.first_name, m.last_name, m.phone, m.email,
        m.location_id, l.name as location_name, coalesce(np.language, 'en') as language,
        m.plan_name, m.end_date::text as end_date, m.joined_on::text as joined_on, t.today::text as today,
        ${consent(sql`m.member_id`)} as marketing_consent, mcs.granted as messaging_consent
      from member_copies m
      left join kit_locations l on l.location_id = m.location_id
      left join notification_preferences np on np.user_id = m.member_id
      left join messaging_consent mcs on mcs.user_id = m.member_id and mcs.org_id = m.org_id
      cross join lateral (select (${now}::timestamptz at time zone coalesce(l.timezone, ${DEFAULT_TIME_ZONE}))::date as today) t
      where ${where}`;
  }
  const where = and([
    sql`lc.org_id = ${scope.orgId}::uuid`,
    scope.locationIds ? sql`lc.location_id = any(${uuidArray(scope.locationIds)})` : sql`true`,
    leadConditions(segment),
  ]);
  return sql<SegmentPerson>`select lc.lead_id as person_id, 'lead' as person_kind, lc.name,
      split_part(lc.name, ' ', 1) as first_name, trim(substr(lc.name, length(split_part(lc.name, ' ', 1)) + 1)) as last_name,
      lc.phone, lc.email, lc.location_id, l.name as location_name, 'en' as language, null::text as plan_name, null::text as end_date,
      null::text as joined_on, (${now}::timestamptz at time zone coalesce(l.timezone, ${DEFAULT_TIME_ZONE}))::date::text as today,
      ${consent(sql`lc.lead_id`)} as marketing_consent, null::boolean as messaging_consent
    from lead_copies lc
    left join kit_locations l on l.location_id = lc.location_id
    where ${where}`;
};

/**
 * The live count of a segment and how many the channel reaches, in one query. The reach rule is domain/campaigns.ts'
 * reachOf (no consent before no address), said here in SQL so a segment of thousands is counted without loading it.
 */
export const countSegment = async (
  db: Executor<NotificationsDb>,
  segment: Segment,
  scope: SegmentScope,
  channel: CampaignChannel,
  purpose: MessagePurpose,
  now: Date,
): Promise<SegmentCount> => {
  const address = channel === 'email' ? sql`p.email` : sql`p.phone`;
  const noConsent =
    purpose === 'marketing'
      ? sql`coalesce(p.marketing_consent, false) = false`
      : channel === 'email'
        ? sql`false`
        : sql`coalesce(p.messaging_consent, true) = false`;
  const { rows } = await sql<SegmentCount>`with p as (${segmentQuery(segment, scope, channel, now)})
    select count(*)::int as total,
      count(*) filter (where not (${noConsent}) and coalesce(trim(${address}), '') <> '')::int as reachable,
      count(*) filter (where ${noConsent})::int as "noConsent",
      count(*) filter (where not (${noConsent}) and coalesce(trim(${address}), '') = '')::int as "noAddress"
    from p`.execute(db);
  return rows[0]!;
};

/** Every person of the segment (sending resolves it once, when the campaign starts). */
export const segmentPeople = async (
  db: Executor<NotificationsDb>,
  segment: Segment,
  scope: SegmentScope,
  channel: CampaignChannel,
  now: Date,
): Promise<SegmentPerson[]> => (await segmentQuery(segment, scope, channel, now).execute(db)).rows;
