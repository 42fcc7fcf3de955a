import type { Executor } from '@akhada/kit';
import type { MembersDb, TrainersTable } from './schema.ts';

/** Inserts or replaces a trainer's row, unless the stored one comes from a later event. */
export const upsertTrainer = async (db: Executor<MembersDb>, row: TrainersTable): Promise<void> => {
  await db
    .insertInto('trainers')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          location_id: eb.ref('excluded.location_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          specialization: eb.ref('excluded.specialization'),
          max_clients: eb.ref('excluded.max_clients'),
          is_available: eb.ref('excluded.is_available'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('trainers.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();
};

export const setTrainerStatus = async (db: Executor<MembersDb>, id: string, status: TrainersTable['status'], at: Date): Promise<void> => {
  await db.updateTable('trainers').set({ status, updated_at: at }).where('id', '=', id).where('updated_at', '<=', at).execute();
};

export const findTrainer = (db: Executor<MembersDb>, orgId: string, id: string): Promise<TrainersTable | undefined> =>
  db.selectFrom('trainers').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();

/** The trainers of these ids (for a page of members). */
export const trainersByIds = async (db: Executor<MembersDb>, ids: string[]): Promise<Map<string, TrainersTable>> => {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('trainers').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
};
