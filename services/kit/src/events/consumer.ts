import { EventEnvelope, type EventDefinition } from '@akhada/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { KitTables } from '../db/kit-migrations.ts';
import type { Logger } from '../logger.ts';
import type { EventBus, StartAt } from './kafka.ts';
import { trackConsumerGroup } from '../metrics/metrics.ts';
import { within } from './within.ts';

export interface EventHandler<DB> {
  type: string;
  handle(trx: Transaction<DB>, envelope: EventEnvelope<unknown>): Promise<void>;
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

/** A consumer just started: `joined` resolves once it has joined its group (for `from: 'now'`: and is positioned). */
export interface StartedConsumer extends RunningConsumer {
  joined: Promise<void>;
}

const DEFAULT_PARTITIONS_CONCURRENTLY = 4;

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
}): Promise<StartedConsumer> => {
  const byType = new Map(handlers.map((h) => [h.type, h]));
  const kdb = db as unknown as Kysely<KitTables>;
  let stopping = false;
  // Operators see how far behind this consumer is, per partition (kafka_consumer_lag on /metrics).
  const untrack = trackConsumerGroup(groupId, topics);
  const subscription = await bus.subscribe({
    groupId,
    topics,
    from: startOf(from, fromBeginning, 'beginning'),
    partitionsConcurrently,
    onMessage: async ({ topic, partition, offset, value: raw }, heartbeat) => {
      let envelope: EventEnvelope<unknown>;
      try {
        envelope = EventEnvelope.parse(JSON.parse(raw)) as EventEnvelope<unknown>;
      } catch (err) {
        await kdb
          .insertInto('dead_letters')
          .values({
            consumer: name,
            event_id: null,
            topic,
            partition,
            offset,
            payload: raw.slice(0, 100_000),
            error: `invalid envelope: ${String(err)}`,
            attempts: 1,
          })
          .execute();
        logger.error({ topic, partition, offset }, 'parked a message that is not a valid event envelope');
        return;
      }
      const handler = byType.get(envelope.type);
      if (!handler) return;
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
            await kdb
              .insertInto('dead_letters')
              .values({
                consumer: name,
                event_id: envelope.eventId,
                topic,
                partition,
                offset,
                payload: raw.slice(0, 100_000),
                error: String((err as Error).stack ?? err),
                attempts: attempt,
              })
              .execute();
            logger.error({ err, eventId: envelope.eventId, type: envelope.type, attempts: attempt }, 'parked an event in dead_letters after repeated failures');
            return;
          }
          logger.warn({ err, eventId: envelope.eventId, type: envelope.type, attempt }, 'event handler failed; retrying');
          await sleep(Math.min(2000, 100 * 2 ** attempt));
          await heartbeat();
        }
      }
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
