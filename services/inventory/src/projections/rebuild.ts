import { rebuildProjection, type RebuildableProjection } from '@akhada/kit';
import { sql, type Kysely } from 'kysely';
import type { InventoryDb } from '../db/schema.ts';
import type { ItemEvent } from '../domain/item/decider.ts';
import { projectItems } from './items.ts';

/**
 * The item streams' read tables (items, movements, maintenance records), rebuilt from the event store. The replay
 * writes the tables only: the integration events (the aggregate's toIntegrationEvents: state changes, low stock,
 * expiring batches, maintenance due) went out when they happened and are not published again.
 */
const items: RebuildableProjection<InventoryDb, ItemEvent> = {
  clear: async (trx) => {
    await sql`lock table items, movements, maintenance_records in access exclusive mode`.execute(trx);
    await trx.deleteFrom('movements').execute();
    await trx.deleteFrom('maintenance_records').execute();
    await trx.deleteFrom('items').execute();
  },
  project: projectItems,
  count: async (trx) =>
    Number(
      (
        await trx
          .selectFrom('items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
};

/** Projections this service can rebuild from its event store, by the name `npm run rebuild -- <name>` takes. */
export const PROJECTIONS = { items } as const;
export type ProjectionName = keyof typeof PROJECTIONS;

/** Replays the whole event store into one projection's tables (the kit's rebuildProjection: one transaction, tables locked). */
export const rebuild = (db: Kysely<InventoryDb>, name: ProjectionName, options?: { batchSize?: number }): Promise<{ events: number; rows: number }> =>
  rebuildProjection<InventoryDb, ItemEvent>(db, PROJECTIONS[name], options);
