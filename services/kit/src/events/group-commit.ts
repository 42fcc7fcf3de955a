import type { Kysely, Transaction } from 'kysely';
import { preparedSql } from '../db/database.ts';
import type { KitTables } from '../db/kit-migrations.ts';
import { ConcurrencyError } from '../errors.ts';
import type { EventMetadata } from './envelope.ts';
import { executeCommand, publishAfter, saveSnapshotIfDue, type Aggregate, type CommandResult, type SnapshottedRow } from './aggregate.ts';
import { appendMany, toStored, type StoredEvent } from './event-store.ts';
import { enqueueMany } from './outbox.ts';

type LoadedRow = SnapshottedRow & { stream_id: string };

/** The streams of a batch, each from its snapshot (when the aggregate keeps them, `$2` its schema) and the events after it. */
const loadStreams = preparedSql<LoadedRow>(
  `select ids.stream_id, s.stream_version as snap_version, s.state, e.type, e.data, e.stream_version, e.global_position, e.metadata, e.recorded_at
     from unnest($1::text[]) as ids(stream_id)
     left join snapshots s on s.stream_id = ids.stream_id and s.schema = $2
     left join events e on e.stream_id = ids.stream_id and e.stream_version > coalesce(s.stream_version, 0)
    order by ids.stream_id, e.stream_version`,
);

interface Pending<C, E extends { type: string }, S> {
  id: string;
  streamId: string;
  command: C;
  metadata: EventMetadata;
  conflicts: number;
  resolve(result: CommandResult<E, S>): void;
  reject(err: unknown): void;
}

export interface GroupCommitOptions {
  /** How long the first command of a batch waits for others (ms). */
  windowMs?: number;
  /** Commands per transaction at most. */
  maxBatch?: number;
  /** Batches written at once at most (each holds a connection); commands arriving meanwhile wait and form the next. */
  maxInFlight?: number;
  /** How often a command that lost its stream to another writer is decided again on the fresh stream. */
  maxRetries?: number;
}

export interface GroupCommit<C, E extends { type: string }, S> {
  /** executeCommand's outcome for this command alone: its events, or its own error (the others of its batch are not affected). */
  execute(id: string, command: C, metadata: EventMetadata): Promise<CommandResult<E, S>>;
}

/**
 * Group commit of one aggregate's commands. Commands submitted within `windowMs` of each other (or while the batches
 * in flight are written) share ONE transaction: their streams are read in one statement, each command is decided on
 * its own stream, their events are appended in one multi-row insert at the versions read (optimistic concurrency per
 * stream, as executeCommand), their projections run per projection in one call when it has `many` (else per event),
 * their integration events go to the outbox in one statement, and one commit makes them durable together.
 *
 * Each command still succeeds or fails on its own: a decider's refusal rejects that command only (nothing of it was
 * written); a stream another writer appended to first (its insert skipped) rejects nothing yet — the command's rows
 * are taken out and it is decided again in a following batch, up to `maxRetries` times, then ConcurrencyError; two
 * commands of one stream never share a batch (the later waits for the next, and is decided on the first's events).
 * Should the transaction itself fail (a projection's constraint, the connection), every command of the batch runs
 * again alone through executeCommand, so only the one at fault fails. Commands that need more in their transaction
 * than their stream (a lock, another table's row) call executeCommand with their transaction.
 */
