import type { User } from '@akhada/contracts';
import { currentLocationId } from '../../../lib/current-location';
import type { RouteData } from '../../../lib/routing/route-data';
import { latestNotificationsQueryOptions } from '../../../lib/shared-queries/notification-list';
import { unreadCountQueryOptions } from '../../../lib/shared-queries/unread-count';
import { memberTotalQueryOptions } from '../api/get-member-total';

/** Recent activity: the latest 5 notifications. */
export const RECENT_ACTIVITY_SIZE = 5;

/** Staff see member counts; everyone sees the unread count and the recent activity. */
export const isStaff = (user: Pick<User, 'role'>) => user.role !== 'member';

/** The dashboard's figures for this user and location (the page asks for exactly these). */
export function dashboardQueries(user: User, locationId: string | null) {
  return {
    total: memberTotalQueryOptions({ locationId }),
    active: memberTotalQueryOptions({ locationId, status: 'active' }),
    unread: unreadCountQueryOptions(),
    // The bell's list (one entry, kept live by its socket); the dashboard shows its first RECENT_ACTIVITY_SIZE.
    recent: latestNotificationsQueryOptions(),
    staff: isStaff(user),
  };
}

/** /dashboard's loader. */
export const dashboardData: RouteData = ({ user }) => {
  const q = dashboardQueries(user, currentLocationId(user));
  return q.staff ? [q.total, q.active, q.unread, q.recent] : [q.unread, q.recent];
};
