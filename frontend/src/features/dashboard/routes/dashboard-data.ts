import type { User } from '@akhada/contracts';
import { currentLocationId } from '../../../lib/current-location';
import type { RouteData } from '../../../lib/routing/route-data';
import { latestNotificationsQueryOptions } from '../../../lib/shared-queries/notification-list';
import { unreadCountQueryOptions } from '../../../lib/shared-queries/unread-count';
import { overviewQueryOptions, todaysClassesQueryOptions } from '../api/dashboard-api';

/** A trainer's dashboard: their latest notifications. */
export const RECENT_ACTIVITY_SIZE = 5;

/** Owners and admins see the gym's figures (one request); trainers their notifications. */
export const isStaff = (user: Pick<User, 'role'>) => user.role === 'owner' || user.role === 'admin';

/**
 * /dashboard's loader: staff's overview and today's classes (side by side: classes move with every booking and are
 * read on their own, so a burst of bookings does not recompute the figures); the unread count and the list are the
 * bell's own queries.
 */
export const dashboardData: RouteData = ({ user }) => {
  if (!isStaff(user)) return [unreadCountQueryOptions(), latestNotificationsQueryOptions()];
  const locationId = currentLocationId(user);
  return [overviewQueryOptions(locationId), todaysClassesQueryOptions(locationId), unreadCountQueryOptions()];
};
