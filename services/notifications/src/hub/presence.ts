import type { Executor, Logger } from '@akhada/kit';
import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { NotificationsDb } from '../db/schema.ts';

/** How often an instance refreshes its sockets' rows, and how old a row may be and still count (three beats missed: gone). */
export const PRESENCE_HEARTBEAT_MS = 30_000;
export const PRESENCE_STALE_SECONDS = 90;

/**
 * Who is online, as the hub knows it: one row per open socket in hub_sockets, written at connect, removed at
 * disconnect and refreshed on a heartbeat (a crashed instance's rows lapse). Any hub instance's socket counts, so the
 * notifications consumer (maybe in another process) asks the table, not its own socket.io server. Writes run one after
 * another, so a socket's disconnect never lands before its connect.
 */
export interface Presence {
  connected(socketId: string, who: { orgId: string; userId: string }): void;
  disconnected(socketId: string): void;
  stop(): Promise<void>;
}

export const createPresence = ({
  db,
  instanceId,
  logger,
  heartbeatMs = PRESENCE_HEARTBEAT_MS,
}: {
  db: Kysely<NotificationsDb>;
  instanceId: string;
  logger: Logger;
  heartbeatMs?: number;
}): Presence => {
  // This process's own key: a restarted instance (same INSTANCE_ID) never keeps the rows of its previous life fresh.
  const owner = `${instanceId}:${randomUUID()}`;
  let queue: Promise<unknown> = Promise.resolve();
  const run = (what: string, op: () => Promise<unknown>) => {
    queue = queue.then(op).catch((err: unknown) => logger.warn({ err }, `presence: could not ${what}`));
    return queue;
  };
  const beat = setInterval(
    () =>
      void run('refresh the sockets', () =>
        db
          .updateTable('hub_sockets')
          .set({ seen_at: sql<Date>`now()` })
          .where('instance_id', '=', owner)
          .execute(),
      ),
    heartbeatMs,
  );
  beat.unref();
  return {
    connected: (socketId, who) =>
      void run('record a socket', () =>
        db
          .insertInto('hub_sockets')
          .values({ socket_id: socketId, instance_id: owner, org_id: who.orgId, user_id: who.userId, seen_at: sql<Date>`now()` })
          .onConflict((oc) => oc.column('socket_id').doUpdateSet({ seen_at: sql<Date>`now()` }))
          .execute(),
      ),
    disconnected: (socketId) => void run('drop a socket', () => db.deleteFrom('hub_sockets').where('socket_id', '=', socketId).execute()),
    stop: async () => {
      clearInterval(beat);
      await run('drop the instance’s sockets', () => db.deleteFrom('hub_sockets').where('instance_id', '=', owner).execute());
    },
  };
};

/** The ones of `userIds` with an open socket on any hub instance (a fresh row). */
export const onlineAmong = async (db: Executor<NotificationsDb>, orgId: string, userIds: readonly string[]): Promise<Set<string>> => {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('hub_sockets')
    .select('user_id')
    .distinct()
    .where('org_id', '=', orgId)
    .where('user_id', 'in', [...userIds])
    .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`)
    .execute();
  return new Set(rows.map((r) => r.user_id));
};
