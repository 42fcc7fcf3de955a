import { SOCKET_EVENTS, type ErrorCode, type Notification } from '@akhada/contracts';

/** Why the server is about to close a socket, and the refresh call (defined with the other socket events in contracts). */
export const HUB_EVENTS = { authError: SOCKET_EVENTS.authError, authRefresh: SOCKET_EVENTS.authRefresh } as const;

export type RefreshResult = { ok: true; expiresAt: string } | { ok: false; code: ErrorCode; message: string };

export interface ServerToClientEvents {
  [SOCKET_EVENTS.notificationNew]: (notification: Notification) => void;
  [SOCKET_EVENTS.unreadCount]: (payload: { unreadCount: number }) => void;
  [HUB_EVENTS.authError]: (payload: { code: ErrorCode; message: string }) => void;
}

export interface ClientToServerEvents {
  /** payload: the new token, or { token }. */
  [HUB_EVENTS.authRefresh]: (payload: unknown, ack: (result: RefreshResult) => void) => void;
}

/** Who is on the other end of a socket, from a verified token. */
export interface SocketSession {
  userId: string;
  orgId: string;
  sessionId: string;
  issuedAtMs: number;
  expiresAtMs: number;
  locationIds: string[];
}

export interface SocketData {
  session: SocketSession;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const locationRoom = (locationId: string) => `location:${locationId}`;
export const roomsOf = (s: Pick<SocketSession, 'userId' | 'locationIds'>): string[] => [userRoom(s.userId), ...s.locationIds.map(locationRoom)];
