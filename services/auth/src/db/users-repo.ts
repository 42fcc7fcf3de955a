import type { User } from '@akhada/contracts';
import { notFound } from '@akhada/kit';
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '@akhada/kit';
import { allowedLocations } from './locations-repo.ts';
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

/** The user as the API shows it, always looked up within the caller's organization. */
export const loadUserView = async (db: Executor<AuthDb>, userId: string, orgId: string): Promise<User> => {
  const u = await findUserInOrg(db, userId, orgId);
  if (!u) throw notFound('User');
  const org = await db.selectFrom('organizations').selectAll().where('id', '=', orgId).executeTakeFirstOrThrow();
  const locations = await allowedLocations(db, u);
  const staff = u.role === 'owner' || u.role === 'admin';
  return {
    _id: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    fullName: `${u.first_name} ${u.last_name}`,
    email: u.email,
    phone: u.phone,
    role: u.role,
    dateOfBirth: u.date_of_birth,
    gender: u.gender,
    address: (u.address ?? {}) as User['address'],
    emergencyContact: (u.emergency_contact ?? {}) as User['emergencyContact'],
    organization: {
      _id: org.id,
      name: org.name,
      plan: org.plan,
      trialEndsAt: org.trial_ends_at?.toISOString() ?? null,
      // Only staff hand out the gym's join code.
      joinCode: staff ? org.join_code : null,
    },
    locations: locations.map((l) => ({ _id: l.id, name: l.name, city: l.city, timezone: l.timezone })),
    createdAt: u.created_at.toISOString(),
  };
};
