import { EXTRA_PREFIXES, SERVICES, type ServiceName } from '@akhada/contracts';

export interface UpstreamRoute {
  /** Public prefix under /api, e.g. "members" → /api/members/*. */
  prefix: string;
  service: ServiceName;
  upstream: string;
  /** Paths (below the prefix) a guest may call; every other path needs a bearer token at the edge. */
  publicPaths: RegExp[];
}

/** Paths below each prefix that a guest may call. `/api/public/landing` never gets here: the gateway answers it itself. */
const PUBLIC_PATHS: Record<string, RegExp[]> = {
  auth: [/^\/auth\/(login|register|forgot-password|reset-password)\/?$/, /^\/auth\/\.well-known\/jwks\.json$/],
  public: [/^\/public\/contact\/?$/],
};

/** The one route table: /api/<prefix> → the service that owns it. Upstream URLs come from <SERVICE>_URL or the local port. */
export const routeTable = (env: NodeJS.ProcessEnv = process.env): UpstreamRoute[] => {
  const upstreamOf = (s: ServiceName) => env[`${s.toUpperCase()}_URL`] ?? `http://127.0.0.1:${SERVICES[s].port}`;
  const direct = (Object.keys(SERVICES) as ServiceName[]).map((s) => ({
    prefix: SERVICES[s].prefix,
    service: s,
    upstream: upstreamOf(s),
    publicPaths: PUBLIC_PATHS[SERVICES[s].prefix] ?? [],
  }));
  const extra = Object.entries(EXTRA_PREFIXES).map(([prefix, s]) => ({ prefix, service: s, upstream: upstreamOf(s), publicPaths: PUBLIC_PATHS[prefix] ?? [] }));
  return [...direct, ...extra];
};

export const isPublicPath = (route: UpstreamRoute, path: string): boolean => route.publicPaths.some((re) => re.test(path));
