import type { EventEnvelope } from '@akhada/contracts';
import type { Kysely, Transaction } from 'kysely';
import { preparedSql } from '../db/database.ts';
import type { KitTables } from '../db/kit-migrations.ts';
import { fold, type Decider } from '../domain/decider.ts';
import { ConcurrencyError } from '../errors.ts';
import type { EventMetadata } from './envelope.ts';
import { appendToStream, readStream, toStored, type StoredEvent } from './event-store.ts';
import { enqueue } from './outbox.ts';

/**
 * An inline projection: updates a read table from one stored event, inside the command's transaction. `many`, when
 * given, does the same for the events of several streams at once (group commit: one statement for a batch, in order).
 */
export interface Projection<DB, E extends { type: string }> {
  (trx: Transaction<DB>, stored: StoredEvent<E>): Promise<void>;
  many?: (trx: Transaction<DB>, stored: readonly StoredEvent<E>[]) => Promise<void>;
}

/**
 * An event-sourced aggregate, registered once: how its stream is named, its decider, the read tables kept in step
 * with it (inline, same transaction) and how its internal events become integration events on its topic.
 */
export interface Aggregate<DB, C, E extends { type: string }, S> {
  name: string;
  streamId(id: string): string;
  decider: Decider<C, E, S>;
  projections: readonly Projection<DB, E>[];
  /** Internal event → the integration events other services see ([] for events that stay internal). */
  toIntegrationEvents(stored: StoredEvent<E>): EventEnvelope[];
  topic: string;
  /**
   * Streams that grow without end (a member's visits) keep a snapshot of their state every `every` events, so a command
   * folds at most `every` events, not years of them. The state must survive JSON (plain objects, strings, numbers);
   * raise `schema` when its shape changes and older snapshots are ignored.
   */
  snapshot?: { every: number; schema: number };
}

export const defineAggregate = <DB extends KitTables, C, E extends { type: string }, S>(aggregate: Aggregate<DB, C, E, S>): Aggregate<DB, C, E, S> => aggregate;

export interface CommandResult<E extends { type: string }, S> {
  /** The state after the new events. */
  state: S;
  /** The events this command appended (empty when the decider decided nothing). */
  events: StoredEvent<E>[];
  /** The stream's version after the command. */
  version: number;
}

/**
 * One command inside a transaction the caller holds: load the stream, decide, append at the version read, project
 * inline, enqueue the integration events. For a command whose rule needs more than its stream (a count under a lock
 * taken first) and for consumers (the inbox transaction). A ConcurrencyError reaches the caller, who retries the whole
 * transaction (`retryOnConflict`). `expectedVersion`, when given, is the version the client saw: a stream that moved
 * on since throws `onStale()` without retrying.
 */
export const executeCommandIn = async <DB extends KitTables, C, E extends { type: string }, S>(
  trx: Transaction<DB>,
  aggregate: Aggregate<DB, C, E, S>,
  id: string,
  command: C,
  metadata: EventMetadata,
  { expectedVersion, onStale }: { expectedVersion?: number | undefined; onStale?: () => Error } = {},
): Promise<CommandResult<E, S>> => {
  const streamId = aggregate.streamId(id);
  const { decider } = aggregate;
  const kitTrx = trx as unknown as Transaction<KitTables>;
  const past = await loadState(kitTrx, aggregate, streamId);
  if (expectedVersion !== undefined && expectedVersion !== past.version) throw onStale ? onStale() : new ConcurrencyError(streamId, expectedVersion);
  const { state } = past;
  const decided = decider.decide(command, state);
  const { stored, version } = await appendToStream(kitTrx, streamId, past.version, decided, metadata);
  for (const event of stored) {
    for (const project of aggregate.projections) await project(trx, event);
    for (const envelope of aggregate.toIntegrationEvents(event)) await enqueue(trx, aggregate.topic, envelope);
  }
  const after = decided.reduce((s, e) => decider.evolve(s, e), state);
  await saveSnapshotIfDue(kitTrx, aggregate, streamId, past.version, version, after);
  return { state: after, events: stored, version };
};

