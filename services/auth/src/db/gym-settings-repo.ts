import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

export const locationsOfOrg = (db: Executor<AuthDb>, orgId: string) =>
  db.selectFrom('locations').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();

export const currentPlansOf = (db: Executor<AuthDb>, orgId: string) =>
  db.selectFrom('membership_plans').selectAll().where('org_id', '=', orgId).where('withdrawn_at', 'is', null).orderBy('position').orderBy('id').execute();

/** Every user of the organization who is staff (owner, admins, trainers). */
export const staffOfOrg = (db: Executor<AuthDb>, orgId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'role', 'status', 'created_at'])
    .where('org_id', '=', orgId)
    .where('role', 'in', ['owner', 'admin', 'trainer'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const locationIdsOfUsers = async (db: Executor<AuthDb>, userIds: string[]): Promise<Map<string, string[]>> => {
  const map = new Map<string, string[]>();
  if (userIds.length === 0) return map;
  const rows = await db.selectFrom('user_locations').select(['user_id', 'location_id']).where('user_id', 'in', userIds).execute();
  for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), r.location_id]);
  return map;
};

export const replaceUserLocations = async (db: Executor<AuthDb>, userId: string, locationIds: string[]) => {
  await db.deleteFrom('user_locations').where('user_id', '=', userId).execute();
  if (locationIds.length > 0)
    await db
      .insertInto('user_locations')
      .values(locationIds.map((location_id) => ({ user_id: userId, location_id })))
      .execute();
};

export const findPreferences = (db: Executor<AuthDb>, userId: string) =>
  db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
