// Which send failures make the event bus drop its idempotent producer and start a new one (kafka.ts): the broker's
// answers after which kafkajs's producer can never send again, however deeply kafkajs wraps them.
import { KafkaJSAggregateError, KafkaJSConnectionError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { producerIsStuck } from './kafka.ts';

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
