import { ATTENDANCE_SOCKET_EVENTS, PresenceCheckedIn, PresenceCheckedOut } from '@akhada/contracts';
import { useEffect, useRef, useState } from 'react';
import { getHubSocket, subscribeHubSocket, type HubSocketLike } from './hub-socket';

/** One live presence change at a location the signed-in staff member manages. */
export type PresenceEvent =
  | { type: 'checked_in'; data: PresenceCheckedIn }
  | { type: 'checked_out'; data: PresenceCheckedOut }
  /** The live connection (re)opened: pushes may have been missed meanwhile, so refetch the count and the list. */
  | { type: 'resync' };

/**
 * Live "in the gym now" for staff screens: calls `onEvent` for every `attendance:checked_in` /
 * `attendance:checked_out` the hub pushes to the signed-in owner's or admin's locations (the server decides the
 * locations from the token; members and trainers receive nothing), and `{ type: 'resync' }` when the connection comes
 * back. It listens on the shell's hub socket (no second connection). Events carry `locationId`: a screen showing one
 * location ignores the others. Payloads are validated against the contract; a malformed one is dropped and logged.
 * `onEvent` may change on every render (kept in a ref). Returns `{ live }`: whether pushes are arriving right now
 * (when false, a screen may poll or show "not live").
 *
 * @example
 * // The pushed session is the data: apply it to the screen's cache (attendance's applyPresence); read again on resync.
 * const { live } = useLocationPresence((e) => {
 *   if (e.type === 'resync') void qc.invalidateQueries({ queryKey: attendanceKeys.today });
 *   else if (e.data.locationId === locationId) bumpCounter(e.type === 'checked_in' ? +1 : -1);
 * });
 */
export function useLocationPresence(onEvent: (event: PresenceEvent) => void, enabled = true): { live: boolean } {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
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
    const onConnect = () => {
      setLive(true);
      handler.current({ type: 'resync' });
    };
    const onDisconnect = () => setLive(false);
    const onCheckedIn = (raw: unknown) => {
      const parsed = PresenceCheckedIn.safeParse(raw);
      if (parsed.success) handler.current({ type: 'checked_in', data: parsed.data });
      else console.error(`[socket] ${ATTENDANCE_SOCKET_EVENTS.checkedIn} does not match its contract`, parsed.error.issues);
    };
    const onCheckedOut = (raw: unknown) => {
      const parsed = PresenceCheckedOut.safeParse(raw);
      if (parsed.success) handler.current({ type: 'checked_out', data: parsed.data });
      else console.error(`[socket] ${ATTENDANCE_SOCKET_EVENTS.checkedOut} does not match its contract`, parsed.error.issues);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on(ATTENDANCE_SOCKET_EVENTS.checkedIn, onCheckedIn);
    socket.on(ATTENDANCE_SOCKET_EVENTS.checkedOut, onCheckedOut);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off(ATTENDANCE_SOCKET_EVENTS.checkedIn, onCheckedIn);
      socket.off(ATTENDANCE_SOCKET_EVENTS.checkedOut, onCheckedOut);
    };
  }, [socket, enabled]);

  return { live };
}
