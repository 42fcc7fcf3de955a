// How the event bus sends (kafka.ts): one send per partition, so a kafkajs retry after a leader moved cannot skip a
// partition; and which send failures make it drop its idempotent producer and start a new one (the broker's answers
// after which kafkajs's producer can never send again, however deeply kafkajs wraps them).
import { KafkaJSAggregateError, KafkaJSConnectionError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { byPartition, producerIsStuck, type BusMessage } from './kafka.ts';

const answer = (type: string, code: number) => new KafkaJSProtocolError({ type, code, message: type, retriable: false } as never);

describe('producerIsStuck', () => {
  it('knows the broker refusing the producer’s sequence or id, bare or wrapped in retries and aggregates', () => {
    const outOfOrder = answer('OUT_OF_ORDER_SEQUENCE_NUMBER', 45);
    expect(producerIsStuck(outOfOrder)).toBe(true);
    expect(producerIsStuck(new KafkaJSNumberOfRetriesExceeded(outOfOrder, { retryCount: 3, retryTime: 1000 }))).toBe(true);
    expect(producerIsStuck(new KafkaJSAggregateError('sendBatch', [new Error('other'), answer('UNKNOWN_PRODUCER_ID', 59)]))).toBe(true);
    expect(producerIsStuck(answer('INVALID_PRODUCER_EPOCH', 47))).toBe(true);
  });

  it('leaves the producer alone for what retrying fixes: a broker away, a leader moving, a timeout', () => {
    expect(producerIsStuck(new KafkaJSConnectionError('connect ECONNREFUSED 127.0.0.1:29392'))).toBe(false);
    expect(producerIsStuck(answer('NOT_LEADER_FOR_PARTITION', 6))).toBe(false);
    expect(producerIsStuck(new KafkaJSNumberOfRetriesExceeded(answer('REQUEST_TIMED_OUT', 7), { retryCount: 8, retryTime: 5000 }))).toBe(false);
    expect(producerIsStuck(undefined)).toBe(false);
    expect(producerIsStuck('OUT_OF_ORDER_SEQUENCE_NUMBER')).toBe(false);
  });
});

const message = (topic: string, key: string, n: number, partition?: number): BusMessage => ({
  topic,
  key,
  value: `{"n":${n}}`,
  headers: { 'event-id': `e${n}` },
  ...(partition === undefined ? {} : { partition }),
});

describe('byPartition', () => {
  const counts = new Map([
    ['members', 6],
    ['payments', 3],
  ]);

  it('puts every message of a key in one partition of its topic, in the order given, and spreads keys', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `01a2291e-${String(i).padStart(4, '0')}`);
    const messages = keys
      .flatMap((k, i) => [message('members', k, 2 * i), message('payments', k, 2 * i + 1)])
      .concat(keys.map((k, i) => message('members', k, 100 + i)));
    const groups = byPartition(messages, counts);
    // Every message once.
    expect(groups.flatMap((g) => g.messages).sort((a, b) => a.value.localeCompare(b.value))).toEqual(
      [...messages].sort((a, b) => a.value.localeCompare(b.value)),
    );
    for (const g of groups) {
      expect(g.partition).toBeGreaterThanOrEqual(0);
      expect(g.partition).toBeLessThan(counts.get(g.topic)!);
      expect(g.messages.every((m) => m.topic === g.topic)).toBe(true);
      // In each group, the order the messages were given in.
      expect(g.messages.map((m) => messages.indexOf(m))).toEqual([...g.messages.map((m) => messages.indexOf(m))].sort((a, b) => a - b));
    }
    const where = (topic: string, key: string) => groups.filter((g) => g.topic === topic && g.messages.some((m) => m.key === key)).map((g) => g.partition);
    for (const k of keys) expect(where('members', k)).toHaveLength(1);
    expect(new Set(groups.filter((g) => g.topic === 'members').map((g) => g.partition)).size).toBeGreaterThan(3);
    // The same key and partition count give the same partition in another call (the broker's copy is keyed the same way).
    expect(byPartition([message('members', keys[7]!, 0)], counts)[0]!.partition).toBe(where('members', keys[7]!)[0]);
  });

  it('keeps a message’s own partition, and refuses a topic whose partitions it does not know', () => {
    expect(byPartition([message('payments', 'k', 1, 2)], counts)).toEqual([{ topic: 'payments', partition: 2, messages: [message('payments', 'k', 1, 2)] }]);
    expect(() => byPartition([message('unknown', 'k', 1)], counts)).toThrow('no partitions known for topic unknown');
  });
});
