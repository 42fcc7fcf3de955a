import type { EventBus } from './kafka.ts';

type Consumer = ReturnType<EventBus['consumer']>;

/**
 * "Start from now, and tell me when you are really listening" for a consumer the kit creates (runConsumer,
 * runFanoutConsumer). Those resolve before the consumer has joined its group, and a new group with
 * fromBeginning:false resolves "latest" only at its first fetch, so an event produced in between would be missed.
 *
 * This captures the topics' end offsets first, then wraps the bus: the next consumer it creates seeks its assigned
 * partitions to those offsets when it first joins (kafkajs emits GROUP_JOIN synchronously, before the first fetch),
 * and `joined` resolves then. Every event produced after this call is delivered; none before it is.
 * Used by the real-time hub and by tests that must see exactly the events they cause.
 */
export const joinFromNow = async (bus: EventBus, topics: string[]): Promise<{ bus: EventBus; joined: Promise<void> }> => {
  const admin = bus.admin();
  await admin.connect();
  const ends = new Map<string, string>();
  try {
    for (const topic of topics) {
      for (const p of await admin.fetchTopicOffsets(topic)) ends.set(`${topic}:${p.partition}`, p.high);
    }
  } finally {
    await admin.disconnect();
  }
  let resolve!: () => void;
  const joined = new Promise<void>((r) => (resolve = r));
  let tracked = false;
  const wrapped: EventBus = {
    ...bus,
    consumer(groupId) {
      const consumer: Consumer = bus.consumer(groupId);
      if (tracked) return consumer;
      tracked = true;
      let first = true;
      consumer.on(consumer.events.GROUP_JOIN, (e) => {
        if (!first) return; // a later rebalance keeps its committed position
        first = false;
        for (const [topic, partitions] of Object.entries(e.payload.memberAssignment)) {
          for (const partition of partitions) {
            const offset = ends.get(`${topic}:${partition}`);
            if (offset !== undefined) consumer.seek({ topic, partition, offset });
          }
        }
        resolve();
      });
      return consumer;
    },
  };
  return { bus: wrapped, joined };
};

/** Rejects with `message` when `p` does not settle within `ms`. */
export const within = <T>(p: Promise<T>, ms: number, message: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]);
};
