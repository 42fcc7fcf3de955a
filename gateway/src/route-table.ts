import { allRouteContracts, EXTRA_PREFIXES, SERVICES, type RouteContract, type ServiceName } from '@akhada/contracts';
import { parseUpstreams } from './upstream-pool.ts';

const allRoutes: readonly RouteContract[] = allRouteContracts.map((r) => r.contract);

/** A route a guest may call (`auth: false` in its contract): method and path pattern below /api. */
export interface GuestRoute {
  method: RouteContract['method'];
  path: string;
  pattern: RegExp;
}

export interface UpstreamRoute {
  /** Public prefix under /api, e.g. "members" → /api/members/*. */
  prefix: string;
  service: ServiceName;
  /** The first (or only) instance. */
  upstream: string;
  /** Every instance, when `<SERVICE>_URL` lists several (comma-separated): the gateway balances across the healthy ones. */
  upstreams?: string[];
  /** The routes below the prefix a guest may call, from the contracts; every other request needs a bearer token at the edge. */
  guestRoutes: GuestRoute[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/notifications/:id/read` → /^\/notifications\/[^/]+\/read\/?$/ (a parameter is one path segment). */
export const pathPattern = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRegExp(seg)))
      .join('/')}/?$`,
  );

/** The guest routes of a set of contracts (default: every route of the product). */
export const guestRoutesOf = (contracts: readonly RouteContract[] = allRoutes): GuestRoute[] =>
  contracts.filter((r) => !r.auth).map((r) => ({ method: r.method, path: r.path, pattern: pathPattern(r.path) }));

/**
 * The one route table: /api/<prefix> → the service that owns it. Upstream URLs come from <SERVICE>_URL or the local
 * port (a comma-separated list: several instances, balanced); which paths a guest may call comes from the contracts (`auth: false`), not from a list kept here.
 */
export const routeTable = (env: NodeJS.ProcessEnv = process.env, contracts: readonly RouteContract[] = allRoutes): UpstreamRoute[] => {
  const guests = guestRoutesOf(contracts);
  const under = (prefix: string) => guests.filter((g) => g.path === `/${prefix}` || g.path.startsWith(`/${prefix}/`));
  const upstreamsOf = (s: ServiceName) => {
    const listed = parseUpstreams(env[`${s.toUpperCase()}_URL`] ?? '');
    const upstreams = listed.length > 0 ? listed : [`http://127.0.0.1:${SERVICES[s].port}`];
    return { upstream: upstreams[0]!, upstreams };
  };
  const direct = (Object.keys(SERVICES) as ServiceName[]).map((s) => ({
    prefix: SERVICES[s].prefix,
    service: s,
    ...upstreamsOf(s),
    guestRoutes: under(SERVICES[s].prefix),
  }));
  const extra = Object.entries(EXTRA_PREFIXES).map(([prefix, s]) => ({ prefix, service: s, ...upstreamsOf(s), guestRoutes: under(prefix) }));
  return [...direct, ...extra];
};

/** Whether a guest may call `method path` (path below /api, without the query); HEAD counts as GET. */
export const isGuestRoute = (route: Pick<UpstreamRoute, 'guestRoutes'>, method: string, path: string): boolean =>
  route.guestRoutes.some((g) => (g.method === method || (method === 'HEAD' && g.method === 'GET')) && g.pattern.test(path));
