import { topicOf } from '@akhada/contracts';
import { runConsumer, within, type EventBus, type EventHandler, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { AttendanceDb } from '../db/schema.ts';
import { memberHandlers } from './members.ts';
import { trainerHandlers } from './trainers.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<AttendanceDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { members?: string; trainers?: string };
  /** 'beginning' (the service) reads the whole topic for a new group; 'now' (tests) skips history and waits to join. */
  startAt?: 'beginning' | 'now';
}

const start = async (o: ConsumerOptions, args: { name: string; groupId: string; topic: string; handlers: EventHandler<AttendanceDb>[] }) => {
  const from = o.startAt ?? 'beginning';
  const consumer = await runConsumer<AttendanceDb>({
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

/** The attendance service's copies of members and trainers (one consumer group each). */
export const startConsumers = async (o: ConsumerOptions): Promise<RunningConsumer[]> => {
  const members = await start(o, {
    name: 'attendance.members',
    groupId: o.groups?.members ?? 'attendance.members',
    topic: topicOf('members'),
    handlers: memberHandlers,
  });
  try {
    const trainers = await start(o, {
      name: 'attendance.trainers',
      groupId: o.groups?.trainers ?? 'attendance.trainers',
      topic: topicOf('trainers'),
      handlers: trainerHandlers,
    });
    return [members, trainers];
  } catch (err) {
    await members.stop();
    throw err;
  }
};
