import { sql, type CompiledQuery, type Transaction } from 'kysely';
import { prepareQuery, type Executor } from '@akhada/kit';
import type { AttendanceDb, SessionsTable } from './schema.ts';

/** Every column of a session (a Record, so a column added to SessionsTable and not here fails to compile). */
const SESSION_COLUMNS = Object.keys({
  id: true,
  org_id: true,
  location_id: true,
  type: true,
  person_id: true,
  first_name: true,
  last_name: true,
  email: true,
  trainer_id: true,
  trainer_first_name: true,
  trainer_last_name: true,
  trainer_email: true,
  check_in_time: true,
  check_out_time: true,
  duration: true,
  workout_type: true,
  status: true,
  notes: true,
  check_in_method: true,
  check_out_method: true,
  auto_closed: true,
} satisfies Record<keyof SessionsTable, true>) as (keyof SessionsTable)[];
let insertSessionQuery: ((v: SessionsTable) => CompiledQuery<unknown>) | undefined;

/** A new session row; a redelivered projection of the same check-in changes nothing. */
export const insertSession = async (db: Executor<AttendanceDb>, row: SessionsTable): Promise<void> => {
  // Every check-in writes one: built once (on the first call; the SQL does not depend on the executor) and prepared.
  insertSessionQuery ??= prepareQuery((v: SessionsTable) =>
    db
      .insertInto('sessions')
      .values(Object.fromEntries(SESSION_COLUMNS.map((c) => [c, v[c]])) as unknown as SessionsTable)
      .onConflict((oc) => oc.column('id').doNothing()),
  );
  await db.executeQuery(insertSessionQuery(row));
};

/** New session rows in one statement (a group commit's check-ins); redelivered ones change nothing. */
export const insertSessions = async (db: Executor<AttendanceDb>, rows: readonly SessionsTable[]): Promise<void> => {
  if (rows.length === 0) return;
  if (rows.length === 1) return insertSession(db, rows[0]!);
  await db
    .insertInto('sessions')
    .values([...rows])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
};

export const closeSession = async (
  db: Executor<AttendanceDb>,
  id: string,
  c: { checkOutTime: Date; duration: number; method: string; autoClosed: boolean; notes: string | null },
): Promise<void> => {
  await db
    .updateTable('sessions')
    .set((eb) => ({
      check_out_time: c.checkOutTime,
      duration: c.duration,
      check_out_method: c.method,
      auto_closed: c.autoClosed,
      status: c.autoClosed ? 'late' : 'completed',
      notes: c.notes === null ? eb.ref('notes') : c.notes,
    }))
    .where('id', '=', id)
    .execute();
};

export const sessionById = (db: Executor<AttendanceDb>, orgId: string, id: string) =>
  db.selectFrom('sessions').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

/** Sessions still open that began before `before`, oldest first (the auto-close job). */
export const openSessionsBefore = (db: Executor<AttendanceDb>, before: Date, limit: number) =>
  db
    .selectFrom('sessions')
    .select(['id', 'person_id', 'org_id', 'location_id', 'check_in_time'])
    .where('status', '=', 'active')
    .where('check_in_time', '<', before)
    .orderBy('check_in_time')
    .limit(limit)
    .execute();

/** Before a rebuild's replay: writers wait on the lock, readers see the old rows until the rebuild commits. */
export const lockAndClearSessions = async (trx: Transaction<AttendanceDb>): Promise<void> => {
  await sql`lock table sessions in exclusive mode`.execute(trx);
  await trx.deleteFrom('sessions').execute();
};

export const countSessions = async (db: Executor<AttendanceDb>): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
