import { topicOf } from '@akhada/contracts';
import { startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import { trainers } from '../db/people-repo.ts';
import type { AttendanceDb } from '../db/schema.ts';
import { memberHandlers } from './members.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import { onTrialPassIssued } from './trial-passes.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<AttendanceDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { members?: string; trainers?: string; auth?: string; enquiries?: string };
  /** 'beginning' (the service) reads the whole topic for a new group; 'now' (tests) skips history and waits to join. */
  startAt?: 'beginning' | 'now';
}

/** The attendance service's copies of members, trainers and enquiries' trial passes (one consumer group each). */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    { name: 'attendance.members', groupId: o.groups?.members ?? 'attendance.members', topic: topicOf('members'), handlers: memberHandlers },
    { name: 'attendance.trainers', groupId: o.groups?.trainers ?? 'attendance.trainers', topic: topicOf('trainers'), handlers: trainers.handlers() },
    // Erasure (DPDP): the person's personal data goes; attendance.person_erased answers auth.
    // Trial passes issued to leads: checked at the desk from this copy, never by asking enquiries.
    { name: 'attendance.enquiries', groupId: o.groups?.enquiries ?? 'attendance.enquiries', topic: topicOf('enquiries'), handlers: [onTrialPassIssued] },
    { name: 'attendance.auth', groupId: o.groups?.auth ?? 'attendance.auth', topic: topicOf('auth'), handlers: [onPersonErasureRequested] },
  ]);
