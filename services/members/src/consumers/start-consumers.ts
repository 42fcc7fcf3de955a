import { topicOf } from '@akhada/contracts';
import { runConsumer, within, type EventBus, type EventHandler, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { MembersDb } from '../db/schema.ts';
import { onInvitationAccepted, onInvitationFailed, onInvitationSent } from './invitations.ts';
import { onTrainerApproved, onTrainerArchived, onTrainerCreated, onTrainerUpdated } from './trainers.ts';
import { onUserRegistered } from './user-registered.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<MembersDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { auth?: string; trainers?: string };
  /** 'beginning' (the service) reads the whole topic for a new group; 'now' (tests) skips history and waits to join. */
  startAt?: 'beginning' | 'now';
}

const start = async (o: ConsumerOptions, args: { name: string; groupId: string; topic: string; handlers: EventHandler<MembersDb>[] }) => {
  const from = o.startAt ?? 'beginning';
  const consumer = await runConsumer<MembersDb>({
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

/** The members service's consumers of other services' events: auth (sign-ups, invitations) and trainers (one group each). */
export const startConsumers = async (o: ConsumerOptions): Promise<RunningConsumer[]> => {
  const auth = await start(o, {
    name: 'members.auth',
    groupId: o.groups?.auth ?? 'members.auth',
    topic: topicOf('auth'),
    handlers: [onUserRegistered, onInvitationSent, onInvitationFailed, onInvitationAccepted],
  });
  try {
    const trainers = await start(o, {
      name: 'members.trainers',
      groupId: o.groups?.trainers ?? 'members.trainers',
      topic: topicOf('trainers'),
      handlers: [onTrainerCreated, onTrainerUpdated, onTrainerApproved, onTrainerArchived],
    });
    return [auth, trainers];
  } catch (err) {
    await auth.stop();
    throw err;
  }
};
