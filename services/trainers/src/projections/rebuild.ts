import { readAll, type KitTables } from '@akhada/kit';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { TrainersDb } from '../db/schema.ts';
import type { TrainerEvent } from '../domain/trainer/decider.ts';
import { projectTrainers } from './trainers.ts';

/** Projections this service can rebuild from its event store, by the name `npm run rebuild -- <name>` takes. */
export const PROJECTIONS = ['trainers'] as const;
export type ProjectionName = (typeof PROJECTIONS)[number];

/**
 * Empties the trainers read tables (trainers and their certifications) and replays the whole event store
 * into them, in one transaction: readers keep the old rows until the new ones commit, writers wait on the table locks.
 * Each trainer's account status and picture come from auth's events, not from the store: they are kept across the rebuild.
 */
export const rebuild = async (db: Kysely<TrainersDb>, _name: ProjectionName, { batchSize = 500 } = {}): Promise<{ events: number; rows: number }> =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx: Transaction<TrainersDb>) => {
      await sql`lock table trainers, trainer_certifications in exclusive mode`.execute(trx);
      const accounts = await trx.selectFrom('trainers').select(['id', 'account_status', 'avatar_url']).execute();
      await trx.deleteFrom('trainers').execute(); // certifications go with them (on delete cascade)
      let after = 0;
      let events = 0;
      for (;;) {
        const batch = await readAll<TrainerEvent>(trx as unknown as Transaction<KitTables>, { after, limit: batchSize });
        for (const stored of batch) await projectTrainers(trx, stored);
        events += batch.length;
        const last = batch.at(-1);
        if (!last || batch.length < batchSize) break;
        after = last.globalPosition;
      }
      for (const a of accounts)
        await trx.updateTable('trainers').set({ account_status: a.account_status, avatar_url: a.avatar_url }).where('id', '=', a.id).execute();
      const { n } = await trx
        .selectFrom('trainers')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return { events, rows: n };
    });
