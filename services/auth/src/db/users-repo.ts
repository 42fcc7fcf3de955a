import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { AuthDb, UserStatus } from './schema.ts';

/** The unique index behind "one account per email address" (lower(email)). */
export const USERS_EMAIL_UNIQUE = 'users_email_uq';

export const findUserByEmail = (db: Executor<AuthDb>, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();

/** By id alone: only for a caller that reached the user through something it holds (an invitation link's token). */
export const findUserById = (db: Executor<AuthDb>, userId: string) => db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();

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

/**
 * A user by id within an organization, locked for the rest of the transaction (status changes serialize on it). NO KEY
 * UPDATE: a mail sender storing a link for this user (a foreign key's KEY SHARE lock) is not blocked by it.
 */
export const lockUserInOrg = (db: Executor<AuthDb>, userId: string, orgId: string) =>
  db.selectFrom('users').selectAll().where('id', '=', userId).where('org_id', '=', orgId).forNoKeyUpdate().executeTakeFirst();

/** Whether any user has this id (in any organization): an invitation's id is made by another service. */
export const userIdExists = async (db: Executor<AuthDb>, userId: string): Promise<boolean> =>
  (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;

export const setUserStatus = async (db: Executor<AuthDb>, userId: string, status: UserStatus, now: Date) => {
  await db.updateTable('users').set({ status, updated_at: now }).where('id', '=', userId).execute();
};

/** The invited person chose a password: the account is active. */
export const activateWithPassword = async (db: Executor<AuthDb>, userId: string, passwordHash: string, now: Date) => {
  await db.updateTable('users').set({ password_hash: passwordHash, status: 'active', updated_at: now }).where('id', '=', userId).execute();
};
