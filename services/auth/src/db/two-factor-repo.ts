import { sql } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

export const twoFactorOf = (db: Executor<AuthDb>, userId: string, { forUpdate = false } = {}) => {
  const q = db.selectFrom('two_factor').selectAll().where('user_id', '=', userId);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const savePendingSecret = async (db: Executor<AuthDb>, userId: string, sealed: string) => {
  await db
    .insertInto('two_factor')
    .values({ user_id: userId, pending_secret: sealed, secret: null, enabled_at: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: sealed }))
    .execute();
};

export const enableSecret = async (db: Executor<AuthDb>, userId: string, sealed: string, at: Date, step: number) => {
  await db
    .updateTable('two_factor')
    .set({ secret: sealed, pending_secret: null, enabled_at: at, last_step: String(step) })
    .where('user_id', '=', userId)
    .execute();
};

export const disableTwoFactor = async (db: Executor<AuthDb>, userId: string) => {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  // Every method goes off together (SMS codes too).
  await db.deleteFrom('sms_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('sms_two_factor').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor').where('user_id', '=', userId).execute();
};

export const setLastStep = async (db: Executor<AuthDb>, userId: string, step: number) => {
  await db
    .updateTable('two_factor')
    .set({ last_step: String(step) })
    .where('user_id', '=', userId)
    .execute();
};

export const replaceRecoveryCodes = async (db: Executor<AuthDb>, userId: string, hashes: string[]) => {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
};

/** Marks one unused recovery code used; false when it is unknown or used already (a code works once, even in a race). */
export const useRecoveryCode = async (db: Executor<AuthDb>, userId: string, hash: string, at: Date): Promise<boolean> => {
  const r = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

export const recoveryCodesLeft = async (db: Executor<AuthDb>, userId: string): Promise<number> =>
  (
    await db
      .selectFrom('recovery_codes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow()
  ).n;
