import { consumerGroupOf } from '@akhada/contracts';
import { Kafka, logLevel, Partitioners, CompressionTypes, type Consumer, type Producer, type KafkaMessage, type PartitionMetadata } from 'kafkajs';
import { createRequire } from 'node:module';
import type { Logger } from '../logger.ts';
import { ensureTopicsOn, type TopicSpec } from './topics.ts';

/**
 * kafkajs 2.2.4 (its last release) keeps every broker connection in a ~1 ms timer loop while nothing is pending:
 * RequestQueue.scheduleCheckPendingRequests schedules itself with `throttledUntil - now`, negative when there is no
 * throttle (tulios/kafkajs#1556, #1704; fix proposed in #1667 and #1768, never released). Measured here: an idle
 * service woke ~1,700 times a second (strace: epoll_pwait), 35–60 ms of CPU a second for each of the stack's ten
 * services. The same method with the fix: when nothing is pending and no throttle is on, there is nothing to check
 * (a new request either goes out at once or is pushed as pending, which schedules the check again). Applied once, to
 * this exact version only; `kafkajsIdleLoopFixed` says whether it is in place.
 */
const KAFKAJS_PATCHED_VERSION = '2.2.4';
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10; // kafkajs's own constant
interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}
const fixKafkajsIdleLoop = (): boolean => {
  const load = createRequire(import.meta.url);
  const version = (load('kafkajs/package.json') as { version: string }).version;
  if (version !== KAFKAJS_PATCHED_VERSION) return false;
  const RequestQueue = load('kafkajs/src/network/requestQueue/index.js') as { prototype: RequestQueueInternals };
  RequestQueue.prototype.scheduleCheckPendingRequests = function (this: RequestQueueInternals) {
    if (this.throttleCheckTimeoutId) return;
    let scheduleAt = this.throttledUntil - Date.now();
    if (this.pending.length > 0) scheduleAt = scheduleAt > 0 ? scheduleAt : CHECK_PENDING_REQUESTS_INTERVAL_MS;
    else if (scheduleAt <= 0) return;
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, scheduleAt);
  };
  return true;
};
export const kafkajsIdleLoopFixed = fixKafkajsIdleLoop();

/**
 * The event-bus port, and the only file in the services that knows kafkajs. kafkajs is unmaintained since 2023;
 * nothing of its API leaves this file — consumers, "start from now" and topic administration all go through the
 * kit's own types below — so a move to a KafkaJS-compatible client touches this file only.
 * (infra/dev/kafka.ts, which provisions the broker and the topics for `npm start`, uses kafkajs on its own.)
 */
export interface BusMessage {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
  /** Only for tests that must reach every partition (barriers); otherwise the key decides. */
  partition?: number;
}

/** A message as a subscription receives it. */
export interface ReceivedMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  /** The value as UTF-8 text ('' for an empty message). */
  value: string;
  /** The `event-type` header the outbox relay sets (the envelope's type), null when absent: lets a consumer skip what it does not handle unparsed. */
  eventType: string | null;
}

/**
 * Where a group with no committed offsets starts:
 * - 'beginning': the earliest retained message;
 * - 'latest': the end of the topic as the broker sees it at the group's first fetch (messages produced between
 *   `subscribe()` and that fetch are missed);
 * - 'now': the end of the topic at the moment `subscribe()` is called: every message produced after it returns is
 *   delivered, none before. `joined` resolves once the group really listens from there.
 * A group that has committed offsets resumes from them in every case (except 'now' on its first join).
 */
export type StartAt = 'beginning' | 'latest' | 'now';

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  from: StartAt;
  /** Called for one message at a time per partition; the offset is committed after it resolves. */
  onMessage?(message: ReceivedMessage, heartbeat: () => Promise<void>): Promise<void>;
  /**
   * Instead of onMessage: called with the messages of one partition that the broker handed over together, in order,
   * at most `maxBatchSize` at a time; their offsets are committed after it resolves. A throw leaves them uncommitted.
   */
  onBatch?(messages: ReceivedMessage[], heartbeat: () => Promise<void>): Promise<void>;
  /** The most messages one onBatch call receives (default 100). */
  maxBatchSize?: number;
  /**
   * Let the broker gather events for up to this long (ms) before answering a fetch (minBytes 64 KiB): fewer fetches,
   * fewer onBatch calls and transactions under load, at up to this much added delay. For consumers nobody waits on
   * from a screen (read models, counters, timelines); unset, a fetch answers as soon as one event arrives.
   */
  gatherMs?: number;
  /**
   * How many of the member's partitions are handled at once (default 1). Order within a partition — one aggregate's
   * events — is kept either way; more lets one busy topic or partition not hold back the others' messages.
   */
  partitionsConcurrently?: number;
}

