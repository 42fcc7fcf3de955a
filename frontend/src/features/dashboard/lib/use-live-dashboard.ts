import { DASHBOARD_SOCKET_EVENTS, DashboardChanged } from '@akhada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getHubSocket, subscribeHubSocket, type HubSocketLike } from '../../../lib/realtime/hub-socket';
import { dashboardKeys } from '../api/dashboard-api';

/** Pushes that arrive together (a burst of check-ins) make one refetch. */
const COALESCE_MS = 250;
/** Figures read this recently when the page's socket first connects are current: no second request. */
const FRESH_ON_CONNECT_MS = 5_000;

/**
 * Moves the open dashboard as events arrive: every `dashboard:changed` push of the caller's locations (sent by the
 * hub after the dashboard's read model has the change) refetches the overview, or today's classes for scheduling's,
 * and every reconnect both. It listens on the shell's hub socket (no second connection). Returns whether pushes are
 * arriving right now.
 */
export function useLiveDashboard(locationId: string | null, enabled: boolean): { live: boolean } {
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
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    /** Scheduling's pushes move today's classes only; the others the overview; a reconnect both. */
    const refresh = (what: 'overview' | 'classes' | 'both' = 'both') => {
      for (const [name, key] of [
        ['overview', dashboardKeys.overviews],
        ['classes', dashboardKeys.allClasses],
      ] as const) {
        if (what !== 'both' && what !== name) continue;
        clearTimeout(timers.get(name));
        timers.set(
          name,
          setTimeout(() => void qc.invalidateQueries({ queryKey: key }), COALESCE_MS),
        );
      }
    };
    setLive(socket.connected);
    let lost = false;
    const onConnect = () => {
      setLive(true);
      // A reconnect may have missed pushes: read again. The first connection of the page needs it only when the
      // figures it shows were read before the socket could have told it anything (a few seconds ago or more).
      const shown = qc.getQueryState(dashboardKeys.overview(locationId))?.dataUpdatedAt ?? 0;
      if (lost || Date.now() - shown > FRESH_ON_CONNECT_MS) refresh();
    };
    const onDisconnect = () => {
      lost = true;
      setLive(false);
    };
    const onChanged = (raw: unknown) => {
      const parsed = DashboardChanged.safeParse(raw);
      if (!parsed.success) {
        console.error(`[socket] ${DASHBOARD_SOCKET_EVENTS.changed} does not match its contract`, parsed.error.issues);
        return;
      }
      if (locationId === null || parsed.data.locationId === null || parsed.data.locationId === locationId)
        refresh(parsed.data.area === 'scheduling' ? 'classes' : 'overview');
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on(DASHBOARD_SOCKET_EVENTS.changed, onChanged);
    return () => {
      for (const t of timers.values()) clearTimeout(t);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off(DASHBOARD_SOCKET_EVENTS.changed, onChanged);
    };
  }, [socket, enabled, qc, locationId]);

  return { live };
}
