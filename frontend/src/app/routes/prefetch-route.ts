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
  /**
   * The routes below this one's splat, kept in their own chunk (the signed-in area, dashboard-routes.tsx): matched
   * against the rest of the address, their handles started like this one's.
   */
  routes?: () => Promise<RouteObject[]>;
}

type Address = { pathname: string; search: string };

type Matched = { handle: RouteHandle; params: Record<string, string | undefined> };

/**
 * Calls `visit` with the handle of every route an address renders, outermost first, following a route's `routes` into
 * its own table with the rest of the address. Each level is visited as soon as it is matched, before the next table's
 * chunk has arrived, so what is known can start at once.
 */
async function eachHandle(routes: RouteObject[], pathname: string, visit: (m: Matched) => void, outer: Matched['params'] = {}): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const m of matches) visit({ handle: (m.route.handle ?? {}) as RouteHandle, params: { ...outer, ...m.params } });
  const last = matches.at(-1);
  const nested = (last?.route.handle as RouteHandle | undefined)?.routes;
  if (!last || !nested) return;
  const { '*': rest = '', ...params } = last.params;
  await eachHandle(await nested(), `/${rest}`, visit, { ...outer, ...params });
}

/** Starts loading the code of every route an address renders (the shell and its page at once, not one after the other). */
export async function preloadRouteCode(routes: RouteObject[], pathname: string): Promise<void> {
  // A table's chunk that fails to load: the route shows the error when it renders.
  await eachHandle(routes, pathname, ({ handle }) => void handle.page?.preload().catch(() => undefined)).catch(() => undefined);
}

/** Starts loading the data loaders of every route an address renders (so they are there when the user is known). */
export async function preloadRouteLoaders(routes: RouteObject[], pathname: string): Promise<void> {
  await eachHandle(routes, pathname, ({ handle }) => void handle.data?.().catch(() => undefined)).catch(() => undefined); // tried again when used
}

/** Starts the queries of every route an address renders, for this user; those already in the cache are left alone. */
export async function prefetchRouteData(routes: RouteObject[], queryClient: QueryClient, address: Address, user: User) {
  // A screen the guard sends this user away from (not for their role, or their account awaits approval): its data
  // would only be refused by the server. The page they land on starts its own.
  if (redirectFor(user, address.pathname)) return;
  const search = new URLSearchParams(address.search);
  const started: Promise<void>[] = [];
  const start = async ({ handle, params }: Matched) => {
    if (!handle.data) return;
    try {
      const data = await handle.data();
      prefetchAll(queryClient, data({ params, search, user }));
    } catch (err) {
      // A loader that cannot load leaves the screen to fetch its own data as it renders.
      console.warn('[router] could not start the data of', address.pathname, err);
    }
  };
  await eachHandle(routes, address.pathname, (m) => void started.push(start(m))).catch((err: unknown) =>
    console.warn('[router] could not load the routes of', address.pathname, err),
  );
  await Promise.all(started);
}
