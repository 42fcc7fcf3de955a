import type { RouteData } from '../../../lib/routing/route-data';
import { notificationListQueryOptions } from '../../../lib/shared-queries/notification-list';
import { unreadCountQueryOptions } from '../../../lib/shared-queries/unread-count';
import { BELL_QUERY } from '../api/bell-query';
import { notificationStatsQueryOptions } from '../api/get-notification-stats';
import { clampPage, parseTab, queryForTab } from '../lib/filters';

/** The page's list request for an address (?tab&page). */
export const pageQueryFrom = (params: URLSearchParams) =>
  queryForTab(parseTab(params.get('tab')), clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER));

/** /dashboard/notifications's loader: the per-type stats and the page of the list the address asks for. */
export const notificationsData: RouteData = ({ search }) => [notificationStatsQueryOptions(), notificationListQueryOptions(pageQueryFrom(search))];

/** The signed-in shell's loader: the bell's unread count and its 10 most recent (on every screen of the shell). */
export const bellData: RouteData = () => [unreadCountQueryOptions(), notificationListQueryOptions(BELL_QUERY)];
