import { notFound } from '@akhada/kit';
import { deleteOwned, lockRecipient } from '../db/notifications-repo.ts';
import { announceUnreadCount } from '../db/announcements.ts';
import type { Caller, NotificationsDeps } from './deps.ts';

/** Deletes one of the caller's notifications; someone else's id is simply not found. */
export const deleteNotification = ({ db, clock }: Pick<NotificationsDeps, 'db' | 'clock'>, caller: Caller, id: string): Promise<void> =>
  db.transaction().execute(async (trx) => {
    await lockRecipient(trx, caller.recipientId);
    const row = await deleteOwned(trx, caller, id);
    if (!row) throw notFound('Notification');
    if (row.status === 'unread') await announceUnreadCount(trx, caller, clock());
  });
