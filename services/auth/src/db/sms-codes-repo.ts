import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

export type SmsCodePurpose = AuthDb['sms_codes']['purpose'];

export const smsTwoFactorOf = (db: Executor<AuthDb>, userId: string) =>
  db.selectFrom('sms_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const enableSms = async (db: Executor<AuthDb>, userId: string, phone: string, at: Date) => {
  await db
    .insertInto('sms_two_factor')
    .values({ user_id: userId, phone, enabled_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ phone, enabled_at: at }))
    .execute();
};

export const disableSms = async (db: Executor<AuthDb>, userId: string) => {
  await db.deleteFrom('sms_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('sms_two_factor').where('user_id', '=', userId).execute();
};

export const insertSmsCode = async (db: Executor<AuthDb>, row: AuthDb['sms_codes'] extends infer R ? Omit<R, 'attempts' | 'used_at'> : never) => {
  await db
    .insertInto('sms_codes')
    .values({ ...row, used_at: null })
    .execute();
};

/** The codes sent to the user since `since`, newest first (for the hourly cap and the resend cooldown). */
export const smsCodesSentSince = (db: Executor<AuthDb>, userId: string, since: Date) =>
  db
    .selectFrom('sms_codes')
    .select(['created_at', 'purpose'])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();

/** The newest code of a purpose that is still good (unused, unexpired, guesses left), locked for the check. */
export const liveSmsCode = (db: Executor<AuthDb>, userId: string, purpose: SmsCodePurpose, now: Date, maxAttempts: number) =>
  db
    .selectFrom('sms_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

export const countSmsGuess = async (db: Executor<AuthDb>, id: string) => {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
};

/** Marks the code used; false when it was used already (a code works once, even in a race). */
export const useSmsCode = async (db: Executor<AuthDb>, id: string, at: Date): Promise<boolean> => {
  const r = await db.updateTable('sms_codes').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};
