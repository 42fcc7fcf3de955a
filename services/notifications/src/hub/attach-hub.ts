import type { EventBus, Logger, RevocationList, TokenVerifier } from '@akhada/kit';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { NotificationsDb } from '../db/schema.ts';
import { startHubFanout, type SocketTargets } from './fanout.ts';
import { createPresence } from './presence.ts';
import { createRealtimeHub, type RealtimeHub } from './realtime-hub.ts';

/** A socket.io server seen only as "emit this to these rooms". */
type RoomEmitter = { to(rooms: string[]): { emit(event: string, payload: unknown): boolean } };

/**
 * Attaches the real-time hub to the app's own HTTP server (before it listens). The fan-out consumer starts, and has
 * joined its group, before socket.io is attached, so no event is lost between "ready" and the first socket.
 * Closing: the app's preClose closes the sockets (otherwise open websockets hold the server open), then the consumer.
 */
export const attachHub = async ({
  app,
  bus,
  verifier,
  revocations,
  logger,
  instanceId,
  db,
}: {
  app: FastifyInstance;
  bus: EventBus;
  verifier: TokenVerifier;
  revocations: Pick<RevocationList, 'isRevoked' | 'onRevoked'>;
  logger: Logger;
  instanceId: string;
  /** Where the hub records its open sockets (presence); without it nobody counts as online. */
  db?: Kysely<NotificationsDb>;
}): Promise<{ hub: RealtimeHub; close: () => Promise<void> }> => {
  // Events that arrive before socket.io is attached have no socket to reach anyway.
  let attached: RealtimeHub | undefined;
  const toUser: RealtimeHub['toUser'] = (userId, event, ...args) => attached?.toUser(userId, event, ...args);
  const toLocation: RealtimeHub['toLocation'] = (orgId, locationId, event, ...args) => attached?.toLocation(orgId, locationId, event, ...args);
  // Chat's events name their rooms (the participants'); the hub's typed server knows no chat events.
  const toRooms: SocketTargets['toRooms'] = (rooms, event, payload) => (attached?.io as unknown as RoomEmitter | undefined)?.to(rooms).emit(event, payload);
  const fanout = await startHubFanout({ bus, instanceId, logger, hub: { toUser, toLocation, toRooms } });
  const presence = db ? createPresence({ db, instanceId, logger }) : undefined;
  const hub = createRealtimeHub({ server: app.server, verifier, revocations, logger, ...(presence ? { presence } : {}) });
  attached = hub;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      hub.close();
      await fanout.stop();
      await presence?.stop();
    })());
  app.addHook('preClose', close);
  return { hub, close };
};
