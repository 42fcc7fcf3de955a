import type { NotificationStatus, NotificationType } from '@akhada/contracts';
import { exclusiveLock, exclusiveLocks, type Executor } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import type { NewNotificationRow, NotificationRow, NotificationsDb } from './schema.ts';

/** Every read and write of a notification is scoped to its owner: the recipient AND the organization. */
export interface Owner {
  recipientId: string;
  orgId: string;
}

export interface ListFilter {
  type?: NotificationType | undefined;
  category?: string | undefined;
  status?: NotificationStatus | undefined;
}

/**
 * Serializes the writes of one recipient's notifications for the rest of the transaction, so the unread count each
 * writer announces is computed in commit order and the outbox ids of one recipient grow in that order too.
 */
export const lockRecipient = (trx: Transaction<NotificationsDb>, recipientId: string): Promise<void> =>
  exclusiveLock(trx as Transaction<unknown>, `akhada.notifications.recipient:${recipientId}`);

/** lockRecipient for several recipients in one round trip, in id order. */
export const lockRecipients = (trx: Transaction<NotificationsDb>, recipientIds: readonly string[]): Promise<void> =>
  exclusiveLocks(
    trx as Transaction<unknown>,
    [...recipientIds].sort().map((id) => `akhada.notifications.recipient:${id}`),
  );

/** Inserts the rows whose event has not notified their recipient yet (one statement); returns the new ones. */
export const insertNotifications = (trx: Transaction<NotificationsDb>, rows: readonly NewNotificationRow[]): Promise<NotificationRow[]> =>
  rows.length === 0
    ? Promise.resolve([])
    : trx
        .insertInto('notifications')
        .values([...rows])
        .onConflict((oc) => oc.columns(['source_event_id', 'recipient_id']).doNothing())
        .returningAll()
        .execute();

/** countUnread for several recipients of one organization in one query. */
export const countUnreadOfMany = async (db: Executor<NotificationsDb>, orgId: string, recipientIds: readonly string[]): Promise<Map<string, number>> => {
  const rows = recipientIds.length
    ? await db
        .selectFrom('notifications')
        .select(['recipient_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('recipient_id', 'in', [...recipientIds])
        .where('org_id', '=', orgId)
        .where('status', '=', 'unread')
        .groupBy('recipient_id')
        .execute()
    : [];
  const counts = new Map(rows.map((r) => [r.recipient_id, Number(r.n)]));
  return new Map(recipientIds.map((id) => [id, counts.get(id) ?? 0]));
};

export const countUnread = async (db: Executor<NotificationsDb>, owner: Owner): Promise<number> => {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recipient_id', '=', owner.recipientId)
    .where('org_id', '=', owner.orgId)
    .where('status', '=', 'unread')
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

const filtered = (db: Executor<NotificationsDb>, owner: Owner, f: ListFilter) => {
  let q = db.selectFrom('notifications').where('recipient_id', '=', owner.recipientId).where('org_id', '=', owner.orgId);
  // Archived notifications leave the list; they are only shown when asked for.
  q = f.status ? q.where('status', '=', f.status) : q.where('status', '<>', 'archived');
  if (f.type) q = q.where('type', '=', f.type);
  if (f.category) q = q.where('category', '=', f.category);
  return q;
};

export const listPage = (db: Executor<NotificationsDb>, owner: Owner, f: ListFilter, offset: number, limit: number): Promise<NotificationRow[]> =>
  filtered(db, owner, f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();

export const countFiltered = async (db: Executor<NotificationsDb>, owner: Owner, f: ListFilter): Promise<number> => {
  const row = await filtered(db, owner, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Per type: how many (archived excluded) and how many of them are unread. */
export const countsByType = (db: Executor<NotificationsDb>, owner: Owner): Promise<{ type: NotificationType; count: number; unread: number }[]> =>
  db
    .selectFrom('notifications')
    .select((eb) => ['type', eb.fn.countAll<number>().as('count'), sql<number>`count(*) filter (where status = 'unread')`.as('unread')])
    .where('recipient_id', '=', owner.recipientId)
    .where('org_id', '=', owner.orgId)
    .where('status', '<>', 'archived')
    .groupBy('type')
    .orderBy('count', 'desc')
    .orderBy('type')
    .execute()
    .then((rows) => rows.map((r) => ({ type: r.type, count: Number(r.count), unread: Number(r.unread) })));

/** Locks the row, so a concurrent change of the same notification waits for this one. */
export const findOwnedForUpdate = (trx: Transaction<NotificationsDb>, owner: Owner, id: string): Promise<NotificationRow | undefined> =>
  trx
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('recipient_id', '=', owner.recipientId)
    .where('org_id', '=', owner.orgId)
    .forUpdate()
    .executeTakeFirst();

export const updateReadState = (
  trx: Transaction<NotificationsDb>,
  id: string,
  s: { status: NotificationStatus; readAt: Date | null },
): Promise<NotificationRow> =>
  trx.updateTable('notifications').set({ status: s.status, read_at: s.readAt }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const deleteOwned = (trx: Transaction<NotificationsDb>, owner: Owner, id: string): Promise<NotificationRow | undefined> =>
  trx
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('recipient_id', '=', owner.recipientId)
    .where('org_id', '=', owner.orgId)
    .returningAll()
    .executeTakeFirst();

/** Marks every unread notification of the owner read (readAt set once); returns how many changed. */
export const markAllUnreadRead = async (trx: Transaction<NotificationsDb>, owner: Owner, now: Date): Promise<number> => {
  const res = await trx
    .updateTable('notifications')
    .set((eb) => ({ status: 'read', read_at: eb.fn.coalesce('read_at', sql<Date>`${now}`) }))
    .where('recipient_id', '=', owner.recipientId)
    .where('org_id', '=', owner.orgId)
    .where('status', '=', 'unread')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
};
