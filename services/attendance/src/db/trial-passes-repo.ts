import type { Executor } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import type { AttendanceDb, TrialPassesTable } from './schema.ts';

/** A pass enquiries issued (a redelivered event changes nothing). */
export const saveTrialPass = async (db: Executor<AttendanceDb>, row: TrialPassesTable): Promise<void> => {
  await db
    .insertInto('trial_passes')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
};

/** The organization's pass with this code (normalized, "TP-ABCDE-FGHJK"), if this service knows it. */
export const trialPassByCode = (db: Executor<AttendanceDb>, orgId: string, code: string) =>
  db.selectFrom('trial_passes').selectAll().where('org_id', '=', orgId).where('code', '=', code).executeTakeFirst();

/** Deletes up to `limit` passes that ended before `before` (their visits stay: they are the leads' history); returns how many. */
export const deleteTrialPassesEndedBefore = async (db: Executor<AttendanceDb>, before: Date, limit: number): Promise<number> => {
  const gone = await db
    .deleteFrom('trial_passes')
    .where('id', 'in', db.selectFrom('trial_passes').select('id').where('valid_until', '<', before).limit(limit))
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
};

/** Before a rebuild's replay of trial visits: writers wait, readers see the old rows until the rebuild commits. */
export const lockAndClearTrialVisits = async (trx: Transaction<AttendanceDb>): Promise<void> => {
  await sql`lock table trial_visits in exclusive mode`.execute(trx);
  await trx.deleteFrom('trial_visits').execute();
};

export const countTrialVisits = async (db: Executor<AttendanceDb>): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('trial_visits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
