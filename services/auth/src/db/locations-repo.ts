import type { Insertable } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

/** Locations a user may act in: owners every location of their organization, others their assigned ones. */
export const allowedLocations = async (db: Executor<AuthDb>, user: { id: string; org_id: string; role: string }) => {
  const q = db.selectFrom('locations').select(['id', 'name', 'city', 'timezone']).where('org_id', '=', user.org_id).orderBy('created_at').orderBy('id');
  if (user.role === 'owner') return q.execute();
  return q.where('id', 'in', db.selectFrom('user_locations').select('location_id').where('user_id', '=', user.id)).execute();
};

export const insertLocation = async (db: Executor<AuthDb>, location: Insertable<AuthDb['locations']>) => {
  await db.insertInto('locations').values(location).execute();
};

/** Which of these ids are locations of the organization. */
export const locationIdsInOrg = (db: Executor<AuthDb>, orgId: string, ids: string[]) =>
  db.selectFrom('locations').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute();

/** The organization's first location (where members who join by code start). */
export const firstLocationOf = (db: Executor<AuthDb>, orgId: string) =>
  db.selectFrom('locations').select('id').where('org_id', '=', orgId).orderBy('created_at').orderBy('id').executeTakeFirstOrThrow();
