import type { AvailabilityStatus, Specialization, TrainerStatus } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { TrainerCertificationsTable, TrainersDb, TrainersTable } from './schema.ts';

/** Which trainers a caller may see: one organization, some of its locations. */
export interface TrainerScope {
  orgId: string;
  locationIds: string[];
}

export type TrainerRow = Selectable<TrainersTable> & { current_clients: number; rating_average: number; rating_count: number };

const currentClients = sql<number>`(select count(*)::int from trainer_clients c where c.trainer_id = trainers.id and not c.archived)`.as('current_clients');

/** The rating the feedback service published for the trainer ({0, 0} until the first). */
const ratingAverage = sql<number>`coalesce((select r.average from trainer_ratings r where r.trainer_id = trainers.id), 0)`.as('rating_average');
const ratingCount = sql<number>`coalesce((select r.count from trainer_ratings r where r.trainer_id = trainers.id), 0)`.as('rating_count');

const availabilitySql = sql<AvailabilityStatus>`case when not trainers.is_available then 'unavailable'
  when (select count(*) from trainer_clients c where c.trainer_id = trainers.id and not c.archived) >= trainers.max_clients then 'fully_booked'
  else 'available' end`;

const inScope = (db: Executor<TrainersDb>, scope: TrainerScope) =>
  db
    .selectFrom('trainers')
    .where('trainers.org_id', '=', scope.orgId)
    .where(sql<boolean>`trainers.location_id = any(${scope.locationIds}::uuid[])`);

// ── Writes (projections) ─────────────────────────────────────────────────────────────────────────────────────────

export const insertTrainer = async (db: Executor<TrainersDb>, row: Insertable<TrainersTable>): Promise<boolean> =>
  (
    await db
      .insertInto('trainers')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute()
  ).length > 0;

/** Moves the row to stream version `version` with `changes`; false when it already reflects that version (a replay). */
export const advanceTrainer = async (
  db: Executor<TrainersDb>,
  id: string,
  version: number,
  changes: Partial<Omit<TrainersTable, 'id' | 'org_id' | 'version' | 'weekly_slots'>> & { weekly_slots?: string } = {},
): Promise<boolean> =>
  (
    await db
      .updateTable('trainers')
      .set({ ...changes, version })
      .where('id', '=', id)
      .where('version', '<', version)
      .returning('id')
      .execute()
  ).length > 0;

export const insertCertifications = async (db: Executor<TrainersDb>, rows: TrainerCertificationsTable[]): Promise<void> => {
  if (rows.length === 0) return;
  await db
    .insertInto('trainer_certifications')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
};

export const deleteCertification = async (db: Executor<TrainersDb>, id: string): Promise<void> => {
  await db.deleteFrom('trainer_certifications').where('id', '=', id).execute();
};

/** Auth's news about the trainer's sign-in account (invited, active, failed). */
/**
 * The trainer's profile picture, in their own organization only (a trainer's id is their user id). A trainer not known
 * here (none, or another gym's) changes nothing.
 */
export const setTrainerAvatar = async (db: Executor<TrainersDb>, orgId: string, trainerId: string, avatarUrl: string | null): Promise<void> => {
  await db.updateTable('trainers').set({ avatar_url: avatarUrl }).where('id', '=', trainerId).where('org_id', '=', orgId).execute();
};

export const setAccountStatus = async (db: Executor<TrainersDb>, id: string, accountStatus: TrainersTable['account_status']): Promise<void> => {
  await db.updateTable('trainers').set({ account_status: accountStatus }).where('id', '=', id).execute();
};

// ── Reads ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** One trainer of the scope, with the count of their current clients. */
export const findTrainer = async (db: Executor<TrainersDb>, scope: TrainerScope, id: string): Promise<TrainerRow | undefined> =>
  inScope(db, scope).selectAll('trainers').select([currentClients, ratingAverage, ratingCount]).where('trainers.id', '=', id).executeTakeFirst();

/** The trainer by id in the organization, whatever the location (for the trainer's own record). */
export const findTrainerInOrg = async (db: Executor<TrainersDb>, orgId: string, id: string): Promise<TrainerRow | undefined> =>
  db
    .selectFrom('trainers')
    .selectAll('trainers')
    .select([currentClients, ratingAverage, ratingCount])
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();

