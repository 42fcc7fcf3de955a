import { topicOf } from '@akhada/contracts';
import { startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { InventoryDb } from '../db/schema.ts';
import { paymentHandlers } from './payments.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import { memberHandlers, trainerHandlers } from './people.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<InventoryDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { members?: string; trainers?: string; payments?: string; auth?: string };
  startAt?: 'beginning' | 'now';
}

/** The inventory service's consumers: members and trainers (names), payments (a sale's tax invoice). */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    { name: 'inventory.members', groupId: o.groups?.members ?? 'inventory.members', topic: topicOf('members'), handlers: memberHandlers },
    { name: 'inventory.trainers', groupId: o.groups?.trainers ?? 'inventory.trainers', topic: topicOf('trainers'), handlers: trainerHandlers },
    { name: 'inventory.payments', groupId: o.groups?.payments ?? 'inventory.payments', topic: topicOf('payments'), handlers: paymentHandlers(o.logger) },
    // Erasure (DPDP): the person's personal data goes; inventory.person_erased answers auth.
    { name: 'inventory.auth', groupId: o.groups?.auth ?? 'inventory.auth', topic: topicOf('auth'), handlers: [onPersonErasureRequested] },
  ]);
