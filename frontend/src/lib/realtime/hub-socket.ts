import type { Socket } from 'socket.io-client';

/**
 * The app's one socket to the real-time hub (opened by the signed-in shell's useHubConnection), shared so that every
 * screen listens on the same connection instead of opening its own. Only what listeners need is exposed.
 */
export type HubSocketLike = Pick<Socket, 'connected' | 'on' | 'off'>;

type Listener = (socket: HubSocketLike | null) => void;
const listeners = new Set<Listener>();
let current: HubSocketLike | null = null;

/** The hub socket now, or null when none is open (signed out). */
export const getHubSocket = (): HubSocketLike | null => current;

/** Called by the owner of the connection when it opens one (the socket) and when it closes it (null). */
export function setHubSocket(socket: HubSocketLike | null): void {
  if (socket === current) return;
  current = socket;
  for (const l of [...listeners]) l(socket);
}

/** Tells the listener whenever the hub socket is replaced; returns the unsubscribe. */
export function subscribeHubSocket(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
