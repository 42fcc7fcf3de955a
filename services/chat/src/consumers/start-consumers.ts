import { topicOf } from '@akhada/contracts';
import { startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { ChatDb } from '../db/schema.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import { authHandlers, memberHandlers, trainerHandlers } from './people.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<ChatDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { auth?: string; members?: string; trainers?: string };
  startAt?: 'beginning' | 'now';
}

/** The chat service's copy of the organization's people (one consumer group per topic). */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    { name: 'chat.auth', groupId: o.groups?.auth ?? 'chat.auth', topic: topicOf('auth'), handlers: [...authHandlers, onPersonErasureRequested] },
    { name: 'chat.members', groupId: o.groups?.members ?? 'chat.members', topic: topicOf('members'), handlers: memberHandlers },
    { name: 'chat.trainers', groupId: o.groups?.trainers ?? 'chat.trainers', topic: topicOf('trainers'), handlers: trainerHandlers },
  ]);
