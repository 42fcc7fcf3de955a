import { Notification, SOCKET_EVENTS } from '@akhada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getHubSocket, subscribeHubSocket, type HubSocketLike } from '../../../lib/realtime/hub-socket';
import { schedulingKeys } from '../api/scheduling-api';

/**
 * The notifications that mean the member's place in a class changed: "You're in" or a place offered (class_booking),
 * a class cancelled (class_cancelled). The notifications service sends them in-app when scheduling's events arrive.
 */
export const SCHEDULING_CATEGORIES: ReadonlySet<string> = new Set(['class_booking', 'class_cancelled']);

/** Pushes that arrive together (a series cancelled: one notification per class) make one refetch. */
const COALESCE_MS = 150;

/**
 * Keeps a member's booking screens current without waiting for their poll: a `notification:new` push of a scheduling
 * category (on the shell's hub socket; no connection of its own) reads everything under ['scheduling'] again at once,
 * and so does a reconnect (pushes may have been missed). Returns whether the socket is connected: the screens poll
 * slowly while it is and quickly while it is not (LIVE_REFRESH_MS).
 */
export function useLiveScheduling(enabled = true): { live: boolean } {
  const qc = useQueryClient();
  const [socket, setSocket] = useState<HubSocketLike | null>(getHubSocket);
  const [live, setLive] = useState(false);

  useEffect(() => {
    setSocket(getHubSocket());
    return subscribeHubSocket(setSocket);
  }, []);

  useEffect(() => {
    if (!enabled || !socket) {
      setLive(false);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void qc.invalidateQueries({ queryKey: schedulingKeys.all }), COALESCE_MS);
    };
    setLive(socket.connected);
    let lost = false;
    const onConnect = () => {
      setLive(true);
      if (lost) refresh();
    };
    const onDisconnect = () => {
      lost = true;
      setLive(false);
    };
    const onNotification = (raw: unknown) => {
      const parsed = Notification.safeParse(raw);
      if (parsed.success && SCHEDULING_CATEGORIES.has(parsed.data.category)) refresh();
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on(SOCKET_EVENTS.notificationNew, onNotification);
    return () => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off(SOCKET_EVENTS.notificationNew, onNotification);
    };
  }, [socket, enabled, qc]);

  return { live };
}
