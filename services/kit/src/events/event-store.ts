import { sql, type Kysely, type Transaction } from 'kysely';
import { ConcurrencyError } from '../errors.ts';
import type { KitTables } from '../db/kit-migrations.ts';
import type { EventMetadata } from './envelope.ts';
import { newId } from './envelope.ts';

export interface StoredEvent<E extends { type: string } = { type: string }> {
  event: E;
  streamVersion: number;
  globalPosition: number;
  metadata: EventMetadata & { eventId: string };
  recordedAt: Date;
}

type Exec = Kysely<KitTables> | Transaction<KitTables>;

/** Reads a whole stream in order. Version 0 means the stream does not exist yet. */
export const readStream = async <E extends { type: string }>(db: Exec, streamId: string): Promise<{ events: StoredEvent<E>[]; version: number }> => {
  const rows = await db.selectFrom('events').selectAll().where('stream_id', '=', streamId).orderBy('stream_version').execute();
  const events = rows.map((r) => ({
    event: { type: r.type, ...(r.data as object) } as E,
    streamVersion: r.stream_version,
    globalPosition: r.global_position,
    metadata: r.metadata as StoredEvent['metadata'],
    recordedAt: r.recorded_at,
  }));
  return { events, version: rows.at(-1)?.stream_version ?? 0 };
};

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
    await sql`savepoint append_events`.execute(trx);
    const inserted = await trx.insertInto('events').values(rows).returningAll().execute();
    await sql`release savepoint append_events`.execute(trx);
    const stored = inserted.map((r) => ({
      event: { type: r.type, ...(r.data as object) } as E,
      streamVersion: r.stream_version,
      globalPosition: r.global_position,
      metadata: r.metadata as StoredEvent['metadata'],
      recordedAt: r.recorded_at,
    }));
    return { version: expectedVersion + events.length, stored };
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      await sql`rollback to savepoint append_events`.execute(trx);
      throw new ConcurrencyError(streamId, expectedVersion);
    }
    throw err;
  }
};
