import { consumerGroupOf } from '@akhada/contracts';
import { Kafka, logLevel, Partitioners, CompressionTypes, type Consumer, type Producer, type Admin, type IHeaders } from 'kafkajs';
import type { Logger } from '../logger.ts';

/**
 * The only file that knows kafkajs. kafkajs is unmaintained since 2023; keeping it behind this interface means a move
 * to a KafkaJS-compatible client touches one file.
 */
export interface BusMessage {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

export interface EventBus {
  /** Idempotent producer: acks=all, one in-flight request, retried by the client. Resolves once the broker acknowledged. */
  publish(messages: BusMessage[]): Promise<void>;
  consumer(groupId: string): Consumer;
  admin(): Admin;
  disconnect(): Promise<void>;
}

const levelMap: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export const createEventBus = ({ clientId, brokers, logger }: { clientId: string; brokers: string[]; logger: Logger }): EventBus => {
  const kafka = new Kafka({
    clientId,
    brokers,
    logLevel: logLevel.WARN,
    retry: { initialRetryTime: 200, retries: 8 },
    logCreator:
      () =>
      ({ level, log }) => {
        const { message, ...extra } = log;
        logger[levelMap[level] ?? 'info']({ kafka: extra }, `kafka: ${message}`);
      },
  });
  let producer: Producer | undefined;
  let connecting: Promise<Producer> | undefined;
  const getProducer = (): Promise<Producer> => {
    if (producer) return Promise.resolve(producer);
    connecting ??= (async () => {
      const p = kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        // Idempotence needs unlimited retries; while the broker is away the relay simply keeps its rows unsent.
        retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 200, maxRetryTime: 5_000 },
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
  const consumers: Consumer[] = [];
  return {
    async publish(messages) {
      if (messages.length === 0) return;
      const p = await getProducer();
      const byTopic = new Map<string, { key: string; value: string; headers: IHeaders }[]>();
      for (const m of messages) {
        const list = byTopic.get(m.topic) ?? [];
        list.push({ key: m.key, value: m.value, headers: m.headers });
        byTopic.set(m.topic, list);
      }
      await p.sendBatch({
        acks: -1,
        compression: CompressionTypes.None,
        topicMessages: [...byTopic].map(([topic, msgs]) => ({ topic, messages: msgs })),
      });
    },
    consumer(groupId) {
      const c = kafka.consumer({
        groupId: consumerGroupOf(groupId),
        allowAutoTopicCreation: false,
        maxWaitTimeInMs: 100,
        // A crashed instance holds its partitions until its session times out; 10 s keeps recovery quick.
        sessionTimeout: 10_000,
        heartbeatInterval: 1_000,
        retry: { retries: 10 },
      });
      consumers.push(c);
      return c;
    },
    admin: () => kafka.admin(),
    async disconnect() {
      await Promise.allSettled(consumers.map((c) => c.disconnect()));
      if (producer) await producer.disconnect().catch(() => undefined);
    },
  };
};
