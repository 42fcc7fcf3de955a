import type { User } from '@akhada/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { prefetchAll, type RouteData } from '../../lib/routing/route-data';
import { redirectFor } from './role-access';

/**
 * What a route needs before it can show anything: its code (`page`, a lazily loaded chunk) and its data (`data`, a
 * loader in its own small chunk: the queries the screen will ask for). Both are started together, at boot for the
 * address the app opens on and at the start of every navigation (below), instead of the data
 * waiting for the code to render.
 */
export interface RouteHandle {
  page?: { preload: () => Promise<unknown> };
  data?: () => Promise<RouteData>;
}

type Address = { pathname: string; search: string };

const handlesOf = (routes: RouteObject[], pathname: string) =>
  (matchRoutes(routes, pathname) ?? []).map((m) => ({ handle: (m.route.handle ?? {}) as RouteHandle, params: m.params }));

/** Starts loading the code of every route an address renders (the shell and its page at once, not one after the other). */
export function preloadRouteCode(routes: RouteObject[], pathname: string) {
  for (const { handle } of handlesOf(routes, pathname)) void handle.page?.preload().catch(() => undefined); // the route shows the error if it fails again
}

/** Starts loading the data loaders of every route an address renders (so they are there when the user is known). */
export function preloadRouteLoaders(routes: RouteObject[], pathname: string) {
  for (const { handle } of handlesOf(routes, pathname)) void handle.data?.().catch(() => undefined); // tried again when used
}

/** Starts the queries of every route an address renders, for this user; those already in the cache are left alone. */
export async function prefetchRouteData(routes: RouteObject[], queryClient: QueryClient, address: Address, user: User) {
  // A screen the guard sends this user away from (not for their role, or their account awaits approval): its data
  // would only be refused by the server. The page they land on starts its own.
  if (redirectFor(user, address.pathname)) return;
  const search = new URLSearchParams(address.search);
  await Promise.all(
    handlesOf(routes, address.pathname).map(async ({ handle, params }) => {
      if (!handle.data) return;
      try {
        const data = await handle.data();
        prefetchAll(queryClient, data({ params, search, user }));
      } catch (err) {
        // A loader that cannot load leaves the screen to fetch its own data as it renders.
        console.warn('[router] could not start the data of', address.pathname, err);
      }
    }),
  );
}
