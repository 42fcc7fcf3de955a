import type { Insertable } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

export const insertSession = async (db: Executor<AuthDb>, session: Insertable<AuthDb['sessions']>) => {
  await db.insertInto('sessions').values(session).execute();
};

export const findSession = (db: Executor<AuthDb>, sessionId: string, userId: string) =>
  db.selectFrom('sessions').selectAll().where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();

export const extendSession = async (db: Executor<AuthDb>, sessionId: string, lastSeenAt: Date, expiresAt: Date) => {
  await db.updateTable('sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', sessionId).execute();
};

/** true when this call ended the session (false: it had already ended). */
export const revokeSession = async (db: Executor<AuthDb>, sessionId: string, userId: string, now: Date): Promise<boolean> => {
  const updated = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
};

/** Ends every live session of the user, except one when given; returns how many it ended. */
export const revokeSessionsOf = async (db: Executor<AuthDb>, userId: string, now: Date, exceptSessionId?: string): Promise<number> => {
  let q = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
};

/** The user's sessions that are neither revoked nor expired. */
export const liveSessionsOf = (db: Executor<AuthDb>, userId: string, now: Date) =>
  db.selectFrom('sessions').selectAll().where('user_id', '=', userId).where('revoked_at', 'is', null).where('expires_at', '>', now).execute();

/** The user agents of a user's most recent sessions (ended ones too): which devices they have signed in from before. */
export const recentUserAgentsOf = async (db: Executor<AuthDb>, userId: string, limit = 200): Promise<(string | null)[]> =>
  (await db.selectFrom('sessions').select('user_agent').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute()).map(
    (r) => r.user_agent,
  );
