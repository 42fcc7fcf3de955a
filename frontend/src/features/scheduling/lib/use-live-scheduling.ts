import { Notification, SOCKET_EVENTS } from '@akhada/contracts';
import { useHubRefetch } from '../../../lib/realtime/use-hub-refetch';
import { schedulingKeys } from '../api/scheduling-api';

/**
 * The notifications that mean the member's place in a class changed: "You're in" or a place offered (class_booking),
 * a class cancelled (class_cancelled). The notifications service sends them in-app when scheduling's events arrive.
 */
export const SCHEDULING_CATEGORIES: ReadonlySet<string> = new Set(['class_booking', 'class_cancelled']);

/** Pushes that arrive together (a series cancelled: one notification per class) make one refetch. */
const COALESCE_MS = 150;

const ALL_SCHEDULING = { queryKey: schedulingKeys.all };

const isSchedulingNotification = (raw: unknown): boolean => {
  const parsed = Notification.safeParse(raw);
  return parsed.success && SCHEDULING_CATEGORIES.has(parsed.data.category);
};

/**
 * Keeps a member's booking screens current without waiting for their poll: a `notification:new` push of a scheduling
 * category reads everything under ['scheduling'] again at once, and so does a reconnect (pushes may have been missed).
 * Returns whether the socket is connected: the screens poll slowly while it is and quickly while it is not (LIVE_REFRESH_MS).
 */
export const useLiveScheduling = (enabled = true): { live: boolean } =>
  useHubRefetch({ event: SOCKET_EVENTS.notificationNew, accepts: isSchedulingNotification, filters: ALL_SCHEDULING, coalesceMs: COALESCE_MS, enabled });
