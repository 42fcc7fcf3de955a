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
  /**
   * Internal event → the integration events other services see ([] for events that stay internal). `state` is the
   * aggregate's state right after this event; `trx` is the command's transaction, after the inline projections ran
   * (for facts the read tables hold). Runs for live commands only, never in a projection rebuild.
   */
  toIntegrationEvents(stored: StoredEvent<E>, after: AfterEvent<DB, S>): EventEnvelope[] | Promise<EventEnvelope[]>;
  topic: string;
  /**
   * Streams that grow without end (a member's visits) keep a snapshot of their state every `every` events, so a command
   * folds at most `every` events, not years of them. The state must survive JSON (plain objects, strings, numbers);
   * raise `schema` when its shape changes and older snapshots are ignored.
   */
  snapshot?: { every: number; schema: number };
}

/** What `toIntegrationEvents` sees besides the stored event. */
export interface AfterEvent<DB, S> {
  /** The aggregate's state right after the event. */
  state: S;
  /** The command's transaction (the inline projections have run). */
  trx: Transaction<DB>;
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

/** What a write may add around the decider. */
export interface CommandOptions<DB, S> {
  /**
   * A rule that needs more than the stream, checked in the command's transaction before the decider runs: a count
   * under an advisory lock, another table's row. Throws (a DomainError/AppError) to refuse; `state` is the stream's.
   */
  check?: (state: S, trx: Transaction<DB>) => void | Promise<void>;
  /** The version the client saw: a stream that moved on since throws `onStale()` (default ConcurrencyError), not retried. */
  expectedVersion?: number | undefined;
  onStale?: () => Error;
  /** The error the caller sees instead of `err` (a read table's unique violation → a 409 of the domain); `err` itself when unchanged. */
  mapError?: (err: unknown) => unknown;
  /** With a pool: how often the whole transaction runs again when another writer appended first (default 3). */
  maxRetries?: number;
}

/** The integration events of the appended events, each built with the state right after it, into the outbox. */
export const publishAfter = async <DB, C, E extends { type: string }, S>(
  trx: Transaction<DB>,
  aggregate: Aggregate<DB, C, E, S>,
  before: S,
  stored: readonly StoredEvent<E>[],
): Promise<EventEnvelope[]> => {
  const out: EventEnvelope[] = [];
  let state = before;
  for (const s of stored) {
    state = aggregate.decider.evolve(state, s.event);
    out.push(...(await aggregate.toIntegrationEvents(s, { state, trx })));
  }
  return out;
};

/**
 * A command, or how to build it from the stream's state (loaded inside the transaction): for a command whose input costs
 * a query that only some states need (a booking needs the waitlist's eligibility only when someone waits and a place is free).
 */
export type CommandOf<C, S> = C | ((state: S) => C | Promise<C>);

const runIn = async <DB extends KitTables, C, E extends { type: string }, S>(
  trx: Transaction<DB>,
  aggregate: Aggregate<DB, C, E, S>,
  id: string,
  commandOf: CommandOf<C, S>,
  metadata: EventMetadata,
  { check, expectedVersion, onStale }: CommandOptions<DB, S>,
): Promise<CommandResult<E, S>> => {
  const streamId = aggregate.streamId(id);
  const { decider } = aggregate;
  const kitTrx = trx as unknown as Transaction<KitTables>;
  const past = await loadState(kitTrx, aggregate, streamId);
  if (expectedVersion !== undefined && expectedVersion !== past.version) throw onStale ? onStale() : new ConcurrencyError(streamId, expectedVersion);
  const { state } = past;
  if (check) await check(state, trx);
  const command = typeof commandOf === 'function' ? await (commandOf as (state: S) => C | Promise<C>)(state) : commandOf;
  const decided = decider.decide(command, state);
  const { stored, version } = await appendToStream(kitTrx, streamId, past.version, decided, metadata);
  // Per event, its projections then its integration events: the hook reads the read tables as of that event.
  let after = state;
  for (const event of stored) {
    for (const project of aggregate.projections) await project(trx, event);
    after = decider.evolve(after, event.event);
    for (const envelope of await aggregate.toIntegrationEvents(event, { state: after, trx })) await enqueue(trx, aggregate.topic, envelope);
  }
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
const retryOnConflict = async <T>(work: () => Promise<T>, { maxRetries = 3 }: { maxRetries?: number } = {}): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ConcurrencyError && attempt < maxRetries) continue;
      throw err;
    }
  }
};

/** Runs `work` in one transaction, again (up to `maxRetries` times) when another writer appended to a stream first. */
export const inTransaction = <DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
  { maxRetries = 3 }: { maxRetries?: number } = {},
): Promise<T> => retryOnConflict(() => db.transaction().execute(work), { maxRetries });

/**
 * The one way to run a command. Load the stream (from its snapshot), `check`, build the command when given as a function
 * of the state, decide, append at the version read
 * (optimistic concurrency), run the aggregate's inline projections for each new event, write its integration events
 * to the outbox (`toIntegrationEvents` with the state after each event), snapshot when due.
 *
 * `db` a pool: in a transaction of its own, run again on the fresh stream (up to `maxRetries`) when another writer
 * appended first. `db` a transaction the caller holds (a count under a lock taken first, a consumer's inbox, several
 * commands together): inside it, and a ConcurrencyError reaches the caller, whose `inTransaction` runs it all again.
 * Either way an error (a DomainError from the decider or `check`, a unique violation from a projection) rolls back
 * and reaches the caller through `mapError`.
 */
export const executeCommand = async <DB extends KitTables, C, E extends { type: string }, S>(
  db: Kysely<DB> | Transaction<DB>,
  aggregate: Aggregate<DB, C, E, S>,
  id: string,
  command: CommandOf<C, S>,
  metadata: EventMetadata,
  options: CommandOptions<DB, S> = {},
): Promise<CommandResult<E, S>> => {
  try {
    if (db.isTransaction) return await runIn(db as Transaction<DB>, aggregate, id, command, metadata, options);
    return await inTransaction(db, (trx) => runIn(trx, aggregate, id, command, metadata, options), { maxRetries: options.maxRetries ?? 3 });
  } catch (err) {
    throw options.mapError ? options.mapError(err) : err;
  }
};
