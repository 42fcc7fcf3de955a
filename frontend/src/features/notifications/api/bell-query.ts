import { LATEST_NOTIFICATIONS } from '../../../lib/shared-queries/notification-list';

/** The bell shows the 10 most recent (the same cache entry as the dashboard's recent activity). */
export const BELL_QUERY = LATEST_NOTIFICATIONS;
