import {
  ATTENDANCE_SOCKET_EVENTS,
  DASHBOARD_SOCKET_EVENTS,
  ENQUIRIES_SOCKET_EVENTS,
  SOCKET_EVENTS,
  type DashboardChanged,
  type EnquiriesChanged,
  STAFF_ROLES,
  type ErrorCode,
  type Notification,
  type PresenceCheckedIn,
  type PresenceCheckedOut,
  type Role,
} from '@akhada/contracts';

/** Why the server is about to close a socket, and the refresh call (defined with the other socket events in contracts). */
export const HUB_EVENTS = { authError: SOCKET_EVENTS.authError, authRefresh: SOCKET_EVENTS.authRefresh } as const;

export type RefreshResult = { ok: true; expiresAt: string } | { ok: false; code: ErrorCode; message: string };

export interface ServerToClientEvents {
  [SOCKET_EVENTS.notificationNew]: (notification: Notification) => void;
  [SOCKET_EVENTS.unreadCount]: (payload: { unreadCount: number }) => void;
  [HUB_EVENTS.authError]: (payload: { code: ErrorCode; message: string }) => void;
  [ATTENDANCE_SOCKET_EVENTS.checkedIn]: (payload: PresenceCheckedIn) => void;
  [ATTENDANCE_SOCKET_EVENTS.checkedOut]: (payload: PresenceCheckedOut) => void;
  /** The dashboard's figures of a location changed (after its read model has the change): refetch the overview. */
  [DASHBOARD_SOCKET_EVENTS.changed]: (payload: DashboardChanged) => void;
  /** A lead of the staff member's location, or one given to them, changed: the open enquiries screens read again. */
  [ENQUIRIES_SOCKET_EVENTS.changed]: (payload: EnquiriesChanged) => void;
}

export interface ClientToServerEvents {
  /** payload: the new token, or { token }. */
  [HUB_EVENTS.authRefresh]: (payload: unknown, ack: (result: RefreshResult) => void) => void;
}

/** Who is on the other end of a socket, from a verified token. */
export interface SocketSession {
  userId: string;
  orgId: string;
  role: Role;
  sessionId: string;
  issuedAtMs: number;
  expiresAtMs: number;
  locationIds: string[];
}

export interface SocketData {
  session: SocketSession;
}

export const userRoom = (userId: string) => `user:${userId}`;
/** A location's staff room; named with the organization too, so a room is never shared across gyms whatever the ids. */
export const locationRoom = (orgId: string, locationId: string) => `location:${orgId}:${locationId}`;
/**
 * The rooms of a verified session: its user's room, and for staff (owner, admin) a room per location the token names.
 * Members and trainers join no location room: live presence is for the staff of a location only.
 */
export const roomsOf = (s: Pick<SocketSession, 'userId' | 'orgId' | 'role' | 'locationIds'>): string[] => [
  userRoom(s.userId),
  ...(STAFF_ROLES.includes(s.role) ? s.locationIds.map((l) => locationRoom(s.orgId, l)) : []),
];
