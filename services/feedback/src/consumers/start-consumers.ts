import { topicOf } from '@akhada/contracts';
import { startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { FeedbackDb } from '../db/schema.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import { memberHandlers, staffHandlers, trainerHandlers } from './people.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<FeedbackDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { members?: string; trainers?: string; auth?: string };
  /** 'beginning' (the service) reads the whole topic for a new group; 'now' (tests) skips history and waits to join. */
  startAt?: 'beginning' | 'now';
}

/** The feedback service's copies of members, trainers and staff (one consumer group per topic). */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    { name: 'feedback.members', groupId: o.groups?.members ?? 'feedback.members', topic: topicOf('members'), handlers: memberHandlers },
    { name: 'feedback.trainers', groupId: o.groups?.trainers ?? 'feedback.trainers', topic: topicOf('trainers'), handlers: trainerHandlers },
    { name: 'feedback.auth', groupId: o.groups?.auth ?? 'feedback.auth', topic: topicOf('auth'), handlers: [...staffHandlers, onPersonErasureRequested] },
  ]);
