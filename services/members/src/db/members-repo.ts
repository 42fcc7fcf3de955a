import type { MembershipStatus, MembershipType } from '@akhada/contracts';
import { prepareQuery, type Executor } from '@akhada/kit';
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { MembersDb, MembersTable, TrainersTable } from './schema.ts';

/** Which members a caller may see: one organization, some of its locations. */
export interface MemberScope {
  orgId: string;
  locationIds: string[];
}

/** The statuses the screen filters on ("expired" includes active memberships past their end date). */
export type ShownStatus = MembershipStatus;

export interface MemberFilter {
  search?: string | undefined;
  status?: ShownStatus | undefined;
  membershipType?: MembershipType | undefined;
  trainerId?: string | undefined;
}

/**
 * Inserts a member's row or moves it forward: the upsert applies only when the row's version is older
 * (`version < excluded.version`), so applying an event twice changes nothing. The unique (org, lower(email)) index is
 * deliberately not an arbiter here: a duplicate email must fail the command.
 */
export const upsertMember = async (db: Executor<MembersDb>, row: MembersTable): Promise<void> => {
  await db
    .insertInto('members')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          location_id: eb.ref('excluded.location_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          email: eb.ref('excluded.email'),
          phone: eb.ref('excluded.phone'),
          membership_type: eb.ref('excluded.membership_type'),
          membership_status: eb.ref('excluded.membership_status'),
          payment_frequency: eb.ref('excluded.payment_frequency'),
          fee_paise: eb.ref('excluded.fee_paise'),
          start_date: eb.ref('excluded.start_date'),
          end_date: eb.ref('excluded.end_date'),
          registered_at: eb.ref('excluded.registered_at'),
          version: eb.ref('excluded.version'),
          date_of_birth: eb.ref('excluded.date_of_birth'),
          gender: eb.ref('excluded.gender'),
          frozen_from: eb.ref('excluded.frozen_from'),
          account_status: eb.ref('excluded.account_status'),
          joined_with_code: eb.ref('excluded.joined_with_code'),
          trainer_id: eb.ref('excluded.trainer_id'),
          payment_method: eb.ref('excluded.payment_method'),
          archived_at: eb.ref('excluded.archived_at'),
        }))
        .where('members.version', '<', (eb) => eb.ref('excluded.version')),
    )
    .execute();
};

/** One member inside the scope, or undefined (another organization's or location's member is simply not there). */
export const findMember = (db: Executor<MembersDb>, scope: MemberScope, id: string): Promise<MembersTable | undefined> =>
  db.selectFrom('members').selectAll().where('id', '=', id).where('org_id', '=', scope.orgId).where('location_id', 'in', scope.locationIds).executeTakeFirst();

/** `%`, `_` and `\` typed by a person are letters, not LIKE wildcards. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type Eb = ExpressionBuilder<MembersDb, 'members'>;

/** The values of a page query; which of them a query uses depends on its shape (the filters given). */
interface PageValues {
  orgId: string;
  locationIds: string[];
  /** `%search%` in lowercase, LIKE wildcards typed by the person escaped. */
  pattern: string;
  /** `%digits%` of a search that is a phone number. */
  digitsPattern: string;
  /** The search itself when it is a member's id (the desk types or pastes the id from the member's card or app). */
  memberId: string;
  today: string;
  membershipType: MembershipType;
  trainerId: string;
  limit: number;
  offset: number;
}

/**
 * One trigram-indexed column (name, email, phone and its digits, lowercase) holds every field the search looks in;
 * a search that is a member's id also finds that member (by the primary key).
 */
const searchFilter = (v: PageValues, shape: PageShape) => (eb: Eb) => {
  const clauses = [eb(sql<string>`search_text`, 'like', v.pattern)];
  if (shape.byDigits) clauses.push(eb(sql<string>`search_text`, 'like', v.digitsPattern));
  if (shape.byId) clauses.push(eb('id', '=', v.memberId));
  return eb.or(clauses);
};

