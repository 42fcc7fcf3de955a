import { setTimeout as sleep } from 'node:timers/promises';
import type { Kafka } from 'kafkajs';

export interface TopicSpec {
  topic: string;
  numPartitions: number;
}

type Admin = ReturnType<Kafka['admin']>;
type TopicsMetadata = Awaited<ReturnType<Admin['fetchTopicMetadata']>>['topics'];

/**
 * Creates the missing topics (with the broker's default.replication.factor: 1 on the local single broker, 3 on infra's
 * three-broker cluster, whatever a managed Kafka was set up with), raises the partitions
 * of existing topics that have fewer than wanted, and returns once every partition has a leader. Never relies on
 * broker-side auto-creation.
 *
 * kafkajs' own `waitForLeaders` retries only "leader not available"; a fresh KRaft broker also answers a metadata
 * request for a topic it has just created with "This server does not host this topic-partition" for a moment (a
 * fresh-clone CI run failed on it). Both are "not yet" here, within one deadline.
 */
export async function ensureTopicsOn(
  admin: Admin,
  topics: TopicSpec[],
  { timeoutMs = 30_000, log = (line: string) => console.error(line) }: { timeoutMs?: number; log?: (line: string) => void } = {},
): Promise<void> {
  if (topics.length === 0) return;
  const existing = new Set(await admin.listTopics());
  for (const { topic, numPartitions } of topics.filter((t) => !existing.has(t.topic))) {
    // One topic per call: a topic created concurrently elsewhere only makes this call answer false.
    // replicationFactor -1: the broker's default (and min.insync.replicas with it), never more replicas than brokers.
    await admin.createTopics({ waitForLeaders: false, topics: [{ topic, numPartitions, replicationFactor: -1 }] });
  }
  const deadline = Date.now() + timeoutMs;
  let raised = false;
  for (;;) {
    const current = await topicMetadata(
      admin,
      topics.map((t) => t.topic),
    );
    if (current && !raised) {
      raised = true;
      for (const { topic, numPartitions } of topics) {
        const have = current.find((t) => t.name === topic)?.partitions.length ?? 0;
        if (have > 0 && have < numPartitions) {
          log(`[kafka] topic ${topic}: raising partitions ${have} -> ${numPartitions}`);
          await admin.createPartitions({ topicPartitions: [{ topic, count: numPartitions }] });
        }
      }
    }
    const waiting = topics.filter(({ topic, numPartitions }) => {
      const partitions = current?.find((t) => t.name === topic)?.partitions ?? [];
      return partitions.length < numPartitions || partitions.some((p) => p.leader < 0 || p.partitionErrorCode !== 0);
    });
    if (current && raised && waiting.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`topics without leaders after ${timeoutMs / 1000} s: ${(waiting.length ? waiting : topics).map((t) => t.topic).join(', ')}`);
    }
    await sleep(200);
  }
}

const NOT_YET = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE', 'NOT_LEADER_OR_FOLLOWER', 'NOT_LEADER_FOR_PARTITION']);

/** Metadata of the topics, or null while the broker does not know one of them yet (its metadata still spreading). */
async function topicMetadata(admin: Admin, topics: string[]): Promise<TopicsMetadata | null> {
  try {
    return (await admin.fetchTopicMetadata({ topics })).topics;
  } catch (err) {
    if (isNotYet(err)) return null;
    throw err;
  }
}

/** kafkajs wraps the broker's error once its retries run out; the type is on the error or on a cause below it. */
export function isNotYet(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { type, cause, originalError } = e as { type?: string; cause?: unknown; originalError?: unknown };
    if (type && NOT_YET.has(type)) return true;
    e = cause ?? originalError;
  }
  return false;
}
