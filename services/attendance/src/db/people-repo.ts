import { prepareQuery, type Executor } from '@akhada/kit';
import type { CompiledQuery } from 'kysely';
import type { AttendanceDb, MembersTable, TrainersTable } from './schema.ts';

/** Upsert of a member's whole row; an older event never overwrites a newer one. */
export const upsertMember = async (db: Executor<AttendanceDb>, row: MembersTable): Promise<void> => {
  await db
    .insertInto('members')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          org_id: eb.ref('excluded.org_id'),
          location_id: eb.ref('excluded.location_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          email: eb.ref('excluded.email'),
          phone: eb.ref('excluded.phone'),
          status: eb.ref('excluded.status'),
          start_date: eb.ref('excluded.start_date'),
          end_date: eb.ref('excluded.end_date'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('members.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();
};

/** A change to a known member (unknown members are skipped: their registration brings the whole row). */
export const updateMember = async (
  db: Executor<AttendanceDb>,
  id: string,
  at: Date,
  set: Partial<Pick<MembersTable, 'status' | 'start_date' | 'end_date' | 'first_name' | 'last_name' | 'email' | 'phone' | 'location_id'>>,
): Promise<void> => {
  await db
    .updateTable('members')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('updated_at', '<=', at)
    .execute();
};

/** Built once, on the first call (the SQL does not depend on the executor: the schema comes from search_path), and prepared. */
let memberByIdQuery: ((v: { id: string }) => CompiledQuery<MembersTable>) | undefined;

/** The member's row (every check-in reads it: a prepared statement). */
export const memberById = async (db: Executor<AttendanceDb>, id: string): Promise<MembersTable | undefined> => {
  memberByIdQuery ??= prepareQuery((v: { id: string }) => db.selectFrom('members').selectAll().where('id', '=', v.id));
  return (await db.executeQuery(memberByIdQuery({ id }))).rows[0];
};

export const upsertTrainer = async (db: Executor<AttendanceDb>, row: TrainersTable): Promise<void> => {
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
          email: eb.ref('excluded.email'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('trainers.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();
};

export const setTrainerStatus = async (db: Executor<AttendanceDb>, id: string, status: string, at: Date): Promise<void> => {
  await db.updateTable('trainers').set({ status, updated_at: at }).where('id', '=', id).where('updated_at', '<=', at).execute();
};

export const trainerById = (db: Executor<AttendanceDb>, id: string) => db.selectFrom('trainers').selectAll().where('id', '=', id).executeTakeFirst();
