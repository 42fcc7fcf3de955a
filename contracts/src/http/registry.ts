import { authRoutes } from './auth.ts';
import { memberRoutes } from './members.ts';
import { notificationRoutes } from './notifications.ts';
import { publicRoutes } from './public.ts';
import type { RouteContract } from './route.ts';

/**
 * Every HTTP route of the product, by group. The gateway derives which paths a guest may call from it (`auth: false`),
 * and builds the merged API document from it; a new service adds its `xxxRoutes` here.
 */
export const routeGroups = {
  auth: authRoutes,
  members: memberRoutes,
  notifications: notificationRoutes,
  public: publicRoutes,
} as const satisfies Record<string, Record<string, RouteContract>>;

/** A route contract with its name in the registry, e.g. `members.create`. */
export interface NamedRoute extends RouteContract {
  name: string;
}

export const allRoutes: readonly NamedRoute[] = Object.entries(routeGroups).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteContract>).map(([name, r]) => ({ ...r, name: `${group}.${name}` })),
);
