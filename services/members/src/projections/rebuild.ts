import { readAll, type KitTables } from '@akhada/kit';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { MembersDb } from '../db/tables.ts';
import type { MembershipEvent } from '../domain/membership/decider.ts';
import { projectMembers } from './members.ts';

/** Projections this service can rebuild from its event store, by the name `npm run rebuild -- <name>` takes. */
export const PROJECTIONS = {
  members: { table: 'members', project: projectMembers },
} as const;
export type ProjectionName = keyof typeof PROJECTIONS;

/**
 * Empties a read table and replays the whole event store into it, in one transaction: readers keep seeing the old rows
 * until the new ones commit, and writers wait on the table lock, so no command lands between the replay and the swap.
 * Repeatable read after the lock gives the replay one snapshot of the store.
 */
export const rebuild = async (db: Kysely<MembersDb>, name: ProjectionName, { batchSize = 500 } = {}): Promise<{ events: number; rows: number }> => {
  const { table, project } = PROJECTIONS[name];
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx: Transaction<MembersDb>) => {
      await sql`lock table ${sql.table(table)} in exclusive mode`.execute(trx);
      await trx.deleteFrom(table).execute();
      let after = 0;
      let events = 0;
      for (;;) {
        const batch = await readAll<MembershipEvent>(trx as unknown as Transaction<KitTables>, { after, limit: batchSize });
        for (const stored of batch) await project(trx, stored);
        events += batch.length;
        const last = batch.at(-1);
        if (!last || batch.length < batchSize) break;
        after = last.globalPosition;
      }
      const { rows } = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .executeTakeFirstOrThrow();
      return { events, rows };
    });
};
