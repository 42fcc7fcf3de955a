import { NotificationEvents, topicOf, type Notification } from '@akhada/contracts';
import { enqueue, makeEnvelope } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { NotificationsDb } from '../db/schema.ts';

/** Why an announcement happens: the request or event that caused it, for correlation in logs and traces. */
export interface Cause {
  orgId: string;
  correlationId: string;
  causationId: string;
  actorId?: string | undefined;
  occurredAt: string;
}

const TOPIC = topicOf('notifications');

/**
 * Integration events of this service go through the outbox in the caller's transaction, keyed by the recipient, so
 * every hub instance learns of them in the order they were committed for that recipient.
 */
export const announceCreated = (trx: Transaction<NotificationsDb>, cause: Cause, p: { recipientId: string; notification: Notification; unreadCount: number }) =>
  enqueue(
    trx,
    TOPIC,
    makeEnvelope(NotificationEvents.NotificationCreated, {
      aggregateId: p.recipientId,
      orgId: cause.orgId,
      locationId: p.notification.locationId ?? undefined,
      actorId: cause.actorId,
      correlationId: cause.correlationId,
      causationId: cause.causationId,
      occurredAt: cause.occurredAt,
      data: p,
    }),
  );

export const announceRead = (trx: Transaction<NotificationsDb>, cause: Cause, p: { recipientId: string; unreadCount: number }) =>
  enqueue(
    trx,
    TOPIC,
    makeEnvelope(NotificationEvents.NotificationsRead, {
      aggregateId: p.recipientId,
      orgId: cause.orgId,
      actorId: cause.actorId,
      correlationId: cause.correlationId,
      causationId: cause.causationId,
      occurredAt: cause.occurredAt,
      data: p,
    }),
  );