/** A new snapshot when the command's events crossed a multiple of the aggregate's `every`. */
export const saveSnapshotIfDue = async <DB, C, E extends { type: string }, S>(
  trx: Transaction<KitTables>,
  aggregate: Aggregate<DB, C, E, S>,
  streamId: string,
  before: number,
  version: number,
  state: S,
): Promise<void> => {
  const snap = aggregate.snapshot;
  if (!snap || version === before || Math.floor(version / snap.every) <= Math.floor(before / snap.every)) return;
  const row = { stream_id: streamId, stream_version: version, schema: snap.schema, state: JSON.stringify(state) };
  await trx
    .insertInto('snapshots')
    .values(row)
    .onConflict((oc) => oc.column('stream_id').doUpdateSet({ stream_version: version, schema: snap.schema, state: row.state, taken_at: new Date() }))
    .execute();
};

/** A row of a stream read from its snapshot: the snapshot's columns (null without one) beside each event after it. */
export type SnapshottedRow = {
  snap_version: number | null;
  state: unknown;
  type: string | null;
  data: unknown;
  stream_version: number | null;
  global_position: number;
  metadata: unknown;
  recorded_at: Date;
};

/** One round trip: the snapshot (if any) and the events after it, or the whole stream when there is none. */
const loadSnapshotted = preparedSql<SnapshottedRow>(
  `select s.stream_version as snap_version, s.state, e.type, e.data, e.stream_version, e.global_position, e.metadata, e.recorded_at
     from (select 1) as one
     left join snapshots s on s.stream_id = $1 and s.schema = $2
     left join events e on e.stream_id = $1 and e.stream_version > coalesce(s.stream_version, 0)
    order by e.stream_version`,
);

/** A stream's state and version: from its snapshot (when the aggregate keeps them) and the events after it. */
const loadState = async <DB, C, E extends { type: string }, S>(
  trx: Transaction<KitTables>,
  aggregate: Aggregate<DB, C, E, S>,
  streamId: string,
): Promise<{ state: S; version: number }> => {
  const { decider, snapshot } = aggregate;
  if (snapshot) {
    // One round trip: the snapshot (if any) and the events after it, or the whole stream when there is none.
    const { rows } = await trx.executeQuery(loadSnapshotted([streamId, snapshot.schema]));
    const first = rows[0];
    const rest = rows.filter((r) => r.stream_version !== null).map((r) => toStored<E>(r as Parameters<typeof toStored>[0]));
    if (first?.snap_version != null) {
      const state = rest.reduce((s, e) => decider.evolve(s, e.event), first.state as S);
      return { state, version: rest.at(-1)?.streamVersion ?? first.snap_version };
    }
    return {
      state: fold(
        decider,
        rest.map((p) => p.event),
      ),
      version: rest.at(-1)?.streamVersion ?? 0,
    };
  }
  const past = await readStream<E>(trx, streamId);
  return {
    state: fold(
      decider,
      past.events.map((p) => p.event),
    ),
    version: past.version,
  };
};

/** Runs `work` (a whole transaction) again, up to `maxRetries` times, when another writer appended to a stream first. */
export const retryOnConflict = async <T>(work: () => Promise<T>, { maxRetries = 3 }: { maxRetries?: number } = {}): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ConcurrencyError && attempt < maxRetries) continue;
      throw err;
    }
  }
};

/**
 * The one shape of a write. In ONE transaction: load the stream, fold it, decide, append at the version read
 * (optimistic concurrency), run the aggregate's inline projections for each new event and write its integration
 * events to the outbox. When another writer appended first (ConcurrencyError) the whole thing runs again on the
 * fresh stream, up to `maxRetries` times. Other errors (a DomainError from the decider, a unique violation from a
 * projection) roll everything back and reach the caller unchanged.
 */
export const executeCommand = <DB extends KitTables, C, E extends { type: string }, S>(
  db: Kysely<DB>,
  aggregate: Aggregate<DB, C, E, S>,
  id: string,
  command: C,
  metadata: EventMetadata,
  { maxRetries = 3 }: { maxRetries?: number } = {},
): Promise<CommandResult<E, S>> =>
  retryOnConflict(() => db.transaction().execute((trx) => executeCommandIn(trx, aggregate, id, command, metadata)), { maxRetries });
