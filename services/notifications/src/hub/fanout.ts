import { NotificationEvents, SOCKET_EVENTS, topicOf, type EventEnvelope } from '@akhada/contracts';
import { runFanoutConsumer, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import { within } from '@akhada/kit';
import type { RealtimeHub } from './realtime-hub.ts';

/** Turns one event of the notifications topic into socket emits to the recipient's room. Unknown types are ignored. */
export const deliverToSockets = (hub: Pick<RealtimeHub, 'toUser'>, env: EventEnvelope<unknown>): void => {
  switch (env.type) {
    case NotificationEvents.NotificationCreated.type: {
      const d = NotificationEvents.NotificationCreated.data.parse(env.data);
      hub.toUser(d.recipientId, SOCKET_EVENTS.notificationNew, d.notification);
      hub.toUser(d.recipientId, SOCKET_EVENTS.unreadCount, { unreadCount: d.unreadCount });
      return;
    }
    case NotificationEvents.NotificationsRead.type: {
      const d = NotificationEvents.NotificationsRead.data.parse(env.data);
      hub.toUser(d.recipientId, SOCKET_EVENTS.unreadCount, { unreadCount: d.unreadCount });
      return;
    }
    default:
      return;
  }
};

/**
 * Every hub instance reads the whole notifications topic under its own group (`notifications.hub.<instance>.<start>`)
 * and pushes to its own sockets, so no shared adapter is needed. Resolves only once the group has joined and sits at
 * the end of the topic: an event produced after this returns reaches the sockets.
 */
export const startHubFanout = async ({
  bus,
  hub,
  instanceId,
  logger,
  startTime = Date.now(),
  joinTimeoutMs = 60_000,
}: {
  bus: EventBus;
  hub: Pick<RealtimeHub, 'toUser'>;
  instanceId: string;
  logger: Logger;
  startTime?: number;
  joinTimeoutMs?: number;
}): Promise<RunningConsumer> => {
  const topics = [topicOf('notifications')];
  const groupId = `notifications.hub.${instanceId}.${startTime}`;
  const consumer = await runFanoutConsumer({ bus, groupId, topics, from: 'now', logger, onEvent: (env) => deliverToSockets(hub, env) });
  try {
    await within(consumer.joined, joinTimeoutMs, `the hub's fan-out consumer did not join group ${groupId} within ${joinTimeoutMs / 1000} s`);
  } catch (err) {
    await consumer.stop();
    throw err;
  }
  logger.info({ groupId }, 'real-time hub is following the notifications topic');
  return consumer;
};