/** Filters on the status the screen shows: an active membership past its end date counts as expired. */
const statusFilter = (status: ShownStatus, today: string) => (eb: Eb) => {
  switch (status) {
    case 'active':
      return eb.and([eb('membership_status', '=', 'active'), eb('end_date', '>', today)]);
    case 'expired':
      return eb.or([eb('membership_status', '=', 'expired'), eb.and([eb('membership_status', '=', 'active'), eb('end_date', '<=', today)])]);
    default:
      return eb('membership_status', '=', status);
  }
};

interface PageShape {
  search: boolean;
  /** Under three characters: no trigram to look up, and such a term matches many members. */
  shortSearch: boolean;
  /** "98765 43210", "+91-9876543210" and "9876543210" are the same number: a phone-like search also compares digits. */
  byDigits: boolean;
  /** The search is a member's id (a UUID). */
  byId: boolean;
  status: ShownStatus | undefined;
  membershipType: boolean;
  trainer: boolean;
}

/**
 * What a page row carries: the member's columns (not the generated search text, which only the filter reads) and their
 * trainer's name and specialization, joined in the same statement so a page with trainers is still one round trip.
 */
const PAGE_COLUMNS = [
  'p.id',
  'p.org_id',
  'p.location_id',
  'p.first_name',
  'p.last_name',
  'p.email',
  'p.phone',
  'p.membership_type',
  'p.membership_status',
  'p.payment_frequency',
  'p.fee_paise',
  'p.start_date',
  'p.end_date',
  'p.date_of_birth',
  'p.gender',
  'p.registered_at',
  'p.version',
  'p.frozen_from',
  'p.account_status',
  'p.joined_with_code',
  'p.trainer_id',
  'p.payment_method',
  'p.archived_at',
  'p.avatar_url',
  'p.last_check_in',
  'p.total_workouts',
  'p.acquisition_source',
  'p.enquiry_id',
  'tr.first_name as trainer_first_name',
  'tr.last_name as trainer_last_name',
  'tr.specialization as trainer_specialization',
] as const;

/** A row of a members page: the member and, when they have one the read model knows, their trainer. */
export type MemberPageRow = MembersTable & {
  trainer_first_name: string | null;
  trainer_last_name: string | null;
  trainer_specialization: TrainersTable['specialization'] | null;
};

/**
 * The page and the total in one statement, so one round trip: the count (an index-only scan) joined to the page (the
 * newest rows by index, stopping at the limit) of the same filter. The left join keeps the count when the page is
 * past the end. The locations are one array parameter (`= any`), so the SQL text does not vary with their number.
 */
const buildPageQuery = (db: Executor<MembersDb>, shape: PageShape) =>
  prepareQuery((v: PageValues) => {
    let filtered = db
      .selectFrom('members')
      .where('org_id', '=', v.orgId)
      .where(sql<boolean>`location_id = any(${v.locationIds}::uuid[])`);
    if (shape.search) filtered = filtered.where(searchFilter(v, shape));
    // Archived members leave the lists; only asking for them by status shows them.
    if (shape.status) filtered = filtered.where(statusFilter(shape.status, v.today));
    else filtered = filtered.where('membership_status', '<>', 'archived');
    if (shape.trainer) filtered = filtered.where('trainer_id', '=', v.trainerId);
    if (shape.membershipType) filtered = filtered.where('membership_type', '=', v.membershipType);
    if (shape.search && !shape.shortSearch) {
      // A search of three characters or more: the trigram index finds the matches once (a materialized CTE), and
      // the count and the page (a top-50 sort) read them. Walking the newest-first index instead and filtering, as
      // the plan of the other shapes does, reads every member of the organization when a term matches few of them.
      return db
        .with(
          (cte) => cte('matched').materialized(),
          () => filtered.selectAll(),
        )
        .selectFrom((eb) =>
          eb
            .selectFrom('matched')
            .select((e) => e.fn.countAll<number>().as('total_count'))
            .as('t'),
        )
        .leftJoinLateral(
          (eb) => eb.selectFrom('matched').selectAll().orderBy('registered_at', 'desc').orderBy('id', 'desc').limit(v.limit).offset(v.offset).as('p'),
          (join) => join.onTrue(),
        )
        .leftJoin('trainers as tr', 'tr.id', 'p.trainer_id')
        .select(PAGE_COLUMNS)
        .select('t.total_count')
        .orderBy('p.registered_at', 'desc')
        .orderBy('p.id', 'desc');
    }
    return db
      .selectFrom(filtered.select((eb) => eb.fn.countAll<number>().as('total_count')).as('t'))
      .leftJoinLateral(filtered.selectAll().orderBy('registered_at', 'desc').orderBy('id', 'desc').limit(v.limit).offset(v.offset).as('p'), (join) =>
        join.onTrue(),
      )
      .leftJoin('trainers as tr', 'tr.id', 'p.trainer_id')
      .select(PAGE_COLUMNS)
      .select('t.total_count')
      .orderBy('p.registered_at', 'desc')
      .orderBy('p.id', 'desc');
  });

