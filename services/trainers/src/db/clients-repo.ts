import type { Executor } from '@akhada/kit';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { TrainerClientsTable, TrainersDb } from './schema.ts';

/**
 * Applies what a members event says about one member: creates the row the first time (with what is known so far) and
 * sets the given fields. Events of one member arrive in order (one partition per member), so the last write wins.
 */
export const upsertClient = async (
  db: Executor<TrainersDb>,
  memberId: string,
  orgId: string,
  changes: Omit<Updateable<TrainerClientsTable>, 'member_id' | 'org_id'>,
): Promise<void> => {
  await db
    .insertInto('trainer_clients')
    .values({ member_id: memberId, org_id: orgId, ...changes } as Insertable<TrainerClientsTable>)
    .onConflict((oc) => oc.column('member_id').doUpdateSet(changes))
    .execute();
};

/** Unassigns the member from `trainerId` (only if they are still that trainer's client). */
export const unassignClient = async (db: Executor<TrainersDb>, memberId: string, trainerId: string): Promise<void> => {
  await db
    .updateTable('trainer_clients')
    .set({ trainer_id: null, assigned_at: null })
    .where('member_id', '=', memberId)
    .where('trainer_id', '=', trainerId)
    .execute();
};

/** Whether the member is currently one of the trainer's clients (assigned and not archived). */
export const isCurrentClient = async (
  db: Executor<TrainersDb>,
  { orgId, trainerId, memberId }: { orgId: string; trainerId: string; memberId: string },
): Promise<TrainerClientsTable | undefined> =>
  db
    .selectFrom('trainer_clients')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('member_id', '=', memberId)
    .where('trainer_id', '=', trainerId)
    .where('archived', '=', false)
    .executeTakeFirst();

/** A page of the trainer's current clients, the most recently assigned first. */
export const findClientPage = async (
  db: Executor<TrainersDb>,
  orgId: string,
  trainerId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: TrainerClientsTable[]; totalCount: number }> => {
  const base = db.selectFrom('trainer_clients').where('org_id', '=', orgId).where('trainer_id', '=', trainerId).where('archived', '=', false);
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('assigned_at', 'desc').orderBy('member_id').limit(limit).offset(offset).execute();
  return { rows, totalCount: n };
};
