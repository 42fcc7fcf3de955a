import { topicOf } from '@akhada/contracts';
import { startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import { trainers } from '../db/people-repo.ts';
import type { AttendanceDb } from '../db/schema.ts';
import { onLocationUpdated } from './locations.ts';
import { memberHandlers } from './members.ts';
import { paymentHandlers } from './payments.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import { onTrialPassIssued } from './trial-passes.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<AttendanceDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { members?: string; trainers?: string; auth?: string; enquiries?: string; payments?: string };
  /** 'beginning' (the service) reads the whole topic for a new group; 'now' (tests) skips history and waits to join. */
  startAt?: 'beginning' | 'now';
}

/**
 * The attendance service's copies of members, trainers, enquiries' trial passes, members' dues (payments) and the
 * locations' entry rules (auth), one consumer group each.
 */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    { name: 'attendance.members', groupId: o.groups?.members ?? 'attendance.members', topic: topicOf('members'), handlers: memberHandlers },
    { name: 'attendance.trainers', groupId: o.groups?.trainers ?? 'attendance.trainers', topic: topicOf('trainers'), handlers: trainers.handlers() },
    // Trial passes issued to leads: checked at the desk from this copy, never by asking enquiries.
    { name: 'attendance.enquiries', groupId: o.groups?.enquiries ?? 'attendance.enquiries', topic: topicOf('enquiries'), handlers: [onTrialPassIssued] },
    // Erasure (DPDP): the person's personal data goes; attendance.person_erased answers auth. And each location's entry rule (refuse check-in for overdue payments) from gym settings.
    { name: 'attendance.auth', groupId: o.groups?.auth ?? 'attendance.auth', topic: topicOf('auth'), handlers: [onPersonErasureRequested, onLocationUpdated] },
    // What members owe: dues-aware entry decides from this copy, never by asking payments.
    { name: 'attendance.payments', groupId: o.groups?.payments ?? 'attendance.payments', topic: topicOf('payments'), handlers: paymentHandlers },
  ]);
