import type { ErrorCode } from '@akhada/contracts';
import { AppError, type Logger, type RevocationList, type TokenClaims, type TokenVerifier } from '@akhada/kit';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  HUB_EVENTS,
  locationRoom,
  roomsOf,
  userRoom,
  type ClientToServerEvents,
  type RefreshResult,
  type ServerToClientEvents,
  type SocketData,
  type SocketSession,
} from './socket-types.ts';
import type { Presence } from './presence.ts';

type HubServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type HubSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeHub {
  io: HubServer;
  /** Emits to every local socket of a user. */
  toUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Emits to every local staff socket (owner, admin) of one location of one organization. */
  toLocation<E extends keyof ServerToClientEvents>(orgId: string, locationId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Closes every socket's transport (clients reconnect, e.g. to another instance) and stops accepting new ones. */
  close(): void;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

const sessionOf = (c: TokenClaims): SocketSession => ({
  userId: c.sub,
  orgId: c.org,
  role: c.role,
  sessionId: c.sid,
  issuedAtMs: c.iat * 1000,
  expiresAtMs: c.exp * 1000,
  locationIds: c.locs,
});

/** An Error whose message socket.io hands to the client's connect_error, with the machine code in `data`. */
const handshakeError = (code: ErrorCode, message: string) => Object.assign(new Error(message), { data: { code } });

/**
 * socket.io on the service's own HTTP server. The handshake is authenticated from `auth.token` only (a token in the
 * query string ends up in access logs). A socket joins `user:<id>` and, for staff, `location:<org>:<id>` for each of its token's locations, and
 * is disconnected when its token expires, unless `auth:refresh` brought a newer one, or when its session is revoked.
 */
export const createRealtimeHub = ({
  server,
  verifier,
  revocations,
  logger,
  presence,
}: {
  server: HttpServer;
  verifier: TokenVerifier;
  revocations: Pick<RevocationList, 'isRevoked' | 'onRevoked'>;
  logger: Logger;
  /** Told of every socket that opens and closes (who is online: hub/presence.ts). */
  presence?: Pick<Presence, 'connected' | 'disconnected'>;
}): RealtimeHub => {
  const io: HubServer = new Server(server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    // No `cors`: the browser reaches the hub through the gateway on the same origin.
    maxHttpBufferSize: 16 * 1024, // clients only ever send a token
    connectTimeout: 10_000,
  });
  const expiryTimers = new Map<string, NodeJS.Timeout>();
  let closed = false;

  const verify = async (token: unknown): Promise<{ ok: true; claims: TokenClaims } | { ok: false; code: ErrorCode; message: string }> => {
    if (typeof token !== 'string' || token.length === 0) {
      return { ok: false, code: 'UNAUTHENTICATED', message: 'Authentication required: connect with auth: { token: "<your session token>" }' };
    }
    try {
      return { ok: true, claims: await verifier.verify(token) };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, code: err.code, message: err.message };
      logger.error({ err }, 'could not verify a socket token');
      return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'Your session could not be checked right now. Please try again.' };
    }
  };

  const kick = (socket: Pick<HubSocket, 'id' | 'emit' | 'disconnect'>, code: ErrorCode, message: string) => {
    clearTimeout(expiryTimers.get(socket.id));
    expiryTimers.delete(socket.id);
    socket.emit(HUB_EVENTS.authError, { code, message });
    socket.disconnect(true);
  };

  const armExpiry = (socket: HubSocket) => {
    clearTimeout(expiryTimers.get(socket.id));
    const left = socket.data.session.expiresAtMs - Date.now();
    if (left <= 0) return kick(socket, 'TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
    const timer = setTimeout(() => armExpiry(socket), Math.min(left, MAX_TIMER_MS));
    timer.unref();
    expiryTimers.set(socket.id, timer);
  };

  io.use((socket, next) => {
    if (closed) return next(handshakeError('SERVICE_UNAVAILABLE', 'The server is shutting down; please reconnect.'));
    // Only the handshake's auth payload: never socket.handshake.query.
    void verify((socket.handshake.auth as { token?: unknown } | undefined)?.token).then((v) => {
      if (!v.ok) return next(handshakeError(v.code, v.message));
      socket.data.session = sessionOf(v.claims);
      next();
    });
  });

  io.on('connection', (socket) => {
    void socket.join(roomsOf(socket.data.session));
    presence?.connected(socket.id, socket.data.session);
    armExpiry(socket);
    socket.on('disconnect', () => {
      presence?.disconnected(socket.id);
      clearTimeout(expiryTimers.get(socket.id));
      expiryTimers.delete(socket.id);
    });
    socket.on(HUB_EVENTS.authRefresh, (payload, ack) => {
      const reply = (r: RefreshResult) => (typeof ack === 'function' ? ack(r) : undefined);
      const token = typeof payload === 'string' ? payload : (payload as { token?: unknown } | null)?.token;
      void verify(token).then((v) => {
        if (!socket.connected) return;
        if (!v.ok) return reply({ ok: false, code: v.code, message: v.message });
        const current = socket.data.session;
        const next = sessionOf(v.claims);
        if (next.userId !== current.userId || next.orgId !== current.orgId) {
          return reply({ ok: false, code: 'FORBIDDEN', message: 'The new token belongs to another user; reconnect with it instead.' });
        }
        const keep = new Set(roomsOf(next));
        for (const room of roomsOf(current)) if (!keep.has(room)) void socket.leave(room);
        void socket.join([...keep]);
        socket.data.session = next;
        armExpiry(socket);
        reply({ ok: true, expiresAt: new Date(next.expiresAtMs).toISOString() });
      });
    });
  });

  // A revocation names a user (and maybe one session): re-check that user's sockets against the revocation list.
  revocations.onRevoked(({ userId }) => {
    if (closed) return;
    const ids = io.of('/').adapter.rooms.get(userRoom(userId));
    for (const id of ids ?? []) {
      const socket = io.of('/').sockets.get(id);
      if (!socket) continue;
      const s = socket.data.session;
      if (revocations.isRevoked({ sessionId: s.sessionId, userId: s.userId, issuedAtMs: s.issuedAtMs })) {
        kick(socket, 'SESSION_REVOKED', 'You have been signed out. Please sign in again.');
      }
    }
  });

  return {
    io,
    toUser: (userId, event, ...args) => {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    toLocation: (orgId, locationId, event, ...args) => {
      io.to(locationRoom(orgId, locationId)).emit(event, ...args);
    },
    close() {
      if (closed) return;
      closed = true;
      for (const t of expiryTimers.values()) clearTimeout(t);
      expiryTimers.clear();
      io.engine.close();
    },
  };
};
