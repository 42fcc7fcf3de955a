import { DASHBOARD_SOCKET_EVENTS, DashboardEvents, topicOf, topicSpecs, type DashboardChanged } from '@akhada/contracts';
import { runFanoutConsumer, within, type EventBus, type Logger } from '@akhada/kit';
import type { RealtimeHub } from './realtime-hub.ts';

declare module './socket-types.ts' {
  interface ServerToClientEvents {
    /** The dashboard's figures of a location changed (after its read model has the change): refetch the overview. */
    [DASHBOARD_SOCKET_EVENTS.changed]: (payload: DashboardChanged) => void;
  }
}

/**
 * `dashboard:changed` to the staff room of a location, when the dashboard service announces (dashboard.figures_changed,
 * written after its read model applied an event) that the location's figures moved. Its own fan-out group per hub
 * instance, from now on; the hub stops it with its own (see attach-hub).
 */
export const attachDashboardPush = async ({
  bus,
  hub,
  instanceId,
  logger,
}: {
  bus: EventBus;
  hub: Pick<RealtimeHub, 'toLocation'>;
  instanceId: string;
  logger: Logger;
}): Promise<{ stop: () => Promise<void> }> => {
  const groupId = `notifications.hub.dashboard.${instanceId}.${Date.now()}`;
  // The dashboard service may not have run yet on this broker: its topic exists before we follow it.
  await bus.ensureTopics(topicSpecs().filter((t) => t.topic === topicOf('dashboard')));
  const consumer = await runFanoutConsumer({
    bus,
    groupId,
    topics: [topicOf('dashboard')],
    from: 'now',
    logger,
    onEvent: (env) => {
      if (env.type !== DashboardEvents.FiguresChanged.type) return;
      const d = DashboardEvents.FiguresChanged.data.parse(env.data);
      if (d.locationId) hub.toLocation(env.orgId, d.locationId, DASHBOARD_SOCKET_EVENTS.changed, d);
    },
  });
  try {
    await within(consumer.joined, 60_000, `the hub's dashboard consumer did not join group ${groupId} within 60 s`);
  } catch (err) {
    await consumer.stop();
    throw err;
  }
  return { stop: () => consumer.stop() };
};
