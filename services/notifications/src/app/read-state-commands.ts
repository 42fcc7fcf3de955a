import type { Notification } from '@akhada/contracts';
import { notFound } from '@akhada/kit';
import type { Kysely, Transaction } from 'kysely';
import { countUnread, deleteOwned, findOwnedForUpdate, lockRecipient, markAllUnreadRead, updateReadState, type Owner } from '../db/notifications-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';
import { transition, unreadChanged, type ReadCommand } from '../domain/read-state.ts';
import { announceRead, type Cause } from './announce.ts';
import { toNotification } from './notification-view.ts';

/** Who asks, from the verified token only. */
export interface Caller extends Owner {
  correlationId: string;
  requestId: string;
}

export interface CommandDeps {
  db: Kysely<NotificationsDb>;
  clock: () => Date;
}

const causeOf = (caller: Caller, now: Date): Cause => ({
  orgId: caller.orgId,
  correlationId: caller.correlationId,
  causationId: caller.requestId,
  actorId: caller.recipientId,
  occurredAt: now.toISOString(),
});

/** Tells every hub instance the caller's new unread count, in the same transaction as the change. */
const announceNewCount = async (trx: Transaction<NotificationsDb>, caller: Caller, now: Date) =>
  announceRead(trx, causeOf(caller, now), { recipientId: caller.recipientId, unreadCount: await countUnread(trx, caller) });

/** Mark read / mark unread / archive one of the caller's notifications. Someone else's id is simply not found. */
export const changeReadState = ({ db, clock }: CommandDeps, caller: Caller, id: string, command: ReadCommand): Promise<Notification> =>
  db.transaction().execute(async (trx) => {
    await lockRecipient(trx, caller.recipientId);
    const row = await findOwnedForUpdate(trx, caller, id);
    if (!row) throw notFound('Notification');
    const now = clock();
    const before = { status: row.status, readAt: row.read_at };
    const after = transition(command, before, now);
    if (!after) return toNotification(row);
    const updated = await updateReadState(trx, id, after);
    if (unreadChanged(before, after)) await announceNewCount(trx, caller, now);
    return toNotification(updated);
  });

export const deleteNotification = ({ db, clock }: CommandDeps, caller: Caller, id: string): Promise<void> =>
  db.transaction().execute(async (trx) => {
    await lockRecipient(trx, caller.recipientId);
    const row = await deleteOwned(trx, caller, id);
    if (!row) throw notFound('Notification');
    if (row.status === 'unread') await announceNewCount(trx, caller, clock());
  });

export const markAllRead = ({ db, clock }: CommandDeps, caller: Caller): Promise<number> =>
  db.transaction().execute(async (trx) => {
    await lockRecipient(trx, caller.recipientId);
    const now = clock();
    const modified = await markAllUnreadRead(trx, caller, now);
    if (modified > 0) await announceNewCount(trx, caller, now);
    return modified;
  });
