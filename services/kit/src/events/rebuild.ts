import type { Kysely, Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import { z } from 'zod';
import { BaseConfig, loadConfig } from '../config.ts';
import { createDb, migrate } from '../db/database.ts';
import { readAll, type StoredEvent } from './event-store.ts';
import type { KitTables } from '../db/kit-migrations.ts';

/** A read table that can be rebuilt from the service's own event store (what `npm run rebuild -- <name>` replays into). */
export interface RebuildableProjection<DB, E extends { type: string }> {
  /** Locks the read table(s) against writers and empties them (inside the rebuild's transaction). */
  clear: (trx: Transaction<DB>) => Promise<void>;
  project: (trx: Transaction<DB>, stored: StoredEvent<E>) => Promise<void>;
  /** After the replay: puts back what the streams do not hold (e.g. state fed by other services' events). */
  finish?: (trx: Transaction<DB>) => Promise<void>;
  count: (trx: Transaction<DB>) => Promise<number>;
}

/**
 * Empties a read table and replays the whole event store into it, in one transaction: readers keep seeing the old rows
 * until the new ones commit, and writers wait on the table lock, so no command lands between the replay and the swap.
 * Repeatable read after the lock gives the replay one snapshot of the store.
 */
export const rebuildProjection = async <DB, E extends { type: string }>(
  db: Kysely<DB>,
  projection: RebuildableProjection<DB, E>,
  { batchSize = 500 }: { batchSize?: number } = {},
): Promise<{ events: number; rows: number }> =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await projection.clear(trx);
      let after = 0;
      let events = 0;
      for (;;) {
        const batch = await readAll<E>(trx as unknown as Transaction<KitTables>, { after, limit: batchSize });
        for (const stored of batch) await projection.project(trx, stored);
        events += batch.length;
        const last = batch.at(-1);
        if (!last || batch.length < batchSize) break;
        after = last.globalPosition;
      }
      await projection.finish?.(trx);
      return { events, rows: await projection.count(trx) };
    });

/**
 * The body of a service's `src/rebuild.ts` (`npm run rebuild -w services/<name> -- <projection>...`): migrates the
 * service's schema, then rebuilds each projection named on the command line and prints what it replayed.
 */
export const runRebuildCommand = async <DB>(
  service: string,
  migrations: Record<string, Migration>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each projection has its own event type
  projections: Record<string, RebuildableProjection<DB, any>>,
  argv: string[] = process.argv.slice(2),
): Promise<void> => {
  const names = Object.keys(projections);
  if (argv.length === 0 || argv.some((n) => !names.includes(n))) {
    console.error(`Usage: npm run rebuild -w services/${service} -- <${names.join('|')}>...`);
    process.exit(64);
  }
  const config = loadConfig(BaseConfig.pick({ DATABASE_URL: true }).extend({ DB_SCHEMA: z.string().default(service) }));
  const dbh = createDb<DB>({ url: config.DATABASE_URL, schema: config.DB_SCHEMA });
  try {
    await migrate(dbh, migrations);
    for (const name of argv) {
      const started = Date.now();
      const { events, rows } = await rebuildProjection(dbh.db, projections[name]!);
      console.log(`rebuilt ${name}: ${events} events replayed, ${rows} rows, ${Date.now() - started} ms`);
    }
  } finally {
    await dbh.close();
  }
};
