import { SOCKET_EVENTS } from '@akhada/contracts';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { clearToken, getToken, subscribeToken } from '../auth/token-store';
import { setHubSocket } from './hub-socket';

/** The hub's session events: `auth:refresh` hands a live socket its fresh token, `auth:error` comes just before the hub closes a socket. */
const HUB_EVENTS = { authRefresh: SOCKET_EVENTS.authRefresh, authError: SOCKET_EVENTS.authError } as const;
const RECONNECT_AFTER_SERVER_DISCONNECT_MS = 5_000;
const REFRESH_ACK_TIMEOUT_MS = 5_000;

/**
 * The app's one connection to the real-time hub, owned by the signed-in shell (AppShell), so every live screen —
 * the bell, attendance's "in the gym now", the dashboard, chat — works whatever else is mounted. It is shared through
 * `hub-socket` (getHubSocket / subscribeHubSocket); screens only add and remove their own listeners. A refreshed token
 * is handed to the live socket, or the socket reconnects with it; the hub's own disconnect (expired token, restart)
 * is retried once a fresh token may be there; a revoked session ends the session here too.
 */
export function useHubConnection(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !getToken()) return;
    const socket = io({
      path: '/socket.io',
      transports: ['websocket'],
      auth: (cb) => cb({ token: getToken() }),
    });
    setHubSocket(socket);
    let retryTimer: number | undefined;

    socket.on('disconnect', (reason) => {
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
    };
  }, [enabled]);
}
