import { dataRightsTopic, DataRightsEvents, topicOf } from '@akhada/contracts';
import { startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { AuthDb } from '../db/schema.ts';
import { accountStatusHandlers } from './account-status.ts';
import { onMemberRegistered, onTrainerCreated } from './invite-account.ts';
import { onSubscriptionPaid } from './subscription-paid.ts';
import { onMessagingConsentChanged } from './messaging-consent.ts';
import { personErasedHandler } from './person-erased.ts';
import { onMemberInvitationResendRequested, onTrainerInvitationResendRequested } from './resend-invitation.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<AuthDb>;
  logger: Logger;
  /** The wall clock, for the revocation cutoff of a deactivated account. */
  clock: () => Date;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { members?: string; trainers?: string; payments?: string; dataRights?: string; notifications?: string };
  /** 'beginning' (the service: a new group reads the whole topic); 'now' (tests: skip history, resolve once joined). */
  startAt?: 'beginning' | 'now';
}

/**
 * Auth follows the members and trainers services: invitations for the people staff add, a new link when staff ask,
 * approval of pending trainers, and the end of the account when the record is archived. One group per topic (a
 * group's partitions are spread over every topic it subscribes to).
 */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> => {
  const status = accountStatusHandlers(o.clock);
  return startConsumerGroups(o, [
    {
      name: 'auth.members',
      groupId: o.groups?.members ?? 'auth.members',
      topic: topicOf('members'),
      handlers: [onMemberRegistered, onMemberInvitationResendRequested, ...status.members],
    },
    {
      name: 'auth.trainers',
      groupId: o.groups?.trainers ?? 'auth.trainers',
      topic: topicOf('trainers'),
      handlers: [onTrainerCreated, onTrainerInvitationResendRequested, ...status.trainers],
    },
    // Plan payments: the organization goes on the plan it paid for (read-only mode ends).
    {
      name: 'auth.payments',
      groupId: o.groups?.payments ?? 'auth.payments',
      topic: topicOf('payments'),
      handlers: [onSubscriptionPaid],
    },
    // The data-rights desk: every service's confirmation of an erasure, on a topic of their own.
    {
      name: 'auth.data-rights',
      groupId: o.groups?.dataRights ?? 'auth.data-rights',
      topic: dataRightsTopic(),
      handlers: DataRightsEvents.ERASING_SERVICES.map((s) => personErasedHandler(s)),
    },
    // WhatsApp/SMS consent changes for the ledger.
    {
      name: 'auth.notifications',
      groupId: o.groups?.notifications ?? 'auth.notifications',
      topic: topicOf('notifications'),
      handlers: [onMessagingConsentChanged],
    },
  ]);
};
