import { EventEnvelope, type EventDefinition } from '@akhada/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { KitTables } from '../db/kit-migrations.ts';
import type { Logger } from '../logger.ts';
import type { EventBus, ReceivedMessage, StartAt } from './kafka.ts';
import { trackConsumerGroup } from '../metrics/metrics.ts';
import { within } from './within.ts';

export interface EventHandler<DB> {
  type: string;
  handle(trx: Transaction<DB>, envelope: EventEnvelope<unknown>): Promise<void>;
  /**
   * Optional: applies a run of consecutive events of a batch in one call, with the effect `handle` would have on each
   * in order (multi-row statements instead of a round trip per event). A run is the events next to each other in the
   * batch whose handlers share this same function, so handlers of several types may share one. `handle` still
   * applies an event alone (retries, and the parts of a failed batch).
   */
  many?(trx: Transaction<DB>, envelopes: EventEnvelope<unknown>[]): Promise<void>;
}

/** Binds a handler to an event definition; the payload is parsed with the contract before the handler sees it. */
export const on = <DB, TType extends string, TData extends z.ZodType>(
  def: EventDefinition<TType, TData>,
  handle: (trx: Transaction<DB>, envelope: EventEnvelope<z.infer<TData>>) => Promise<void>,
): EventHandler<DB> => ({
  type: def.type,
  handle: (trx, env) => handle(trx, { ...env, data: def.data.parse(env.data) }),
});

export interface RunningConsumer {
  stop(): Promise<void>;
}

/**
 * Stops consumers side by side: each one's stop waits for its fetch in flight (up to KAFKA_IDLE_WAIT_MS, 5 s in
 * production), so one after the other a service with six groups outlived its 15 s shutdown allowance. The function
 * answers the same promise however often it is called (serve's stopFirst and onClose may both name it).
 */
export const stopAll = (consumers: readonly RunningConsumer[]): (() => Promise<void>) => {
  let stopped: Promise<void> | undefined;
  return () => (stopped ??= Promise.all(consumers.map((c) => c.stop())).then(() => undefined));
};

/** A consumer just started: `joined` resolves once it has joined its group (for `from: 'now'`: and is positioned). */
export interface StartedConsumer extends RunningConsumer {
  joined: Promise<void>;
}

const DEFAULT_PARTITIONS_CONCURRENTLY = 4;
const DEFAULT_MAX_BATCH_SIZE = 100;

/**
 * How long the read models of a busy topic (the check-ins on attendance's) let the broker gather events: at 100
 * check-ins/s a fetch brings ~50 of them to one transaction instead of one or two, for half a second of delay on a
 * dashboard figure or a member's last visit. Never for what a person waits on (the staff screen's push: the hub).
 */
export const READ_MODEL_GATHER_MS = 500;

/** Thrown by exclusiveLock when a batch transaction would wait for a lock while holding others. */
class LockBusy extends Error {}

/** The consumer's batch transactions: whether one has applied an event already (and so may hold its locks). */
const batchStates = new WeakMap<object, { holdsLocks: boolean }>();

/**
 * A transaction-scoped advisory lock for a consumer's handler (or any transaction). In a consumer's batch, an event
 * after the first must not wait for a lock while it holds the earlier events' — two batches locking in different
 * orders would deadlock — so there it only tries, and when the lock is taken the batch commits the events before it
 * and the event starts the next transaction, where it waits like everywhere else.
 */
export const exclusiveLock = (trx: Transaction<unknown>, key: string): Promise<void> => exclusiveLocks(trx, [key]);

