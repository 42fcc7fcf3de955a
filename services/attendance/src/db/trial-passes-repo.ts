import type { Executor } from '@akhada/kit';
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
