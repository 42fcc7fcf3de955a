import { topicOf } from '@akhada/contracts';
import { READ_MODEL_GATHER_MS, startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import { members } from '../db/members-repo.ts';
import type { SchedulingDb } from '../db/schema.ts';
import { trainers } from '../db/trainers-repo.ts';
import { onCheckedIn } from './attendance.ts';
import { packAppointmentHandlers, packPaymentHandlers } from './packs.ts';
import { onTrainerScheduleChanged } from './trainer-hours.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<SchedulingDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { members?: string; trainers?: string; attendance?: string; packPayments?: string; packAppointments?: string };
  /** Session packs' groups (payments and appointments); the service starts them, tests of other groups leave them out. */
  packs?: boolean;
  /** 'beginning' (the service) reads the whole topic for a new group; 'now' (tests) skips history and waits to join. */
  startAt?: 'beginning' | 'now';
}

/** The scheduling service's copies of members and trainers (with the trainers' weekly hours), and check-ins marking bookings attended (one consumer group per topic). */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    { name: 'scheduling.members', groupId: o.groups?.members ?? 'scheduling.members', topic: topicOf('members'), handlers: members.handlers() },
    {
      name: 'scheduling.trainers',
      groupId: o.groups?.trainers ?? 'scheduling.trainers',
      topic: topicOf('trainers'),
      handlers: [...trainers.handlers(), onTrainerScheduleChanged],
    },
    {
      name: 'scheduling.attendance',
      groupId: o.groups?.attendance ?? 'scheduling.attendance',
      topic: topicOf('attendance'),
      handlers: [onCheckedIn],
      gatherMs: READ_MODEL_GATHER_MS,
    },
    // Purchases' payments (session packs' credits granted and removed; paid event tickets confirmed, released, refunded)
    // and the appointments that use a pack's credit.
    ...(o.packs ? packGroups(o) : []),
  ]);

const packGroups = (o: ConsumerOptions) => [
  {
    name: 'scheduling.pack-payments',
    groupId: o.groups?.packPayments ?? 'scheduling.pack-payments',
    topic: topicOf('payments'),
    handlers: packPaymentHandlers,
  },
  {
    name: 'scheduling.pack-appointments',
    groupId: o.groups?.packAppointments ?? 'scheduling.pack-appointments',
    topic: topicOf('scheduling'),
    handlers: packAppointmentHandlers,
  },
];
