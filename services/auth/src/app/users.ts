import type { User } from '@akhada/contracts';
import { notFound } from '@akhada/kit';
import type { Kysely, Transaction } from 'kysely';
import type { AuthDb } from '../db/schema.ts';

type Exec = Kysely<AuthDb> | Transaction<AuthDb>;

/** Locations a user may act in: owners every location of their organization, others their assigned ones. */
export const allowedLocations = async (db: Exec, user: { id: string; org_id: string; role: string }) => {
  const q = db.selectFrom('locations').select(['id', 'name', 'city', 'timezone']).where('org_id', '=', user.org_id).orderBy('created_at').orderBy('id');
  if (user.role === 'owner') return q.execute();
  return q.where('id', 'in', db.selectFrom('user_locations').select('location_id').where('user_id', '=', user.id)).execute();
};

/** The user as the API shows it, always looked up within the caller's organization. */
export const loadUserView = async (db: Exec, userId: string, orgId: string): Promise<User> => {
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).where('org_id', '=', orgId).executeTakeFirst();
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
