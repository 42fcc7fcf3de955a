import { topicOf } from '@akhada/contracts';
import { READ_MODEL_GATHER_MS, startConsumerGroups, type ConsumerGroupSpec, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { DashboardDb } from '../db/schema.ts';
import { attendanceHandlers } from './attendance.ts';
import { authHandlers } from './auth.ts';
import { inventoryHandlers } from './inventory.ts';
import { memberHandlers } from './members.ts';
import { paymentHandlers } from './payments.ts';
import { schedulingHandlers } from './scheduling.ts';
import { trainerHandlers } from './trainers.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import type { ApplyOptions } from './record.ts';

export const SOURCES = ['members', 'trainers', 'attendance', 'payments', 'auth', 'inventory', 'scheduling'] as const;
export type Source = (typeof SOURCES)[number];

/** One inbox consumer per source topic; the inbox name is the same live and in a rebuild, so an event applies once. */
export const consumerGroups = (o: ApplyOptions, groupOf: (source: Source) => string): ConsumerGroupSpec<DashboardDb>[] => {
  const handlers = {
    members: memberHandlers(o),
    trainers: trainerHandlers(o),
    attendance: attendanceHandlers(o),
    payments: paymentHandlers(o),
    auth: [...authHandlers(), onPersonErasureRequested],
    inventory: inventoryHandlers(o),
    scheduling: schedulingHandlers(o),
  };
  // Check-ins are the busiest topic: its events are gathered (half a second) into fewer, larger transactions.
  return SOURCES.map((s) => ({
    name: `dashboard.${s}`,
    groupId: groupOf(s),
    topic: topicOf(s),
    handlers: handlers[s],
    ...(s === 'attendance' && { gatherMs: READ_MODEL_GATHER_MS }),
  }));
};

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<DashboardDb>;
  logger: Logger;
  /** Kafka consumer group prefix; tests pass their own so they never share partitions with a running service. */
  groupPrefix?: string;
  /** 'beginning' (the service) reads the whole topics for a new group; 'now' (tests) skips history and waits to join. */
  startAt?: 'beginning' | 'now';
}

/** The dashboard's read model, fed by the other services' topics (one consumer group each). */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(
    o,
    consumerGroups({ announce: true }, (s) => `${o.groupPrefix ?? 'dashboard'}.${s}`),
  );
