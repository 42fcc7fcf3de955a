import { CompiledQuery, type Transaction } from 'kysely';
import { preparedSql } from '../db/database.ts';
import { observeAppend } from '../metrics/metrics.ts';
import { ConcurrencyError } from '../errors.ts';
import type { Executor } from '../db/executor.ts';
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

type Row = { type: string; data: unknown; stream_version: number; global_position: number; metadata: unknown; recorded_at: Date };

/** A row of `events` as the stored event it holds. */
export const toStored = <E extends { type: string }>(r: Row): StoredEvent<E> => ({
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

const STORED_COLUMNS = 'global_position, stream_id, stream_version, type, data, metadata, recorded_at';
type AppendedRow = Row & { stream_id: string };

const appendText = (n: number) =>
  `insert into events (stream_id, stream_version, type, data, metadata) values ${Array.from(
    { length: n },
    (_, i) => `($${5 * i + 1}, $${5 * i + 2}, $${5 * i + 3}, $${5 * i + 4}, $${5 * i + 5})`,
  ).join(', ')} on conflict (stream_id, stream_version) do nothing returning ${STORED_COLUMNS}`;

/**
 * The append of n events: a prepared statement per n up to PREPARED_ROWS (a command appends one or two events, so a
 * few shapes in all); a longer batch runs unnamed, rather than preparing every length on every connection.
 */
const PREPARED_ROWS = 16;
const appendStatements = new Map<number, (params: readonly unknown[]) => CompiledQuery<AppendedRow>>();
const appendStatement = (n: number): ((params: readonly unknown[]) => CompiledQuery<AppendedRow>) => {
  if (n > PREPARED_ROWS) return (params) => CompiledQuery.raw(appendText(n), [...params]) as CompiledQuery<AppendedRow>;
  let statement = appendStatements.get(n);
  if (!statement) {
    statement = preparedSql<AppendedRow>(appendText(n));
    appendStatements.set(n, statement);
  }
  return statement;
};

/**
 * Appends events at expectedVersion+1…; a concurrent writer already holding one of those versions (the unique
 * (stream_id, stream_version)) surfaces as ConcurrencyError. Must run inside the command's transaction, which the caller
 * rolls back on that error (inTransaction runs the whole transaction again): events of a batch may have been written
 * before the clash was seen. `on conflict do nothing` instead of a unique violation under a savepoint: the same outcome
 * (a concurrent insert of the same version is waited for, then skipped), in one round trip instead of three.
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
  const started = performance.now();
  const { rows: inserted } = await trx.executeQuery(
    appendStatement(rows.length)(rows.flatMap((r) => [r.stream_id, r.stream_version, r.type, r.data, r.metadata])),
  );
  if (inserted.length < rows.length) throw new ConcurrencyError(streamId, expectedVersion);
  observeAppend((performance.now() - started) / 1000);
  return { version: expectedVersion + events.length, stored: inserted.map((r) => toStored<E>(r)) };
};

/**
 * The appends of several streams in one statement (group commit): each at its expectedVersion+1…, as appendToStream.
 * The answer follows the input: a stream's stored events, or undefined when another writer held one of its versions
 * (its rows that did go in are deleted again in the same transaction, so nothing of it stays). Streams are distinct.
 */
export const appendMany = async <E extends { type: string }>(
  trx: Transaction<KitTables>,
  appends: readonly { streamId: string; expectedVersion: number; events: readonly E[]; metadata: EventMetadata }[],
): Promise<(StoredEvent<E>[] | undefined)[]> => {
  const rows = appends.flatMap(({ streamId, expectedVersion, events, metadata }) =>
    events.map((e, i) => {
      const { type, ...data } = e;
      return [streamId, expectedVersion + i + 1, type, JSON.stringify(data), JSON.stringify({ ...metadata, eventId: newId() })];
    }),
  );
  if (new Set(appends.map((a) => a.streamId)).size < appends.length) throw new Error('appendMany: a stream appears twice');
  if (rows.length === 0) return appends.map(() => []);
  const started = performance.now();
  const { rows: inserted } = await trx.executeQuery(appendStatement(rows.length)(rows.flat()));
  observeAppend((performance.now() - started) / 1000);
  const byStream = new Map<string, AppendedRow[]>();
  for (const r of inserted) {
    const list = byStream.get(r.stream_id);
    if (list) list.push(r);
    else byStream.set(r.stream_id, [r]);
  }
  const partial: number[] = [];
  const answer = appends.map(({ streamId, events }) => {
    const got = (byStream.get(streamId) ?? []).sort((a, b) => a.stream_version - b.stream_version);
    if (got.length === events.length) return got.map((r) => toStored<E>(r));
    partial.push(...got.map((r) => r.global_position));
    return undefined;
  });
  if (partial.length > 0) await trx.deleteFrom('events').where('global_position', 'in', partial).execute();
  return answer;
};
