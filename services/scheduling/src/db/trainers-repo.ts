import type { Executor } from '@akhada/kit';
import type { SchedulingDb, TrainersTable } from './schema.ts';

/** Upsert of a trainer's row; an older event never overwrites a newer one. */
export const upsertTrainer = async (db: Executor<SchedulingDb>, row: TrainersTable): Promise<void> => {
  await db
    .insertInto('trainers')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          org_id: eb.ref('excluded.org_id'),
          location_id: eb.ref('excluded.location_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('trainers.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();
};

export const setTrainerStatus = async (db: Executor<SchedulingDb>, id: string, status: string, at: Date): Promise<void> => {
  await db.updateTable('trainers').set({ status, updated_at: at }).where('id', '=', id).where('updated_at', '<=', at).execute();
};

/** A trainer of the organization who is not archived. */
export const trainerOf = (db: Executor<SchedulingDb>, orgId: string, id: string) =>
  db.selectFrom('trainers').selectAll().where('id', '=', id).where('org_id', '=', orgId).where('status', '!=', 'archived').executeTakeFirst();
