import { topicOf } from '@akhada/contracts';
import { runConsumer, within, type EventBus, type EventHandler, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { AuthDb } from '../db/schema.ts';
import { accountStatusHandlers } from './account-status.ts';
import { onMemberRegistered, onTrainerCreated } from './invite-account.ts';
import { onMemberInvitationResendRequested, onTrainerInvitationResendRequested } from './resend-invitation.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<AuthDb>;
  logger: Logger;
  /** The wall clock, for the revocation cutoff of a deactivated account. */
  clock: () => Date;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { members?: string; trainers?: string };
  /** 'beginning' (the service: a new group reads the whole topic); 'now' (tests: skip history, resolve once joined). */
  startAt?: 'beginning' | 'now';
}

const start = async (o: ConsumerOptions, args: { name: string; groupId: string; topic: string; handlers: EventHandler<AuthDb>[] }) => {
  const from = o.startAt ?? 'beginning';
  const consumer = await runConsumer<AuthDb>({
    bus: o.bus,
    db: o.db,
    logger: o.logger,
    name: args.name,
    groupId: args.groupId,
    topics: [args.topic],
    handlers: args.handlers,
    from,
  });
  if (from === 'now') {
    await within(consumer.joined, 60_000, `consumer ${args.name} did not join group ${args.groupId} within 60 s`).catch(async (err: unknown) => {
      await consumer.stop();
      throw err;
    });
  }
  return consumer;
};

/**
 * Auth follows the members and trainers services: invitations for the people staff add, a new link when staff ask,
 * approval of pending trainers, and the end of the account when the record is archived. One group per topic (a
 * group's partitions are spread over every topic it subscribes to).
 */
export const startConsumers = async (o: ConsumerOptions): Promise<RunningConsumer[]> => {
  const status = accountStatusHandlers(o.clock);
  const members = await start(o, {
    name: 'auth.members',
    groupId: o.groups?.members ?? 'auth.members',
    topic: topicOf('members'),
    handlers: [onMemberRegistered, onMemberInvitationResendRequested, ...status.members],
  });
  try {
    const trainers = await start(o, {
      name: 'auth.trainers',
      groupId: o.groups?.trainers ?? 'auth.trainers',
      topic: topicOf('trainers'),
      handlers: [onTrainerCreated, onTrainerInvitationResendRequested, ...status.trainers],
    });
    return [members, trainers];
  } catch (err) {
    await members.stop();
    throw err;
  }
};