export interface Subscription {
  /** Resolves when the consumer has joined its group and received its partitions (and, for 'now', seeked). */
  joined: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Offsets of topics and consumer groups, for the consumer-lag metric and the tests that check it. The kit's own shape;
 * kafkajs' Admin happens to satisfy it structurally, so this file hands out an admin typed as this interface only.
 */
export interface OffsetsAdmin {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  fetchTopicOffsets(topic: string): Promise<{ partition: number; high: string; low: string }[]>;
  fetchOffsets(o: { groupId: string; topics: string[] }): Promise<{ topic: string; partitions: { partition: number; offset: string }[] }[]>;
  setOffsets(o: { groupId: string; topic: string; partitions: { partition: number; offset: string }[] }): Promise<void>;
}

export interface EventBus {
  /** Idempotent producer: acks=all, one in-flight request, retried by the client. Resolves once the broker acknowledged. */
  publish(messages: BusMessage[]): Promise<void>;
  /** Starts a consumer group member; resolves once it runs (not yet joined: await `joined` for that). */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Creates the topics that do not exist yet (replication factor 1: the local and test brokers have one node). */
  ensureTopics(topics: TopicSpec[]): Promise<void>;
  /** Deletes the consumer groups whose (full) id matches; tests clean up after themselves with it. */
  deleteGroups(match: (groupId: string) => boolean): Promise<void>;
  /** A fresh offsets client (connect before use, disconnect after). Group ids are the full (namespaced) ids. */
  offsetsAdmin(): OffsetsAdmin;
  disconnect(): Promise<void>;
}

const levelMap: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export interface EventBusOptions {
  clientId: string;
  brokers: string[];
  logger: Logger;
  /**
   * How long the broker holds a consumer's fetch that finds nothing (kafkajs maxWaitTimeInMs), and so how often an
   * idle consumer group asks again and heartbeats: default 1 s. New events come back at once whatever it is.
   */
  idleWaitMs?: number;
}

const keyPartitioner = Partitioners.DefaultPartitioner();

/**
 * The messages by topic and partition, each group in the order given: the partition is the message's own or the one
 * the producer's partitioner gives its key (kafkajs's default: murmur2 of the key over the topic's partitions, as the
 * Java client does), so a key keeps its partition and its order.
 */
export const byPartition = (messages: BusMessage[], counts: ReadonlyMap<string, number>): { topic: string; partition: number; messages: BusMessage[] }[] => {
  const groups = new Map<string, { topic: string; partition: number; messages: BusMessage[] }>();
  const metadataOf = new Map<string, PartitionMetadata[]>();
  for (const m of messages) {
    let partitionMetadata = metadataOf.get(m.topic);
    if (!partitionMetadata) {
      const count = counts.get(m.topic);
      if (count === undefined || count < 1) throw new Error(`no partitions known for topic ${m.topic}`);
      partitionMetadata = Array.from({ length: count }, (_, partitionId) => ({ partitionId, leader: 0, replicas: [], isr: [], partitionErrorCode: 0 }));
      metadataOf.set(m.topic, partitionMetadata);
    }
    const partition = m.partition ?? keyPartitioner({ topic: m.topic, partitionMetadata, message: { key: m.key, value: m.value } });
    const id = `${m.topic}\u0000${partition}`;
    const group = groups.get(id) ?? { topic: m.topic, partition, messages: [] };
    group.messages.push(m);
    groups.set(id, group);
  }
  return [...groups.values()];
};

/** Broker answers after which an idempotent producer can never send again (kafkajs keeps its producer id and sequences). */
const STUCK_PRODUCER = new Set(['OUT_OF_ORDER_SEQUENCE_NUMBER', 'UNKNOWN_PRODUCER_ID', 'INVALID_PRODUCER_EPOCH', 'INVALID_PRODUCER_ID_MAPPING']);

/** Whether `err` (or what it wraps: kafkajs nests the broker's answer in retry and aggregate errors) is one of them. */
export const producerIsStuck = (err: unknown, depth = 0): boolean => {
  if (depth > 4 || typeof err !== 'object' || err === null) return false;
  const e = err as { type?: unknown; originalError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.type === 'string' && STUCK_PRODUCER.has(e.type)) return true;
  return (
    producerIsStuck(e.originalError, depth + 1) ||
    producerIsStuck(e.cause, depth + 1) ||
    (Array.isArray(e.errors) && e.errors.some((x) => producerIsStuck(x, depth + 1)))
  );
};

/** What a gathering consumer's fetch waits for (unless its gatherMs passes first): ~100 check-in events. */
const GATHER_MIN_BYTES = 64 * 1024;

export const createEventBus = ({ clientId, brokers, logger, idleWaitMs = 1_000 }: EventBusOptions): EventBus => {
  const kafka = new Kafka({
    clientId,
    brokers,
    logLevel: logLevel.WARN,
    // Backoff capped at 2 s: kafkajs doubles from 200 ms up to 30 s by default, so a call that kept failing while a
    // broker was away (finding a group's coordinator, reading metadata) next tried again up to 30 s after it was back.
    retry: { initialRetryTime: 200, maxRetryTime: 2_000, retries: 8 },
    logCreator:
      () =>
      ({ level, log }) => {
        const { message, ...extra } = log;
        logger[levelMap[level] ?? 'info']({ kafka: extra }, `kafka: ${message}`);
      },
  });
  let producer: Producer | undefined;
  let connecting: Promise<Producer> | undefined;
  /** Partitions per topic, read from the broker once per topic (a topic's partitions are only ever added by hand). */
  const knownCounts = new Map<string, number>();
  const partitionCounts = async (topics: string[]): Promise<Map<string, number>> => {
    const missing = topics.filter((t) => !knownCounts.has(t));
    if (missing.length > 0) {
      const admin = kafka.admin();
      await admin.connect();
      try {
        for (const t of (await admin.fetchTopicMetadata({ topics: missing })).topics) knownCounts.set(t.name, t.partitions.length);
      } finally {
        await admin.disconnect();
      }
    }
    return knownCounts;
  };
  const getProducer = (): Promise<Producer> => {
    if (producer) return Promise.resolve(producer);
    connecting ??= (async () => {
      const p = kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        // Idempotence needs unlimited retries; while the broker is away the relay simply keeps its rows unsent.
        // At most 1 s between tries, so the relays send again within a second of a leader coming back.
        retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 200, maxRetryTime: 1_000 },
        createPartitioner: Partitioners.DefaultPartitioner,
        allowAutoTopicCreation: false,
      });
      await p.connect();
      producer = p;
      return p;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  /** The topics' end offsets now, by "topic:partition". */
  const endOffsets = async (topics: string[]): Promise<Map<string, string>> => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const ends = new Map<string, string>();
      for (const topic of topics) for (const p of await admin.fetchTopicOffsets(topic)) ends.set(`${topic}:${p.partition}`, p.high);
      return ends;
    } finally {
      await admin.disconnect();
    }
  };

  const consumers = new Set<Consumer>();
  return {
    async publish(messages) {
      if (messages.length === 0) return;
      const p = await getProducer();
      // One send per partition, all at once. kafkajs groups one send's partitions by leader and, when it retries after
      // a broker failed, skips every broker that already answered — so a partition whose leader moved to such a broker
      // is never written, and the send still resolves (kafkajs 2.2.4, producer/sendMessages.js; found by `npm run
      // chaos`, seed 20261129-c31-18: five payments events of one batch acknowledged and in no consumer). A send of
      // one partition has one leader: a retry always goes to the new one.
      const counts = await partitionCounts([...new Set(messages.map((m) => m.topic))]);
      try {
        await Promise.all(
          byPartition(messages, counts).map(({ topic, partition, messages: batch }) =>
            p.send({
              topic,
              acks: -1,
              compression: CompressionTypes.None,
              messages: batch.map((m) => ({ key: m.key, value: m.value, headers: m.headers, partition })),
            }),
          ),
        );
      } catch (err) {
        // An idempotent producer whose sequence numbers the broker no longer accepts (a partition leader killed
        // mid-send, then back) refuses every later send for good: found by `npm run chaos`, seed 20261129-c31-8,
        // where members' relay kept failing with "out of order sequence number" and nothing of members' reached
        // Kafka again. Such a producer is dropped; the next send starts a new one (a new producer id, sequences
        // from 0). The relay sends its unsent rows again: what the broker had already kept arrives twice, and the
        // consumers' inbox takes it once.
        if (producer === p && producerIsStuck(err)) {
          producer = undefined;
          logger.warn({ err }, 'kafka producer out of step with the broker; starting a new one');
          await p.disconnect().catch(() => undefined);
        }
        throw err;
      }
    },

    async subscribe({ groupId, topics, from, onMessage, onBatch, maxBatchSize = 100, partitionsConcurrently = 1, gatherMs }) {
      if (!onMessage === !onBatch) throw new Error('subscribe takes exactly one of onMessage and onBatch');
      // 'now' captures the end offsets before the consumer exists, and seeks there when it first joins: kafkajs emits
      // GROUP_JOIN synchronously, before the first fetch. A later rebalance keeps the committed position.
      const ends = from === 'now' ? await endOffsets(topics) : undefined;
      const consumer = kafka.consumer({
        groupId: consumerGroupOf(groupId),
        allowAutoTopicCreation: false,
        // How long the broker holds a fetch that finds nothing. New events still come back at once (minBytes 1 answers
        // the fetch as soon as one arrives), so this only sets the idle polling: at 100 ms the ~40 consumer groups of a
        // stack kept a fetch loop each at 10/s, 1.2 of the 2 cores busy with nothing to do (bench:checkin's idle line).
        // An idle member heartbeats between fetches, so it learns of a rebalance within this time, and a stop waits
        // for the fetch in flight: 1 s by default (tests start and stop many consumers), 5 s in production (KAFKA_IDLE_WAIT_MS).
        maxWaitTimeInMs: gatherMs ?? idleWaitMs,
        ...(gatherMs !== undefined && { minBytes: GATHER_MIN_BYTES }),
        // A crashed instance holds its partitions until its session times out; 10 s keeps recovery quick.
        sessionTimeout: 10_000,
        heartbeatInterval: 1_000,
        // A consumer whose group coordinator's broker died retries its heartbeat against that broker until it answers
        // (kafkajs looks the coordinator up again only on NOT_COORDINATOR). With kafkajs's default backoff (doubling
        // up to 30 s, 10 tries) some consumers were asleep for 19 s when the broker came back, and read models stayed
        // stale 15 s after the heal: `npm run chaos`, seed 20261129-c32-18. Capped at 1 s, every consumer asks again
        // within a second of the broker's return; after ~30 s of failures the consumer restarts (a new join, which
        // finds the coordinator afresh).
        retry: { initialRetryTime: 250, maxRetryTime: 1_000, retries: 30 },
      });
      consumers.add(consumer);
      let resolveJoined!: () => void;
      const joined = new Promise<void>((r) => (resolveJoined = r));
      let first = true;
      consumer.on(consumer.events.GROUP_JOIN, (e) => {
        if (!first) return;
        first = false;
        if (ends) {
          for (const [topic, partitions] of Object.entries(e.payload.memberAssignment)) {
            for (const partition of partitions) {
              const offset = ends.get(`${topic}:${partition}`);
              if (offset !== undefined) consumer.seek({ topic, partition, offset });
            }
          }
        }
        resolveJoined();
      });
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: from === 'beginning' });
      const received = (topic: string, partition: number, message: KafkaMessage): ReceivedMessage => ({
        topic,
        partition,
        offset: message.offset,
        key: message.key?.toString('utf8') ?? null,
        value: message.value?.toString('utf8') ?? '',
        eventType: message.headers?.['event-type']?.toString() ?? null,
      });
      const partitionsConsumedConcurrently = Math.max(1, Math.floor(partitionsConcurrently));
      if (onBatch) {
        const size = Math.max(1, Math.floor(maxBatchSize));
        await consumer.run({
          autoCommit: true,
          partitionsConsumedConcurrently,
          eachBatchAutoResolve: false,
          eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
            for (let i = 0; i < batch.messages.length; i += size) {
              // Stopping, or the partition went to another member in a rebalance: leave the rest uncommitted.
              if (!isRunning() || isStale()) return;
              const chunk = batch.messages.slice(i, i + size);
              await onBatch(
                chunk.map((m) => received(batch.topic, batch.partition, m)),
                heartbeat,
              );
              resolveOffset(chunk[chunk.length - 1]!.offset);
              await commitOffsetsIfNecessary();
              await heartbeat();
            }
          },
        });
      } else {
        await consumer.run({
          autoCommit: true,
          partitionsConsumedConcurrently,
          eachMessage: ({ topic, partition, message, heartbeat }) => onMessage!(received(topic, partition, message), heartbeat),
        });
      }
      return {
        joined,
        async stop() {
          consumers.delete(consumer);
          await consumer.disconnect();
        },
      };
    },

    async ensureTopics(specs) {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await ensureTopicsOn(admin, specs);
      } finally {
        await admin.disconnect();
      }
    },

    async deleteGroups(match) {
      const admin = kafka.admin();
      await admin.connect();
      try {
        const mine = (await admin.listGroups()).groups.map((g) => g.groupId).filter(match);
        if (mine.length) await admin.deleteGroups(mine);
      } finally {
        await admin.disconnect();
      }
    },

    offsetsAdmin(): OffsetsAdmin {
      return kafka.admin();
    },

    async disconnect() {
      await Promise.allSettled([...consumers].map((c) => c.disconnect()));
      consumers.clear();
      if (producer) await producer.disconnect().catch(() => undefined);
    },
  };
};
