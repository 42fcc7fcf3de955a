import { topicOf } from '@akhada/contracts';
import { runConsumer, within, type EventBus, type EventHandler, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { NotificationsDb } from '../db/schema.ts';
import { onCertificationExpiring } from './certification-expiring.ts';
import { onLowAttendanceDetected } from './low-attendance.ts';
import { onMemberRegistered } from './member-registered.ts';
import { onMemberSignedUp } from './member-signed-up.ts';
import { onTrainerCreated } from './trainer-created.ts';
import { onUserRegistered } from './recipients.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<NotificationsDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { recipients?: string; members?: string; trainers?: string; attendance?: string };
  /**
   * 'beginning' (the service): a group without committed offsets reads the whole topic, so the read model is complete.
   * 'now' (tests): skip history, and resolve only once the group has joined so nothing produced afterwards is missed.
   */
  startAt?: 'beginning' | 'now';
}

const start = async (o: ConsumerOptions, args: { name: string; groupId: string; topic: string; handlers: EventHandler<NotificationsDb>[] }) => {
  const from = o.startAt ?? 'beginning';
  const consumer = await runConsumer<NotificationsDb>({
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
 * The service's inbox consumers of other services' events. One group per topic: a group's partitions of every
 * subscribed topic are spread across its members, so consumers with different subscriptions must not share a group.
 */
export const startConsumers = async (o: ConsumerOptions): Promise<RunningConsumer[]> => {
  const recipients = await start(o, {
    name: 'notifications.recipients',
    groupId: o.groups?.recipients ?? 'notifications.recipients',
    topic: topicOf('auth'),
    handlers: [onUserRegistered],
  });
  const started = [recipients];
  try {
    const members = await start(o, {
      name: 'notifications.members',
      groupId: o.groups?.members ?? 'notifications',
      topic: topicOf('members'),
      handlers: [onMemberRegistered, onMemberSignedUp],
    });
    started.push(members);
    const trainers = await start(o, {
      name: 'notifications.trainers',
      groupId: o.groups?.trainers ?? 'notifications.trainers',
      topic: topicOf('trainers'),
      handlers: [onTrainerCreated, onCertificationExpiring],
    });
    started.push(trainers);
    // Only the low-attendance rule: check-ins and check-outs reach sockets through the hub's fan-out, not this group.
    const attendance = await start(o, {
      name: 'notifications.attendance',
      groupId: o.groups?.attendance ?? 'notifications.attendance',
      topic: topicOf('attendance'),
      handlers: [onLowAttendanceDetected],
    });
    started.push(attendance);
    return started.reverse();
  } catch (err) {
    for (const c of started.reverse()) await c.stop();
    throw err;
  }
};
