import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

export const insertReset = async (db: Executor<AuthDb>, reset: { tokenHash: string; userId: string; expiresAt: Date }) => {
  await db.insertInto('password_resets').values({ token_hash: reset.tokenHash, user_id: reset.userId, expires_at: reset.expiresAt, used_at: null }).execute();
};

/** Uses an unused, unexpired reset once; undefined when there is none. */
export const useReset = (db: Executor<AuthDb>, tokenHash: string, now: Date) =>
  db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();

/** Every other outstanding link of the user stops working. */
export const useAllResetsOf = async (db: Executor<AuthDb>, userId: string, now: Date) => {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
};
