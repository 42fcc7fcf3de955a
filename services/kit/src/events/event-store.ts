import { sql, type Transaction } from 'kysely';
import { observeAppend } from '../metrics/metrics.ts';
import { ConcurrencyError } from '../errors.ts';
import type { Executor } from '../db/executor.ts';
import type { KitTables } from '../db/kit-migrations.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { EventMetadata } from './envelope.ts';
import { newId } from './envelope.ts';

export interface StoredEvent<E extends { type: string } = { type: string }> {
  event: E;
  streamVersion: number;
  globalPosition: number;
  metadata: EventMetadata & { eventId: string };
  recordedAt: Date;
}

type Row = { type: string; data: unknown; stream_version: number; global_position: number; metadata: unknown; recorded_at: Date };

const toStored = <E extends { type: string }>(r: Row): StoredEvent<E> => ({
  event: { type: r.type, ...(r.data as object) } as E,
  streamVersion: r.stream_version,
  globalPosition: r.global_position,
  metadata: r.metadata as StoredEvent['metadata'],
  recordedAt: r.recorded_at,
});

/** Reads a whole stream in order. Version 0 means the stream does not exist yet. */
export const readStream = async <E extends { type: string }>(
  db: Executor<KitTables>,
  streamId: string,
): Promise<{ events: StoredEvent<E>[]; version: number }> => {
  const rows = await db.selectFrom('events').selectAll().where('stream_id', '=', streamId).orderBy('stream_version').execute();
  return { events: rows.map((r) => toStored<E>(r)), version: rows.at(-1)?.stream_version ?? 0 };
};

/** The events of a stream after `afterVersion`, in order (a snapshot covers the ones before). */
export const readStreamAfter = async <E extends { type: string }>(db: Executor<KitTables>, streamId: string, afterVersion: number): Promise<StoredEvent<E>[]> =>
  (
    await db.selectFrom('events').selectAll().where('stream_id', '=', streamId).where('stream_version', '>', afterVersion).orderBy('stream_version').execute()
  ).map((r) => toStored<E>(r));

/** Every stream in commit order of position, a batch at a time: what projection rebuilds replay. */
export const readAll = async <E extends { type: string }>(
  db: Executor<KitTables>,
  { after = 0, limit = 500 }: { after?: number; limit?: number } = {},
): Promise<StoredEvent<E>[]> =>
  (await db.selectFrom('events').selectAll().where('global_position', '>', after).orderBy('global_position').limit(limit).execute()).map((r) => toStored<E>(r));

/**
 * Appends events at expectedVersion+1…; a concurrent writer makes the unique (stream_id, stream_version) fail,
 * which surfaces as ConcurrencyError. Must run inside the command's transaction.
 */
export const appendToStream = async <E extends { type: string }>(
  trx: Transaction<KitTables>,
  streamId: string,
  expectedVersion: number,
  events: E[],
  metadata: EventMetadata,
): Promise<{ version: number; stored: StoredEvent<E>[] }> => {
  if (events.length === 0) return { version: expectedVersion, stored: [] };
  const rows = events.map((e, i) => {
    const { type, ...data } = e;
    return {
      stream_id: streamId,
      stream_version: expectedVersion + i + 1,
      type,
      data: JSON.stringify(data),
      metadata: JSON.stringify({ ...metadata, eventId: newId() }),
    };
  });
  try {
    // A savepoint keeps the outer transaction usable after a unique violation, so the caller can retry cleanly.
    const started = performance.now();
    await sql`savepoint append_events`.execute(trx);
    const inserted = await trx.insertInto('events').values(rows).returningAll().execute();
    await sql`release savepoint append_events`.execute(trx);
    observeAppend((performance.now() - started) / 1000);
    return { version: expectedVersion + events.length, stored: inserted.map((r) => toStored<E>(r)) };
  } catch (err) {
    if (isUniqueViolation(err, 'events_stream_version_uq')) {
      await sql`rollback to savepoint append_events`.execute(trx);
      throw new ConcurrencyError(streamId, expectedVersion);
    }
    throw err;
  }
};
