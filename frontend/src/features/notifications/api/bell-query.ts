import type { NotificationQuery } from '../../../lib/query-keys/notifications';

/** The bell asks for the 10 most recent. */
export const BELL_QUERY: NotificationQuery = { page: 1, limit: 10 };
