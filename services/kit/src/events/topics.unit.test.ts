import { KafkaJSNumberOfRetriesExceeded } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { isNotYet } from './topics.ts';

// The broker's error code 3 is what a fresh KRaft broker answers for a topic it has just created.
// kafkajs' KafkaJSProtocolError carries the broker's error as `type`.
const brokerError = (type: string, message: string) => Object.assign(new Error(message), { name: 'KafkaJSProtocolError', type });
const unknownTopic = () => brokerError('UNKNOWN_TOPIC_OR_PARTITION', 'This server does not host this topic-partition');

describe('isNotYet', () => {
  it('reads the broker error on its own and below the wrapper kafkajs throws once its retries run out', () => {
    expect(isNotYet(unknownTopic())).toBe(true);
    expect(isNotYet(new KafkaJSNumberOfRetriesExceeded(unknownTopic(), { retryCount: 5, retryTime: 200 }))).toBe(true);
  });

  it('lets every other error through', () => {
    expect(isNotYet(brokerError('TOPIC_AUTHORIZATION_FAILED', 'denied'))).toBe(false);
    expect(isNotYet(new Error('connection refused'))).toBe(false);
    expect(isNotYet(undefined)).toBe(false);
  });
});
