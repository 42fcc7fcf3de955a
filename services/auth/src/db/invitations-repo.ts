import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

export const insertInvitation = async (db: Executor<AuthDb>, inv: { tokenHash: string; userId: string; expiresAt: Date; now: Date }) => {
  await db
    .insertInto('invitations')
    .values({ token_hash: inv.tokenHash, user_id: inv.userId, created_at: inv.now, expires_at: inv.expiresAt, used_at: null, revoked_at: null })
    .execute();
};

/**
 * The invitation with this token's hash, its user and the user's gym; undefined when no link has this token. With
 * `forUpdate` it is locked for the transaction (two accepts of one link serialize; the second sees it used).
 */
export const findInvitation = (db: Executor<AuthDb>, tokenHash: string, { forUpdate }: { forUpdate: boolean }) => {
  const q = db
    .selectFrom('invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('organizations as o', 'o.id', 'u.org_id')
    .select(['i.token_hash', 'i.user_id', 'i.expires_at', 'i.used_at', 'i.revoked_at', 'u.status', 'u.first_name', 'o.name as gym_name'])
    .where('i.token_hash', '=', tokenHash);
  return (forUpdate ? q.forUpdate('i') : q).executeTakeFirst();
};

export const markInvitationUsed = async (db: Executor<AuthDb>, tokenHash: string, now: Date) => {
  await db.updateTable('invitations').set({ used_at: now }).where('token_hash', '=', tokenHash).execute();
};

/** Every outstanding link of the user stops working (a newer one replaced them, or the account ended). */
export const revokeInvitationsOf = async (db: Executor<AuthDb>, userId: string, now: Date) => {
  await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
};