/** exclusiveLock for several keys in one round trip, taken in the order given (sort them, so no two writers cross). */
export const exclusiveLocks = async (trx: Transaction<unknown>, keys: readonly string[]): Promise<void> => {
  if (keys.length === 0) return;
  const ordered = sql`(select k, i from unnest(${[...keys]}::text[]) with ordinality as t(k, i) order by i) as keys`;
  if (!batchStates.get(trx)?.holdsLocks) {
    await sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from ${ordered}`.execute(trx);
    return;
  }
  const { rows } = await sql<{ locked: boolean }>`select bool_and(pg_try_advisory_xact_lock(hashtextextended(k, 0))) as locked from ${ordered}`.execute(trx);
  if (!rows[0]?.locked) throw new LockBusy(keys.join(', '));
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `from` wins; `fromBeginning` is the older spelling (true → 'beginning', false → 'latest'). */
const startOf = (from: StartAt | undefined, fromBeginning: boolean | undefined, fallback: StartAt): StartAt =>
  from ?? (fromBeginning === undefined ? fallback : fromBeginning ? 'beginning' : 'latest');

/**
 * Consumes topics with an inbox: the (consumer, eventId) row and the handler's effect commit in one transaction, so a
 * redelivered message is a no-op. A message that keeps failing is parked in dead_letters after `maxAttempts` and the
 * partition moves on. Messages that are not valid envelopes are parked at once.
 */
export const runConsumer = async <DB extends KitTables>({
  bus,
  db,
  name,
  groupId = name,
  topics,
  handlers,
  logger,
  maxAttempts = 5,
  partitionsConcurrently = DEFAULT_PARTITIONS_CONCURRENTLY,
  from,
  fromBeginning,
  maxBatchSize = DEFAULT_MAX_BATCH_SIZE,
  gatherMs,
}: {
  bus: EventBus;
  db: Kysely<DB>;
  name: string;
  groupId?: string;
  topics: string[];
  handlers: EventHandler<DB>[];
  logger: Logger;
  maxAttempts?: number;
  /**
   * Partitions handled at once (default 4): a backlog on one topic (a bulk import of members) does not hold back a
   * complaint's notification on another. Each handler runs in its own transaction with the inbox, and a handler that
   * fails (a deadlock with a sibling included) is retried, so handlers only need to be correct per aggregate.
   */
  partitionsConcurrently?: number;
  /** Where a new group starts (default 'beginning'). */
  from?: StartAt;
  fromBeginning?: boolean;
  /** The most events applied in one transaction (default 100); 1 gives every event its own. */
  maxBatchSize?: number;
  /** See SubscribeOptions.gatherMs: for consumers nobody waits on, e.g. READ_MODEL_GATHER_MS. */
  gatherMs?: number;
}): Promise<StartedConsumer> => {
  const byType = new Map(handlers.map((h) => [h.type, h]));
  const kdb = db as unknown as Kysely<KitTables>;
  let stopping = false;
  // Operators see how far behind this consumer is, per partition (kafka_consumer_lag on /metrics).
  const untrack = trackConsumerGroup(groupId, topics);
  interface Pending {
    message: ReceivedMessage;
    envelope: EventEnvelope<unknown>;
    handler: EventHandler<DB>;
  }
  const park = (message: ReceivedMessage, eventId: string | null, error: string, attempts: number) =>
    kdb
      .insertInto('dead_letters')
      .values({
        consumer: name,
        event_id: eventId,
        topic: message.topic,
        partition: message.partition,
        offset: message.offset,
        payload: message.value.slice(0, 100_000),
        error,
        attempts,
      })
      .execute();
  /** The message's envelope and handler; a message that is not an envelope is parked, one no handler wants skipped (by its header when it has one). */
  const pendingOf = async (message: ReceivedMessage): Promise<Pending | undefined> => {
    // Most consumers want a few types of a topic (auth reads attendance's only for erasures): the relay's header
    // says the type, so the others are passed over without parsing JSON and the envelope schema.
    if (message.eventType !== null && !byType.has(message.eventType)) return undefined;
    let envelope: EventEnvelope<unknown>;
    try {
      envelope = EventEnvelope.parse(JSON.parse(message.value)) as EventEnvelope<unknown>;
    } catch (err) {
      await park(message, null, `invalid envelope: ${String(err)}`, 1);
      logger.error({ topic: message.topic, partition: message.partition, offset: message.offset }, 'parked a message that is not a valid event envelope');
      return undefined;
    }
    const handler = byType.get(envelope.type);
    return handler ? { message, envelope, handler } : undefined;
  };
  /** One event in its own transaction with its inbox row, retried, and parked after `maxAttempts`. */
  const applyAlone = async ({ message, envelope, handler }: Pending, heartbeat: () => Promise<void>): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction().execute(async (trx) => {
          const inserted = await (trx as unknown as Transaction<KitTables>)
            .insertInto('inbox')
            .values({ consumer: name, event_id: envelope.eventId })
            .onConflict((oc) => oc.doNothing())
            .returning('event_id')
            .executeTakeFirst();
          if (!inserted) return; // already applied
          await handler.handle(trx, envelope);
        });
        return;
      } catch (err) {
        if (stopping) throw err; // leave it uncommitted; the next owner of the partition gets it again
        if (attempt >= maxAttempts) {
          await park(message, envelope.eventId, String((err as Error).stack ?? err), attempt);
          logger.error({ err, eventId: envelope.eventId, type: envelope.type, attempts: attempt }, 'parked an event in dead_letters after repeated failures');
          return;
        }
        logger.warn({ err, eventId: envelope.eventId, type: envelope.type, attempt }, 'event handler failed; retrying');
        await sleep(Math.min(2000, 100 * 2 ** attempt));
        await heartbeat();
      }
    }
  };
  /**
   * Events in one transaction: their inbox rows in one statement, then each new one's handler, in partition order, and
   * one commit — a backlog costs a commit per batch instead of per event. Should an event fail, the transaction rolls
   * back, the events before it are applied again in a transaction of their own, and the failing one goes first into
   * the next (where it waits for its locks, see `exclusiveLock`) or, when it fails there too, alone with retries.
   * Exactly-once is the inbox's as before: an event's row commits with its effects or not at all.
   */
  const applyTogether = async (pending: Pending[], heartbeat: () => Promise<void>): Promise<void> => {
    let start = 0;
    let end = pending.length;
    while (start < pending.length) {
      if (end - start === 1) {
        await applyAlone(pending[start]!, heartbeat);
        start += 1;
        end = pending.length;
        continue;
      }
      const slice = pending.slice(start, end);
      let failedAt = -1;
      try {
        await db.transaction().execute(async (trx) => {
          const state = { holdsLocks: false };
          batchStates.set(trx, state);
          const ids = [...new Set(slice.map((p) => p.envelope.eventId))];
          const fresh = new Set(
            (
              await (trx as unknown as Transaction<KitTables>)
                .insertInto('inbox')
                .values(ids.map((event_id) => ({ consumer: name, event_id })))
                .onConflict((oc) => oc.doNothing())
                .returning('event_id')
                .execute()
            ).map((r) => r.event_id.toLowerCase()),
          );
          for (let k = 0; k < slice.length;) {
            const first = k;
            const p = slice[k]!;
            k += 1;
            if (!fresh.delete(p.envelope.eventId.toLowerCase())) continue; // applied before, or twice in this batch
            // A run of events whose handlers share a `many`: one call for all of them (skipping ones applied before).
            const run = [p.envelope];
            const many = p.handler.many;
            while (many && k < slice.length && slice[k]!.handler.many === many) {
              const next = slice[k]!;
              k += 1;
              if (fresh.delete(next.envelope.eventId.toLowerCase())) run.push(next.envelope);
            }
            try {
              await (many && run.length > 1 ? many(trx, run) : p.handler.handle(trx, p.envelope));
            } catch (err) {
              failedAt = first; // a failed run: its first event goes first into what follows
              throw err;
            }
            state.holdsLocks = true;
          }
        });
        start = end;
        end = pending.length;
      } catch (err) {
        if (stopping) throw err;
        if (!(err instanceof LockBusy))
          logger.warn({ err, eventId: slice[Math.max(0, failedAt)]?.envelope.eventId }, 'a batch of events failed; applying it in parts');
        // The events before the failing one again on their own; the failing one (or, when the inbox or the commit
        // failed, the first) first in what follows.
        end = failedAt > 0 ? start + failedAt : start + 1;
      }
      await heartbeat();
    }
  };
  const subscription = await bus.subscribe({
    groupId,
    topics,
    from: startOf(from, fromBeginning, 'beginning'),
    partitionsConcurrently,
    maxBatchSize,
    ...(gatherMs !== undefined && { gatherMs }),
    onBatch: async (messages, heartbeat) => {
      const pending: Pending[] = [];
      for (const m of messages) {
        const p = await pendingOf(m);
        if (p) pending.push(p);
      }
      await applyTogether(pending, heartbeat);
    },
  });
  return {
    joined: subscription.joined,
    async stop() {
      stopping = true;
      untrack();
      await subscription.stop();
    },
  };
};

/**
 * Consumes a fan-out topic with no database: every instance under its own group (e.g. each real-time hub pushes to its
 * own sockets). At-most-once by design; clients refetch after reconnecting.
 */
export const runFanoutConsumer = async ({
  bus,
  groupId,
  topics,
  onEvent,
  logger,
  from,
  fromBeginning,
}: {
  bus: EventBus;
  groupId: string;
  topics: string[];
  onEvent: (envelope: EventEnvelope<unknown>) => Promise<void> | void;
  logger: Logger;
  /** Where the group starts (default 'latest'). */
  from?: StartAt;
  fromBeginning?: boolean;
}): Promise<StartedConsumer> => {
  const subscription = await bus.subscribe({
    groupId,
    topics,
    from: startOf(from, fromBeginning, 'latest'),
    onMessage: async ({ value }) => {
      try {
        await onEvent(EventEnvelope.parse(JSON.parse(value)) as EventEnvelope<unknown>);
      } catch (err) {
        logger.warn({ err }, 'fan-out consumer skipped a message');
      }
    },
  });
  return { joined: subscription.joined, stop: () => subscription.stop() };
};

/** One inbox consumer group of a service: which topic it follows and what it does with each event. */
export interface ConsumerGroupSpec<DB> {
  /** Names the consumer in logs and metrics, e.g. `members.auth`. */
  name: string;
  groupId: string;
  topic: string;
  handlers: EventHandler<DB>[];
  /** See SubscribeOptions.gatherMs (READ_MODEL_GATHER_MS for a busy topic's read models); unset: each event at once. */
  gatherMs?: number;
}

/**
 * A service's inbox consumers of other services' events, one group per topic (a group's partitions of every topic it
 * subscribes are spread across its members, so consumers of different topics must not share a group), started in
 * order. `startAt: 'beginning'` (the service): a group without committed offsets reads its whole topic, so the read
 * models are complete; `'now'` (tests): skip history, and resolve only once every group has joined, so nothing
 * produced afterwards is missed. When one fails to start, the ones already running are stopped.
 */
export const startConsumerGroups = async <DB extends KitTables>(
  o: { bus: EventBus; db: Kysely<DB>; logger: Logger; startAt?: 'beginning' | 'now' },
  groups: readonly ConsumerGroupSpec<DB>[],
): Promise<RunningConsumer[]> => {
  const from = o.startAt ?? 'beginning';
  const started: RunningConsumer[] = [];
  try {
    for (const g of groups) {
      const consumer = await runConsumer<DB>({
        bus: o.bus,
        db: o.db,
        logger: o.logger,
        name: g.name,
        groupId: g.groupId,
        topics: [g.topic],
        handlers: g.handlers,
        from,
        ...(g.gatherMs !== undefined && { gatherMs: g.gatherMs }),
      });
      started.push(consumer);
      if (from === 'now') await within(consumer.joined, 60_000, `consumer ${g.name} did not join group ${g.groupId} within 60 s`);
    }
    return started;
  } catch (err) {
    for (const c of started.reverse()) await c.stop();
    throw err;
  }
};
