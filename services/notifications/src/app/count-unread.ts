import { countUnread as countUnreadOf, type Owner } from '../db/notifications-repo.ts';
import type { NotificationsDeps } from './deps.ts';

/** The number on the caller's bell. */
export const countUnread = ({ db }: Pick<NotificationsDeps, 'db'>, owner: Owner): Promise<number> => countUnreadOf(db, owner);