export const createGroupCommit = <DB extends KitTables, C, E extends { type: string }, S>(
  db: Kysely<DB>,
  aggregate: Aggregate<DB, C, E, S>,
  { windowMs = 1, maxBatch = 64, maxInFlight = 4, maxRetries = 3 }: GroupCommitOptions = {},
): GroupCommit<C, E, S> => {
  const queue: Pending<C, E, S>[] = [];
  let timer: NodeJS.Timeout | undefined;
  let inFlight = 0;

  const schedule = () => {
    if (timer || inFlight >= maxInFlight || queue.length === 0) return;
    timer = setTimeout(flush, windowMs);
  };

  const flush = () => {
    timer = undefined;
    // One command per stream in a batch: a later one of the same stream waits for the next batch.
    const batch: Pending<C, E, S>[] = [];
    const later: Pending<C, E, S>[] = [];
    const streams = new Set<string>();
    for (const p of queue.splice(0)) {
      if (batch.length < maxBatch && !streams.has(p.streamId)) {
        streams.add(p.streamId);
        batch.push(p);
      } else later.push(p);
    }
    queue.push(...later);
    inFlight++;
    void write(batch).finally(() => {
      inFlight--;
      schedule();
    });
    schedule();
  };

  const retry = (p: Pending<C, E, S>) => {
    if (++p.conflicts > maxRetries) p.reject(new ConcurrencyError(p.streamId, -1));
    else queue.push(p);
  };

  const write = async (batch: Pending<C, E, S>[]): Promise<void> => {
    const done: { p: Pending<C, E, S>; result: CommandResult<E, S> }[] = [];
    const refused: { p: Pending<C, E, S>; err: unknown }[] = [];
    const lost: Pending<C, E, S>[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        done.length = refused.length = lost.length = 0;
        await writeTogether(trx as unknown as Transaction<KitTables>, trx, batch, done, refused, lost);
      });
    } catch {
      // The transaction failed as a whole: each command alone, so that only the one at fault fails.
      await Promise.all(
        batch.map((p) =>
          executeCommand(db, aggregate, p.id, p.command, p.metadata, { maxRetries }).then(
            (result) => p.resolve(result),
            (err: unknown) => p.reject(err),
          ),
        ),
      );
      return;
    }
    for (const { p, result } of done) p.resolve(result);
    for (const { p, err } of refused) p.reject(err);
    for (const p of lost) retry(p);
  };

  const writeTogether = async (
    kitTrx: Transaction<KitTables>,
    trx: Transaction<DB>,
    batch: Pending<C, E, S>[],
    done: { p: Pending<C, E, S>; result: CommandResult<E, S> }[],
    refused: { p: Pending<C, E, S>; err: unknown }[],
    lost: Pending<C, E, S>[],
  ): Promise<void> => {
    const { decider, snapshot } = aggregate;
    const { rows } = await kitTrx.executeQuery(loadStreams([batch.map((p) => p.streamId), snapshot?.schema ?? null]));
    const past = new Map<string, { state: S; version: number }>();
    for (const r of rows) {
      let s = past.get(r.stream_id);
      if (!s) {
        s = r.snap_version != null ? { state: r.state as S, version: r.snap_version } : { state: decider.initialState(), version: 0 };
        past.set(r.stream_id, s);
      }
      if (r.stream_version !== null) {
        const stored = toStored<E>(r as Parameters<typeof toStored>[0]);
        s.state = decider.evolve(s.state, stored.event);
        s.version = stored.streamVersion;
      }
    }
    // Each command on its own stream; a refusal is that command's alone.
    const decided: { p: Pending<C, E, S>; state: S; version: number; events: E[] }[] = [];
    for (const p of batch) {
      const { state, version } = past.get(p.streamId) ?? { state: decider.initialState(), version: 0 };
      try {
        decided.push({ p, state, version, events: decider.decide(p.command, state) });
      } catch (err) {
        refused.push({ p, err });
      }
    }
    const appended = await appendMany(
      kitTrx,
      decided.map((d) => ({ streamId: d.p.streamId, expectedVersion: d.version, events: d.events, metadata: d.p.metadata })),
    );
    const won: { p: Pending<C, E, S>; state: S; version: number; events: E[]; stored: StoredEvent<E>[] }[] = [];
    for (const [i, d] of decided.entries()) {
      const stored = appended[i];
      if (stored) won.push({ ...d, stored });
      else lost.push(d.p);
    }
    const storedAll = won.flatMap((w) => w.stored);
    for (const project of aggregate.projections) {
      if (project.many) await project.many(trx, storedAll);
      else for (const event of storedAll) await project(trx, event);
    }
    const envelopes = [];
    for (const w of won) envelopes.push(...(await publishAfter(trx, aggregate, w.state, w.stored)));
    await enqueueMany(trx, aggregate.topic, envelopes);
    for (const w of won) {
      const after = w.events.reduce((s, e) => decider.evolve(s, e), w.state);
      const version = w.version + w.events.length;
      await saveSnapshotIfDue(kitTrx, aggregate, w.p.streamId, w.version, version, after);
      done.push({ p: w.p, result: { state: after, events: w.stored, version } });
    }
  };

  return {
    execute: (id, command, metadata) =>
      new Promise<CommandResult<E, S>>((resolve, reject) => {
        queue.push({ id, streamId: aggregate.streamId(id), command, metadata, conflicts: 0, resolve, reject });
        schedule();
      }),
  };
};
