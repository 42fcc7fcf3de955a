import { topicOf } from '@akhada/contracts';
import { startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { TrainersDb } from '../db/schema.ts';
import { appointmentHandlers } from './appointments.ts';
import { clientHandlers } from './clients.ts';
import { earningsHandlers } from './earnings.ts';
import { onInvitationAccepted, onInvitationFailed, onInvitationSent } from './invitations.ts';
import { onUserRegistered } from './join-code-trainer.ts';
import { ratingHandlers } from './ratings.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import { onUserAvatarChanged } from './user-avatar-changed.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<TrainersDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { auth?: string; members?: string; payments?: string; feedback?: string; scheduling?: string };
  /**
   * 'beginning' (the service): a group without committed offsets reads the whole topic, so the read models are complete.
   * 'now' (tests): skip history, and resolve only once the group has joined so nothing produced afterwards is missed.
   */
  startAt?: 'beginning' | 'now';
}

/**
 * The service's inbox consumers of other services' events, one group per topic (a group's partitions of every
 * subscribed topic are spread across its members, so consumers with different subscriptions must not share a group):
 * auth (join-code trainers, invitations, pictures), members (the trainers' clients), payments (the trainers' earnings),
 * feedback (ratings) and scheduling (the trainers' appointments: schedule and delivered sessions).
 */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    {
      name: 'trainers.auth',
      groupId: o.groups?.auth ?? 'trainers.auth',
      topic: topicOf('auth'),
      handlers: [onUserRegistered, onInvitationSent, onInvitationFailed, onInvitationAccepted, onUserAvatarChanged, onPersonErasureRequested],
    },
    { name: 'trainers.members', groupId: o.groups?.members ?? 'trainers.members', topic: topicOf('members'), handlers: clientHandlers },
    { name: 'trainers.payments', groupId: o.groups?.payments ?? 'trainers.payments', topic: topicOf('payments'), handlers: earningsHandlers },
    { name: 'trainers.feedback', groupId: o.groups?.feedback ?? 'trainers.feedback', topic: topicOf('feedback'), handlers: ratingHandlers },
    { name: 'trainers.scheduling', groupId: o.groups?.scheduling ?? 'trainers.scheduling', topic: topicOf('scheduling'), handlers: appointmentHandlers },
  ]);
