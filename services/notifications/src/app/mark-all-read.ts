import { lockRecipient, markAllUnreadRead } from '../db/notifications-repo.ts';
import { announceUnreadCount } from '../db/announcements.ts';
import type { Caller, NotificationsDeps } from './deps.ts';

/** Marks every unread notification of the caller read; returns how many changed. */
export const markAllRead = ({ db, clock }: Pick<NotificationsDeps, 'db' | 'clock'>, caller: Caller): Promise<number> =>
  db.transaction().execute(async (trx) => {
    await lockRecipient(trx, caller.recipientId);
    const now = clock();
    const modified = await markAllUnreadRead(trx, caller, now);
    if (modified > 0) await announceUnreadCount(trx, caller, now);
    return modified;
  });
