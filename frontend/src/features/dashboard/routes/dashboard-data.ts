import type { User } from '@akhada/contracts';
import { currentLocationId } from '../../../lib/current-location';
import type { RouteData } from '../../../lib/routing/route-data';
import { latestNotificationsQueryOptions } from '../../../lib/shared-queries/notification-list';
import { unreadCountQueryOptions } from '../../../lib/shared-queries/unread-count';
import { overviewQueryOptions } from '../api/dashboard-api';

/** A trainer's dashboard: their latest notifications. */
export const RECENT_ACTIVITY_SIZE = 5;

/** Owners and admins see the gym's figures (one request); trainers their notifications. */
export const isStaff = (user: Pick<User, 'role'>) => user.role === 'owner' || user.role === 'admin';

/** /dashboard's loader: staff's one overview request; the unread count and the list are the bell's own queries. */
export const dashboardData: RouteData = ({ user }) =>
  isStaff(user) ? [overviewQueryOptions(currentLocationId(user)), unreadCountQueryOptions()] : [unreadCountQueryOptions(), latestNotificationsQueryOptions()];