const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Built once per shape (at most 2 × 2 × 2 × 8 × 2 × 2): later pages skip kysely's builder and PostgreSQL's planner.
const pageQueries = new Map<string, ReturnType<typeof buildPageQuery>>();

/** A page of the scope's members, newest first, ties broken by id (pages never overlap or skip), and the total. */
export const findMemberPage = async (
  db: Executor<MembersDb>,
  scope: MemberScope,
  filter: MemberFilter,
  { today, offset, limit }: { today: string; offset: number; limit: number },
): Promise<{ rows: MemberPageRow[]; totalCount: number }> => {
  const search = filter.search ?? '';
  const digits = search.replace(/\D/g, '');
  const shape: PageShape = {
    search: search !== '',
    shortSearch: search.length < 3,
    byDigits: digits.length >= 3 && /^[\d\s()+-]+$/.test(search),
    byId: MEMBER_ID.test(search),
    status: filter.status,
    membershipType: filter.membershipType !== undefined,
    trainer: filter.trainerId !== undefined,
  };
  const key = `${shape.search}|${shape.shortSearch}|${shape.byDigits}|${shape.byId}|${shape.status ?? ''}|${shape.membershipType}|${shape.trainer}`;
  let query = pageQueries.get(key);
  if (!query) pageQueries.set(key, (query = buildPageQuery(db, shape)));
  const { rows: result } = await db.executeQuery(
    query({
      orgId: scope.orgId,
      locationIds: scope.locationIds,
      pattern: `%${escapeLike(search.toLowerCase())}%`,
      digitsPattern: `%${digits}%`,
      memberId: shape.byId ? search.toLowerCase() : '00000000-0000-0000-0000-000000000000',
      today,
      membershipType: filter.membershipType ?? 'basic',
      trainerId: filter.trainerId ?? '00000000-0000-0000-0000-000000000000',
      limit,
      offset,
    }),
  );
  const totalCount = result[0]?.total_count ?? 0;
  // An empty page is the one row of nulls the left join gives the count. The rows keep their total_count column
  // (copying 18 columns to drop one cost more than the rest of the mapping).
  const rows = (result[0]?.id === null ? [] : result) as MemberPageRow[];
  return { rows, totalCount };
};

/** For a rebuild: holds writers off the table and empties it, inside the rebuild's transaction. */
export const lockAndClearMembers = async (trx: Transaction<MembersDb>): Promise<void> => {
  await sql`lock table members in exclusive mode`.execute(trx);
  await sql`lock table membership_terms in exclusive mode`.execute(trx);
  await sql`lock table referral_rewards in exclusive mode`.execute(trx);
  await sql`lock table referral_credits in exclusive mode`.execute(trx);
  // The account status and the picture come from auth's events, the visits from attendance's, not from the membership
  // streams: kept aside for restoreAccounts.
  await sql`create temp table rebuild_accounts on commit drop as select id, account_status, avatar_url, last_check_in, total_workouts from members`.execute(
    trx,
  );
  await trx.deleteFrom('membership_terms').execute();
  await trx.deleteFrom('referral_rewards').execute();
  await trx.deleteFrom('referral_credits').execute();
  await trx.deleteFrom('members').execute();
};

