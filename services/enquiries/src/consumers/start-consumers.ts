import { topicOf } from '@akhada/contracts';
import { READ_MODEL_GATHER_MS, startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { EnquiriesDb } from '../db/schema.ts';
import { onFollowUpRequested } from './automations.ts';
import { onMemberRegistered } from './members.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import { onUserRegistered } from './staff.ts';
import { onTrialVisitRecorded } from './trial-visits.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<EnquiriesDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: {
    members?: string;
    attendance?: string;
    auth?: string;
    /** notifications' automations (a follow-up asked for a lead). Tests that name their groups get it only when they name it. */
    notifications?: string;
  };
  /** 'beginning' (the service) reads the whole topic for a new group; 'now' (tests) skips history and waits to join. */
  startAt?: 'beginning' | 'now';
}

/**
 * The enquiries service's consumers: members (a member converted from a lead → the lead joined), attendance (a
 * visit on a trial pass → the lead's timeline), auth (staff names; a person's erasure, answered on the data-rights topic) and notifications (an automation's follow-up on a
 * lead); one group each, other types passed over by their header.
 */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    { name: 'enquiries.members', groupId: o.groups?.members ?? 'enquiries.members', topic: topicOf('members'), handlers: [onMemberRegistered] },
    {
      name: 'enquiries.attendance',
      groupId: o.groups?.attendance ?? 'enquiries.attendance',
      topic: topicOf('attendance'),
      handlers: [onTrialVisitRecorded],
      gatherMs: READ_MODEL_GATHER_MS,
    },
    { name: 'enquiries.auth', groupId: o.groups?.auth ?? 'enquiries.auth', topic: topicOf('auth'), handlers: [onUserRegistered, onPersonErasureRequested] },
    ...(o.groups && !o.groups.notifications
      ? []
      : [
          {
            name: 'enquiries.notifications',
            groupId: o.groups?.notifications ?? 'enquiries.notifications',
            topic: topicOf('notifications'),
            handlers: [onFollowUpRequested],
          },
        ]),
  ]);
