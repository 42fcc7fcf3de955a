import { sql, type Transaction } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { AttendanceDb, SessionsTable } from './schema.ts';

/** A new session row; a redelivered projection of the same check-in changes nothing. */
export const insertSession = async (db: Executor<AttendanceDb>, row: SessionsTable): Promise<void> => {
  await db
    .insertInto('sessions')
    .values(row)
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
