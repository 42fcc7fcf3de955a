import { Notification, SOCKET_EVENTS, UnreadCount } from '@akhada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import { clearToken, getToken, subscribeToken } from '../../../lib/auth/token-store';
import { notificationKeys } from '../../../lib/query-keys/notifications';
import { setHubSocket } from '../../../lib/realtime/hub-socket';
import { BELL_QUERY } from '../api/bell-query';
import { prependNotification, type NotificationListData } from '../lib/list-cache';

/** The hub's session events: `auth:refresh` hands a live socket its fresh token, `auth:error` comes just before the hub closes a socket. */
const HUB_EVENTS = { authRefresh: SOCKET_EVENTS.authRefresh, authError: SOCKET_EVENTS.authError } as const;
const RECONNECT_AFTER_SERVER_DISCONNECT_MS = 5_000;
const REFRESH_ACK_TIMEOUT_MS = 5_000;

/**
 * Live notifications over socket.io. A pushed notification goes to the front of the bell list (10 kept),
 * the unread count follows the server's number, and after any reconnect the lists and the count are fetched
 * again (delivery to a socket is at-most-once). A refreshed token is handed to the live socket, or the socket
 * reconnects with it. The socket is shared through lib/realtime/hub-socket (useLocationPresence listens on it).
 * Returns whether the socket is connected.
 */
export function useNotificationSocket(enabled = true): boolean {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!enabled || !getToken()) return;
    const socket = io({
      path: '/socket.io',
      transports: ['websocket'],
      auth: (cb) => cb({ token: getToken() }),
    });
    // Other screens (live presence) listen on this same connection.
    setHubSocket(socket);
    let connectedBefore = false;
    let retryTimer: number | undefined;

    socket.on('connect', () => {
      setLive(true);
      if (connectedBefore) void qc.invalidateQueries({ queryKey: notificationKeys.all });
      connectedBefore = true;
    });

    socket.on('disconnect', (reason) => {
      setLive(false);
      // The hub closed it (token expired or the server restarted): try again once a fresh token may be there.
      if (reason === 'io server disconnect') {
        window.clearTimeout(retryTimer);
        retryTimer = window.setTimeout(() => {
          if (getToken() && !socket.connected) socket.connect();
        }, RECONNECT_AFTER_SERVER_DISCONNECT_MS);
      }
    });

    socket.on(HUB_EVENTS.authError, (raw: unknown) => {
      const code = raw && typeof raw === 'object' ? (raw as { code?: unknown }).code : undefined;
      // A revoked session is over everywhere: end it here too (the app sends the user to sign in).
      if (code === 'SESSION_REVOKED') clearToken('expired');
    });

    socket.on(SOCKET_EVENTS.notificationNew, (raw: unknown) => {
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
    });

    socket.on(SOCKET_EVENTS.unreadCount, (raw: unknown) => {
      const parsed = UnreadCount.safeParse(raw);
      if (parsed.success) qc.setQueryData(notificationKeys.unreadCount, parsed.data);
    });

    const reconnect = () => {
      socket.disconnect();
      socket.connect();
    };

    const unsubscribe = subscribeToken((token) => {
      if (!token) {
        socket.disconnect();
        return;
      }
      if (!socket.connected) {
        if (!socket.active) socket.connect();
        return;
      }
      // Keep the live socket and hand it the new token; reconnect if the hub does not take it.
      socket.timeout(REFRESH_ACK_TIMEOUT_MS).emit(HUB_EVENTS.authRefresh, { token }, (err: Error | null, result?: { ok?: boolean }) => {
        if (err || !result?.ok) reconnect();
      });
    });

    return () => {
      setHubSocket(null);
      unsubscribe();
      window.clearTimeout(retryTimer);
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
      setLive(false);
    };
  }, [enabled, qc]);

  return live;
}
