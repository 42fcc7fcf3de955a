import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

/** The unique index behind "one account per email address" (lower(email)). */
export const USERS_EMAIL_UNIQUE = 'users_email_uq';

export const findUserByEmail = (db: Executor<AuthDb>, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();

/** Always within the caller's organization. */
export const findUserInOrg = (db: Executor<AuthDb>, userId: string, orgId: string) =>
  db.selectFrom('users').selectAll().where('id', '=', userId).where('org_id', '=', orgId).executeTakeFirst();

export const insertUser = async (db: Executor<AuthDb>, user: Insertable<AuthDb['users']>) => {
  await db.insertInto('users').values(user).execute();
};

export const insertUserLocations = async (db: Executor<AuthDb>, userId: string, locationIds: string[]) => {
  await db
    .insertInto('user_locations')
    .values(locationIds.map((location_id) => ({ user_id: userId, location_id })))
    .execute();
};

export const setPasswordHash = (db: Executor<AuthDb>, userId: string, passwordHash: string, now: Date) =>
  db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).returning(['id', 'org_id']).executeTakeFirstOrThrow();

export const patchUser = async (db: Executor<AuthDb>, userId: string, orgId: string, patch: Updateable<AuthDb['users']>) => {
  await db.updateTable('users').set(patch).where('id', '=', userId).where('org_id', '=', orgId).execute();
};
