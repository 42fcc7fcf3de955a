import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

export const findProfilePicture = (db: Executor<AuthDb>, userId: string) =>
  db.selectFrom('profile_pictures').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const saveProfilePicture = async (db: Executor<AuthDb>, row: AuthDb['profile_pictures']) => {
  await db
    .insertInto('profile_pictures')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ version: row.version, storage_key: row.storage_key, updated_at: row.updated_at }))
    .execute();
};

export const deleteProfilePicture = async (db: Executor<AuthDb>, userId: string, orgId: string) => {
  await db.deleteFrom('profile_pictures').where('user_id', '=', userId).where('org_id', '=', orgId).execute();
};

/** The address the app loads a picture from (the gateway's /api root; public, unguessable, changes with the picture). */
export const avatarUrlOf = (row: { user_id: string; version: string } | undefined): string | null =>
  row ? `/api/auth/avatars/${row.user_id}?v=${row.version}` : null;