export interface TrainerFilter {
  search?: string | undefined;
  specialization?: Specialization | undefined;
  availability?: AvailabilityStatus | undefined;
  /** Absent: active trainers only (pending ones are listed when asked for). */
  status?: TrainerStatus | undefined;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the scope's trainers, newest first, ties broken by id, and the total. */
export const findTrainerPage = async (
  db: Executor<TrainersDb>,
  scope: TrainerScope,
  filter: TrainerFilter,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: TrainerRow[]; totalCount: number }> => {
  let q = inScope(db, scope).where('trainers.status', '=', filter.status ?? 'active');
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const digits = search.replace(/\D/g, '');
    q = q.where((eb) =>
      eb.or([
        eb(sql`trainers.first_name || ' ' || trainers.last_name`, 'ilike', pattern),
        eb('trainers.email', 'ilike', pattern),
        eb(sql`array_to_string(trainers.specialization, ' ')`, 'ilike', `%${escapeLike(search.replace(/\s+/g, '_'))}%`),
        ...(digits.length >= 3 && /^[\d\s()+-]+$/.test(search) ? [eb(sql`regexp_replace(trainers.phone, '\\D', '', 'g')`, 'like', `%${digits}%`)] : []),
      ]),
    );
  }
  if (filter.specialization) q = q.where(sql<boolean>`${filter.specialization} = any(trainers.specialization)`);
  if (filter.availability) q = q.where(sql<boolean>`${availabilitySql} = ${filter.availability}`);
  const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('trainers')
    .select([currentClients, ratingAverage, ratingCount])
    .orderBy('trainers.created_at', 'desc')
    .orderBy('trainers.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, totalCount: n };
};

export const certificationsOf = async (db: Executor<TrainersDb>, trainerIds: string[]): Promise<TrainerCertificationsTable[]> =>
  trainerIds.length === 0
    ? []
    : db.selectFrom('trainer_certifications').selectAll().where('trainer_id', 'in', trainerIds).orderBy('issue_date').orderBy('id').execute();

/** The trainer's booked appointments that have not ended by `from`, soonest first, with the member's name (the clients copy). */
export const sessionsOf = async (db: Executor<TrainersDb>, trainerId: string, from: Date) =>
  db
    .selectFrom('trainer_appointments as a')
    .leftJoin('trainer_clients as c', (j) => j.onRef('c.member_id', '=', 'a.member_id').onRef('c.org_id', '=', 'a.org_id'))
    .select(['a.id', 'a.member_id', 'a.starts_at', 'a.ends_at', 'c.first_name', 'c.last_name'])
    .where('a.trainer_id', '=', trainerId)
    .where('a.status', '=', 'booked')
    .where('a.ends_at', '>', from)
    .orderBy('a.starts_at')
    .execute();
export type SessionRow = Awaited<ReturnType<typeof sessionsOf>>[number];

/**
 * Trainers that count against the plan: approved (active), not archived, in the whole organization; `except` leaves
 * one out (approving a trainer who is active already takes no new place).
 */
export const countApprovedTrainers = async (db: Executor<TrainersDb>, orgId: string, { except }: { except?: string } = {}): Promise<number> => {
  let q = db
    .selectFrom('trainers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('org_id', '=', orgId)
    .where('status', '=', 'active');
  if (except) q = q.where('id', '<>', except);
  return (await q.executeTakeFirstOrThrow()).n;
};

export interface TrainerStatsRow {
  total: number;
  available: number;
  fully_booked: number;
  unavailable: number;
  pending: number;
  total_clients: number;
}

/** Counts over the scope's trainers that are not archived. */
export const trainerStats = async (db: Executor<TrainersDb>, scope: TrainerScope): Promise<TrainerStatsRow> => {
  const base = inScope(db, scope).where('trainers.status', '<>', 'archived');
  const row = await base
    .select([
      sql<number>`count(*) filter (where trainers.status = 'active')::int`.as('total'),
      sql<number>`count(*) filter (where trainers.status = 'active' and ${availabilitySql} = 'available')::int`.as('available'),
      sql<number>`count(*) filter (where trainers.status = 'active' and ${availabilitySql} = 'fully_booked')::int`.as('fully_booked'),
      sql<number>`count(*) filter (where trainers.status = 'active' and ${availabilitySql} = 'unavailable')::int`.as('unavailable'),
      sql<number>`count(*) filter (where trainers.status = 'pending')::int`.as('pending'),
      sql<number>`coalesce(sum((select count(*) from trainer_clients c where c.trainer_id = trainers.id and not c.archived)) filter (where trainers.status = 'active'), 0)::int`.as(
        'total_clients',
      ),
    ])
    .executeTakeFirstOrThrow();
  return row;
};

export const specializationCounts = async (db: Executor<TrainersDb>, scope: TrainerScope): Promise<{ specialization: Specialization; n: number }[]> =>
  inScope(db, scope)
    .where('trainers.status', '=', 'active')
    .select([sql<Specialization>`unnest(trainers.specialization)`.as('specialization')])
    .execute()
    .then((rows) => {
      const counts = new Map<Specialization, number>();
      for (const r of rows) counts.set(r.specialization, (counts.get(r.specialization) ?? 0) + 1);
      return [...counts].map(([specialization, n]) => ({ specialization, n }));
    });

/** Certifications of the scope's active trainers expiring between `from` and `to` (inclusive, 'YYYY-MM-DD'). */
export const countExpiringCertifications = async (db: Executor<TrainersDb>, scope: TrainerScope, from: string, to: string): Promise<number> =>
  (
    await db
      .selectFrom('trainer_certifications as tc')
      .innerJoin('trainers', 'trainers.id', 'tc.trainer_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('trainers.org_id', '=', scope.orgId)
      .where(sql<boolean>`trainers.location_id = any(${scope.locationIds}::uuid[])`)
      .where('trainers.status', '<>', 'archived')
      .where('tc.expiry_date', '>=', from)
      .where('tc.expiry_date', '<=', to)
      .executeTakeFirstOrThrow()
  ).n;

/** Keeps the newest rating figure published by the feedback service (an older or repeated one changes nothing). */
export const upsertTrainerRating = async (
  db: Executor<TrainersDb>,
  row: { trainer_id: string; org_id: string; average: number; count: number; as_of_version: number },
): Promise<void> => {
  await db
    .insertInto('trainer_ratings')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('trainer_id')
        .doUpdateSet((eb) => ({ average: eb.ref('excluded.average'), count: eb.ref('excluded.count'), as_of_version: eb.ref('excluded.as_of_version') }))
        .where('trainer_ratings.as_of_version', '<', (eb) => eb.ref('excluded.as_of_version'))
        .where('trainer_ratings.org_id', '=', (eb) => eb.ref('excluded.org_id')),
    )
    .execute();
};
