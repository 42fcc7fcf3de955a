import { useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getHubSocket, subscribeHubSocket, type HubSocketLike } from './hub-socket';

/**
 * A screen kept current by the hub's pings: every `event` on the shell's hub socket (no connection of its own) that
 * `accepts` reads the queries `filters` names again — pings arriving within `coalesceMs` make one refetch — and so does
 * every reconnect (pings are at most once; the first connection of the screen needs no second read). Returns whether
 * the socket is connected right now, so a screen can poll slowly while it is and quickly while it is not.
 */
export function useHubRefetch({
  event,
  accepts,
  filters,
  coalesceMs,
  enabled = true,
}: {
  event: string;
  /** Whether a ping's payload means the screen's data moved (and matches its contract). */
  accepts: (raw: unknown) => boolean;
  filters: InvalidateQueryFilters;
  coalesceMs: number;
  enabled?: boolean;
}): { live: boolean } {
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
      timer = setTimeout(() => void qc.invalidateQueries(filters), coalesceMs);
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
    const onEvent = (raw: unknown) => {
      if (accepts(raw)) refresh();
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on(event, onEvent);
    return () => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off(event, onEvent);
    };
    // `accepts` and `filters` are module-level constants in every caller.
  }, [socket, enabled, qc, event, accepts, filters, coalesceMs]);

  return { live };
}
