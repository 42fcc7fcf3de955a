import { readAll, type KitTables } from '@akhada/kit';
import type { Kysely, Transaction } from 'kysely';
import { countMembers, lockAndClearMembers, restoreAccounts } from '../db/members-repo.ts';
import type { MembersDb } from '../db/schema.ts';
import type { MembershipEvent } from '../domain/membership/decider.ts';
import { projectMembers } from './members.ts';

/** Projections this service can rebuild from its event store, by the name `npm run rebuild -- <name>` takes. */
export const PROJECTIONS = {
  members: { clear: lockAndClearMembers, project: projectMembers, finish: restoreAccounts, count: countMembers },
} as const;
export type ProjectionName = keyof typeof PROJECTIONS;

/**
 * Empties a read table and replays the whole event store into it, in one transaction: readers keep seeing the old rows
 * until the new ones commit, and writers wait on the table lock, so no command lands between the replay and the swap.
 * Repeatable read after the lock gives the replay one snapshot of the store.
 */
export const rebuild = async (db: Kysely<MembersDb>, name: ProjectionName, { batchSize = 500 } = {}): Promise<{ events: number; rows: number }> => {
  const { clear, project, finish, count } = PROJECTIONS[name];
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx: Transaction<MembersDb>) => {
      await clear(trx);
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
      await finish(trx);
      return { events, rows: await count(trx) };
    });
};
