import type { Notification } from '@akhada/contracts';
import { notFound } from '@akhada/kit';
import { findOwnedForUpdate, lockRecipient, updateReadState } from '../db/notifications-repo.ts';
import { transition, unreadChanged, type ReadCommand } from '../domain/read-state.ts';
import { toNotification } from '../views/notification-view.ts';
import { announceUnreadCount } from '../db/announcements.ts';
import type { Caller, NotificationsDeps } from './deps.ts';

/** Mark read / mark unread / archive one of the caller's notifications. Someone else's id is simply not found. */
export const changeReadState = (
  { db, clock }: Pick<NotificationsDeps, 'db' | 'clock'>,
  caller: Caller,
  id: string,
  command: ReadCommand,
): Promise<Notification> =>
  db.transaction().execute(async (trx) => {
    await lockRecipient(trx, caller.recipientId);
    const row = await findOwnedForUpdate(trx, caller, id);
    if (!row) throw notFound('Notification');
    const now = clock();
    const before = { status: row.status, readAt: row.read_at };
    const after = transition(command, before, now);
    if (!after) return toNotification(row);
    const updated = await updateReadState(trx, id, after);
    if (unreadChanged(before, after)) await announceUnreadCount(trx, caller, now);
    return toNotification(updated);
  });
