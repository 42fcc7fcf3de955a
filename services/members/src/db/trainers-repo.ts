import { trainerCopy, type Executor } from '@akhada/kit';
import type { MembersDb, TrainersTable } from './schema.ts';

/** The trainers this service may assign, kept by the kit from the trainers service's events and read-throughs (newer wins). */
export const trainers = trainerCopy<MembersDb, 'trainers'>({
  table: 'trainers',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'specialization', 'max_clients', 'is_available', 'status'],
});

export const findTrainer = (db: Executor<MembersDb>, orgId: string, id: string): Promise<TrainersTable | undefined> =>
  db.selectFrom('trainers').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();

/** The trainers of these ids (for a page of members). */
export const trainersByIds = async (db: Executor<MembersDb>, ids: string[]): Promise<Map<string, TrainersTable>> => {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('trainers').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
};
