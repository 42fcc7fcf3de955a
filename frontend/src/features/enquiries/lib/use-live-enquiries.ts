import { ENQUIRIES_SOCKET_EVENTS, EnquiriesChanged } from '@akhada/contracts';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getHubSocket, subscribeHubSocket, type HubSocketLike } from '../../../lib/realtime/hub-socket';
import { enquiryKeys } from '../api/enquiries-api';

/** Pings that arrive together (a command recording two changes, a burst of enquiries) make one refetch. */
const COALESCE_MS = 250;

/** The screens' reads a lead's change can move: the board or list, a lead, today's follow-ups (not the form links). */
const movedByALead = (q: Query): boolean => {
  const [root, kind] = q.queryKey;
  return root === enquiryKeys.all[0] && (kind === 'list' || kind === 'detail' || kind === 'today');
};

/**
 * Keeps the open enquiries screens current: every `enquiries:changed` ping the hub sends (a lead of the caller's
 * locations, or one given to them, changed: captured on the public form, moved, followed up…) reads the board, the
 * lead and today's follow-ups again — what each caller gets is scoped by the server — and so does every reconnect (pings
 * are at most once). It listens on the shell's hub socket (no second connection). Returns whether pings are arriving.
 */
export function useLiveEnquiries(): { live: boolean } {
  const qc = useQueryClient();
  const [socket, setSocket] = useState<HubSocketLike | null>(getHubSocket);
  const [live, setLive] = useState(false);

  useEffect(() => {
    setSocket(getHubSocket());
    return subscribeHubSocket(setSocket);
  }, []);

  useEffect(() => {
    if (!socket) {
      setLive(false);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void qc.invalidateQueries({ predicate: movedByALead }), COALESCE_MS);
    };
    setLive(socket.connected);
    let lost = false;
    const onConnect = () => {
      setLive(true);
      // The first connection of the screen needs no second read; a reconnect may have missed pings.
      if (lost) refresh();
    };
    const onDisconnect = () => {
      lost = true;
      setLive(false);
    };
    const onChanged = (raw: unknown) => {
      const parsed = EnquiriesChanged.safeParse(raw);
      if (!parsed.success) {
        console.error(`[socket] ${ENQUIRIES_SOCKET_EVENTS.changed} does not match its contract`, parsed.error.issues);
        return;
      }
      refresh();
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on(ENQUIRIES_SOCKET_EVENTS.changed, onChanged);
    return () => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off(ENQUIRIES_SOCKET_EVENTS.changed, onChanged);
    };
  }, [socket, qc]);

  return { live };
}
