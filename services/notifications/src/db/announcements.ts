import { NotificationEvents, topicOf, type Notification } from '@akhada/contracts';
import { enqueue, enqueueMany, makeEnvelope, metadataOf, type EventMetadata } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { countUnread, type Owner } from './notifications-repo.ts';
import type { NotificationsDb } from './schema.ts';

const TOPIC = topicOf('notifications');

/**
 * This service's integration events, written to the outbox in the caller's transaction and keyed by the recipient, so
 * every hub instance learns of them in the order they were committed for that recipient. `occurredAt` is the moment
 * the change happened in the caller's terms (the consumed event's occurredAt, or the injected clock of a request).
 */
export const announceCreated = (
  trx: Transaction<NotificationsDb>,
  meta: EventMetadata,
  occurredAt: string,
  p: { recipientId: string; notification: Notification; unreadCount: number },
) =>
  enqueue(
    trx,
    TOPIC,
    makeEnvelope(NotificationEvents.NotificationCreated, {
      ...meta,
      locationId: p.notification.locationId ?? undefined,
      aggregateId: p.recipientId,
      occurredAt,
      data: p,
    }),
  );

/** announceCreated for several recipients in one outbox write, in the order given. */
export const announceCreatedMany = (
  trx: Transaction<NotificationsDb>,
  meta: EventMetadata,
  occurredAt: string,
  items: readonly { recipientId: string; notification: Notification; unreadCount: number }[],
) =>
  enqueueMany(
    trx,
    TOPIC,
    items.map((p) =>
      makeEnvelope(NotificationEvents.NotificationCreated, {
        ...meta,
        locationId: p.notification.locationId ?? undefined,
        aggregateId: p.recipientId,
        occurredAt,
        data: p,
      }),
    ),
  );

export const announceRead = (trx: Transaction<NotificationsDb>, meta: EventMetadata, occurredAt: string, p: { recipientId: string; unreadCount: number }) =>
  enqueue(trx, TOPIC, makeEnvelope(NotificationEvents.NotificationsRead, { ...meta, locationId: undefined, aggregateId: p.recipientId, occurredAt, data: p }));

/**
 * Tells every hub instance the caller's new unread count, in the same transaction as the change (the read-state use
 * cases share it). Caused by the caller's request; the actor is the recipient.
 */
export const announceUnreadCount = async (
  trx: Transaction<NotificationsDb>,
  caller: Owner & { correlationId: string; requestId: string },
  now: Date,
): Promise<void> =>
  announceRead(
    trx,
    metadataOf({ orgId: caller.orgId, userId: caller.recipientId, correlationId: caller.correlationId, requestId: caller.requestId }),
    now.toISOString(),
    {
      recipientId: caller.recipientId,
      unreadCount: await countUnread(trx, caller),
    },
  );
