import { Notification, SOCKET_EVENTS, UnreadCount } from '@akhada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notificationKeys } from '../../../lib/query-keys/notifications';
import { getHubSocket, subscribeHubSocket, type HubSocketLike } from '../../../lib/realtime/hub-socket';
import { BELL_QUERY } from '../api/bell-query';
import { prependNotification, type NotificationListData } from '../lib/list-cache';

/**
 * Live notifications on the shell's hub socket (lib/realtime/use-hub-connection; no connection of its own). A pushed
 * notification goes to the front of the bell list (10 kept), the unread count follows the server's number, and after
 * any reconnect the lists and the count are fetched again (delivery to a socket is at-most-once). Payloads are checked
 * against the contracts; a malformed one is dropped and logged. Returns whether the socket is connected.
 */
export function useNotificationSocket(enabled = true): boolean {
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
    setLive(socket.connected);
    // A connection this screen saw open before: anything pushed while it was down was missed.
    let connectedBefore = socket.connected;
    const onConnect = () => {
      setLive(true);
      if (connectedBefore) void qc.invalidateQueries({ queryKey: notificationKeys.all });
      connectedBefore = true;
    };
    const onDisconnect = () => setLive(false);
    const onNotification = (raw: unknown) => {
      const parsed = Notification.safeParse(raw);
      if (!parsed.success) {
        console.error('[socket] notification:new does not match its contract', parsed.error.issues);
        return;
      }
      const item = parsed.data;
      qc.setQueryData<NotificationListData>(notificationKeys.list(BELL_QUERY), (old) =>
        old ? { ...old, totalCount: old.totalCount + 1, data: { notifications: prependNotification(old.data.notifications, item) } } : old,
      );
      // Other lists and the per-type stats refetch when they are looked at.
      const bellKey = JSON.stringify(notificationKeys.list(BELL_QUERY));
      void qc.invalidateQueries({
        queryKey: notificationKeys.all,
        predicate: (q) => JSON.stringify(q.queryKey) !== bellKey && q.queryKey[1] !== 'unread-count',
      });
    };
    const onUnread = (raw: unknown) => {
      const parsed = UnreadCount.safeParse(raw);
      if (parsed.success) qc.setQueryData(notificationKeys.unreadCount, parsed.data);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on(SOCKET_EVENTS.notificationNew, onNotification);
    socket.on(SOCKET_EVENTS.unreadCount, onUnread);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off(SOCKET_EVENTS.notificationNew, onNotification);
      socket.off(SOCKET_EVENTS.unreadCount, onUnread);
    };
  }, [socket, enabled, qc]);

  return live;
}