/** After a rebuild's replay: the account statuses, pictures and visits kept aside by lockAndClearMembers. */
export const restoreAccounts = async (trx: Transaction<MembersDb>): Promise<void> => {
  await sql`update members m set account_status = a.account_status, avatar_url = a.avatar_url, last_check_in = a.last_check_in,
              total_workouts = a.total_workouts
            from rebuild_accounts a where a.id = m.id`.execute(trx);
};

export const countMembers = async (db: Executor<MembersDb>): Promise<number> =>
  (
    await db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

/** A member of the organization whatever the location (the use case decides what the caller may do with it). */
export const findMemberInOrg = (db: Executor<MembersDb>, orgId: string, id: string): Promise<MembersTable | undefined> =>
  db.selectFrom('members').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();

/** Members counted against the plan: not archived and not awaiting a plan. */
export const countPlanMembers = async (db: Executor<MembersDb>, orgId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId)
        .where('membership_status', 'not in', ['archived', 'pending'])
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A trainer's current clients: members assigned to them, not archived. */
export const countTrainerClients = async (db: Executor<MembersDb>, trainerId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('trainer_id', '=', trainerId)
        .where('membership_status', '<>', 'archived')
        .executeTakeFirstOrThrow()
    ).n,
  );

export const memberIdsOfTrainer = async (db: Executor<MembersDb>, trainerId: string): Promise<string[]> =>
  (await db.selectFrom('members').select('id').where('trainer_id', '=', trainerId).orderBy('id').execute()).map((r) => r.id);

/**
 * The member's profile picture, in their own organization only (a member's id is their user id). A member not known
 * here (none, or another gym's) changes nothing.
 */
export const setMemberAvatar = async (db: Executor<MembersDb>, orgId: string, memberId: string, avatarUrl: string | null): Promise<void> => {
  await db.updateTable('members').set({ avatar_url: avatarUrl }).where('id', '=', memberId).where('org_id', '=', orgId).execute();
};

export const setAccountStatus = async (db: Executor<MembersDb>, memberId: string, status: MembersTable['account_status']): Promise<void> => {
  await db.updateTable('members').set({ account_status: status }).where('id', '=', memberId).execute();
};

/** Active memberships whose end date is on or before `upTo` (the expiry job narrows by each location's today). */
export const dueForExpiry = (db: Executor<MembersDb>, upTo: string, limit: number) =>
  db
    .selectFrom('members')
    .select(['id', 'org_id', 'location_id', 'end_date'])
    .where('membership_status', '=', 'active')
    .where('end_date', '<=', upTo)
    .orderBy('end_date')
    .limit(limit)
    .execute();

export const memberEmailTaken = async (db: Executor<MembersDb>, orgId: string, email: string, exceptId?: string): Promise<boolean> => {
  let q = db
    .selectFrom('members')
    .select('id')
    .where('org_id', '=', orgId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
};

export interface StatsRow {
  location_id: string;
  membership_status: MembershipStatus;
  membership_type: MembershipType;
  n: number;
  new_this_month: number;
  expiring_7: number;
  expiring_30: number;
}

/** Counts per location, status and type (archived excluded), with the date-based counts, in one statement. */
export const memberStatsRows = async (
  db: Executor<MembersDb>,
  scope: MemberScope,
  { today, monthStart }: { today: string; monthStart: string },
): Promise<StatsRow[]> => {
  const rows = await sql<StatsRow>`
    select location_id,
           case when membership_status = 'active' and end_date <= ${today}::date then 'expired' else membership_status end as membership_status,
           membership_type,
           count(*)::int as n,
           count(*) filter (where registered_at >= ${monthStart}::date)::int as new_this_month,
           count(*) filter (where membership_status = 'active' and end_date > ${today}::date and end_date <= ${today}::date + 7)::int as expiring_7,
           count(*) filter (where membership_status = 'active' and end_date > ${today}::date and end_date <= ${today}::date + 30)::int as expiring_30
      from members
     where org_id = ${scope.orgId} and location_id = any(${scope.locationIds}::uuid[]) and membership_status <> 'archived'
     group by 1, 2, 3`.execute(db);
  return rows.rows;
};
