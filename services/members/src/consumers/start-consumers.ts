import { topicOf } from '@akhada/contracts';
import { READ_MODEL_GATHER_MS, startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { MembersDb } from '../db/schema.ts';
import { onPaymentCompleted } from './payments.ts';
import { onInvitationAccepted, onInvitationFailed, onInvitationSent } from './invitations.ts';
import { trainerHandlers } from './trainers.ts';
import { onUserRegistered } from './user-registered.ts';
import { onMembershipPlansChanged, onUserPrivacyChanged } from './gym-settings.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import { onUserAvatarChanged } from './user-avatar-changed.ts';
import { onCheckedIn } from './check-ins.ts';
import { onLeadJoined } from './referrals.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<MembersDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { auth?: string; trainers?: string; payments?: string; attendance?: string; enquiries?: string };
  /** 'beginning' (the service) reads the whole topic for a new group; 'now' (tests) skips history and waits to join. */
  startAt?: 'beginning' | 'now';
}

/**
 * The members service's consumers of other services' events: auth (sign-ups, invitations, pictures), trainers, payments
 * (membership payments → terms), attendance (check-ins → visits; its other types are passed over by their header), enquiries
 * (a referred lead joined → the referrer's reward); one group each.
 */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    {
      name: 'members.auth',
      groupId: o.groups?.auth ?? 'members.auth',
      topic: topicOf('auth'),
      handlers: [
        onUserRegistered,
        onInvitationSent,
        onInvitationFailed,
        onInvitationAccepted,
        onUserPrivacyChanged,
        onMembershipPlansChanged,
        onUserAvatarChanged,
        onPersonErasureRequested,
      ],
    },
    {
      name: 'members.trainers',
      groupId: o.groups?.trainers ?? 'members.trainers',
      topic: topicOf('trainers'),
      handlers: trainerHandlers,
    },
    {
      name: 'members.payments',
      groupId: o.groups?.payments ?? 'members.payments',
      topic: topicOf('payments'),
      handlers: [onPaymentCompleted(o.logger)],
    },
    {
      name: 'members.attendance',
      groupId: o.groups?.attendance ?? 'members.attendance',
      topic: topicOf('attendance'),
      handlers: [onCheckedIn],
      gatherMs: READ_MODEL_GATHER_MS,
    },
    {
      name: 'members.enquiries',
      groupId: o.groups?.enquiries ?? 'members.enquiries',
      topic: topicOf('enquiries'),
      handlers: [onLeadJoined],
    },
  ]);
