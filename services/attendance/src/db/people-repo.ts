import { prepareQuery, type Executor } from '@akhada/kit';
import { sql, type CompiledQuery } from 'kysely';
import type { AttendanceDb, MembersTable, TrainersTable } from './schema.ts';

/** Upsert of a member's whole row; an older event never overwrites a newer one. */
export const upsertMember = async (
  db: Executor<AttendanceDb>,
  row: Omit<MembersTable, 'terms' | 'frozen_from'> & Partial<Pick<MembersTable, 'terms' | 'frozen_from'>>,
): Promise<void> => {
  await db
    .insertInto('members')
    // jsonb: written as JSON text (pg would send an array as a PostgreSQL array).
    .values({ ...row, terms: JSON.stringify(row.terms ?? []) as unknown as MembersTable['terms'], frozen_from: row.frozen_from ?? null })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          org_id: eb.ref('excluded.org_id'),
          location_id: eb.ref('excluded.location_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          email: eb.ref('excluded.email'),
          phone: eb.ref('excluded.phone'),
          status: eb.ref('excluded.status'),
          start_date: eb.ref('excluded.start_date'),
          end_date: eb.ref('excluded.end_date'),
          terms: eb.ref('excluded.terms'),
          frozen_from: eb.ref('excluded.frozen_from'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('members.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();
};

/** A change to a known member (unknown members are skipped: their registration brings the whole row). */
export const updateMember = async (
  db: Executor<AttendanceDb>,
  id: string,
  at: Date,
  set: Partial<
    Pick<MembersTable, 'status' | 'start_date' | 'end_date' | 'first_name' | 'last_name' | 'email' | 'phone' | 'location_id' | 'terms' | 'frozen_from'>
  >,
): Promise<void> => {
  const { terms, ...rest } = set;
  await db
    .updateTable('members')
    .set({ ...rest, ...(terms ? { terms: JSON.stringify(terms) as unknown as MembersTable['terms'] } : {}), updated_at: at })
    .where('id', '=', id)
    .where('updated_at', '<=', at)
    .execute();
};

/** Built once, on the first call (the SQL does not depend on the executor: the schema comes from search_path), and prepared. */
let memberByIdQuery: ((v: { id: string }) => CompiledQuery<MembersTable>) | undefined;
let membersByIdsQuery: ((v: { ids: string[] }) => CompiledQuery<MembersTable>) | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Waiting {
  id: string;
  resolve(row: MembersTable | undefined): void;
  reject(err: unknown): void;
}

/** Reads through the pool waiting for the end of this turn of the event loop, per pool. */
const waitingOn = new WeakMap<object, Waiting[]>();

const readTogether = async (db: Executor<AttendanceDb>): Promise<void> => {
  const waiting = waitingOn.get(db) ?? [];
  waitingOn.delete(db);
  // Only ids that are uuids reach the statement: a malformed one must not fail the others' reads (it finds nobody).
  const ids = [...new Set(waiting.map((w) => w.id.toLowerCase()).filter((id) => UUID.test(id)))];
  try {
    membersByIdsQuery ??= prepareQuery((v: { ids: string[] }) =>
      db
        .selectFrom('members')
        .selectAll()
        .where(sql<boolean>`id = any(${v.ids}::uuid[])`),
    );
    const rows = ids.length === 0 ? [] : (await db.executeQuery(membersByIdsQuery({ ids }))).rows;
    const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
    for (const w of waiting) w.resolve(byId.get(w.id.toLowerCase()));
  } catch (err) {
    for (const w of waiting) w.reject(err);
  }
};

/**
 * The member's row (every check-in reads it). In a transaction: one prepared statement. Through the pool: the reads
 * asked for in the same turn of the event loop (check-ins arriving together) share one statement, the way their
 * commands share the group commit — a round trip per burst instead of per check-in, and no wait when alone.
 */
export const memberById = async (db: Executor<AttendanceDb>, id: string): Promise<MembersTable | undefined> => {
  if (db.isTransaction) {
    memberByIdQuery ??= prepareQuery((v: { id: string }) => db.selectFrom('members').selectAll().where('id', '=', v.id));
    return (await db.executeQuery(memberByIdQuery({ id }))).rows[0];
  }
  return new Promise((resolve, reject) => {
    let waiting = waitingOn.get(db);
    if (!waiting) {
      waitingOn.set(db, (waiting = []));
      setImmediate(() => void readTogether(db));
    }
    waiting.push({ id, resolve, reject });
  });
};

export const upsertTrainer = async (db: Executor<AttendanceDb>, row: TrainersTable): Promise<void> => {
  await db
    .insertInto('trainers')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          org_id: eb.ref('excluded.org_id'),
          location_id: eb.ref('excluded.location_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          email: eb.ref('excluded.email'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('trainers.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();
};

export const setTrainerStatus = async (db: Executor<AttendanceDb>, id: string, status: string, at: Date): Promise<void> => {
  await db.updateTable('trainers').set({ status, updated_at: at }).where('id', '=', id).where('updated_at', '<=', at).execute();
};

export const trainerById = (db: Executor<AttendanceDb>, id: string) => db.selectFrom('trainers').selectAll().where('id', '=', id).executeTakeFirst();
