import cors from '@fastify/cors';
import proxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import {
  CHAT_UPLOAD_BODY_BYTES,
  CHAT_UPLOAD_PATH,
  PROFILE_PICTURE_UPLOAD_BODY_BYTES,
  PROFILE_PICTURE_UPLOAD_PATH,
  SERVICES,
  type ErrorBody,
  type PlanId,
} from '@akhada/contracts';
import { createService, credentialOf, DEFAULT_BODY_LIMIT, problemBody, type Logger, type OpenApiDocument, type TokenVerifier } from '@akhada/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { mergedApiDocument, registerApiDocs } from './api-docs.ts';
import { publicApiDocument } from './public-api-docs.ts';
import { createKeyLimiter, DEFAULT_API_KEY_LIMITS, type KeyLimiter } from './api-key-limits.ts';
import { createKeyUsageStore, defaultAuthOpsUrl } from './api-key-usage-store.ts';
import { limitApiKey, registerApiKeyUsage } from './api-key-usage.ts';
import { bodyLimitText, declaredTooLarge, readBody, rewindBody, tooLarge } from './body-limit.ts';
import { pickEncoding } from './encoding.ts';
import { registerDataExport } from './data-export.ts';
import { loadFrontend } from './frontend-files.ts';
import { cookieLanguage, loadLandingPages } from './landing-page.ts';
import { loadLandingContent, registerPublicContent, type LandingDocuments } from './public-content.ts';
import { clientAddress, edgeCallerOf, isApiKeyKey, isUserKey, rateLimitKey, setEdgeCaller } from './rate-limit.ts';
import { isGuestRoute, routeTable, type UpstreamRoute } from './route-table.ts';
import { sendUnavailable } from './unavailable.ts';
import { connectionRefused, UpstreamPool, type UpstreamPoolOptions } from './upstream-pool.ts';

export interface GatewayOptions {
  logger: Logger;
  verifier: TokenVerifier;
  routes?: UpstreamRoute[];
  hubUpstream?: string;
  frontendDist?: string;
  /** The frontend's server build (default: dist-ssr next to frontendDist), for the landing page's first screen. */
  frontendSsr?: string;
  /**
   * The site's public origin (e.g. https://akhada.in) for absolute links in the landing page's metadata. Without it
   * those links are relative: the Host header is the client's to choose and never makes it into a page.
   */
  publicOrigin?: string;
  corsOrigins?: string[];
  /** Per signed-in user (organization + user) and route, and per address for anonymous calls to routes no guest may use. */
  rateLimitPerMinute?: number;
  /** Per address for anonymous calls to the prefixes a guest may use (auth, public). */
  authRateLimitPerMinute?: number;
  /** Requests per minute per API key by its organization's plan (issue 29), as auth's key check answers the plan. */
  apiKeyRateLimits?: Readonly<Record<PlanId, number>>;
  /** The per-key counters (tests pass one with their own clock). */
  apiKeyLimiter?: KeyLimiter;
  /**
   * auth's ops origin, where the keys' usage per day is added to in batches and read (default: auth's first upstream
   * with its port + 1000, the kit's rule for ops ports).
   */
  apiKeyUsageUrl?: string;
  /** How often the usage counts are handed to auth (default 5 s; and always when the gateway closes). */
  apiKeyUsageFlushMs?: number;
  /** The largest body passed on to a service (default: the services' own limit). */
  bodyLimit?: number;
  /** Folder of landing.<lang>.json (default gateway/content), or already-loaded documents. */
  landingContentDir?: string;
  landing?: LandingDocuments;
  /** Proxies in front of the gateway whose X-Forwarded-For is believed (none by default: clients cannot pick their address). */
  trustedProxies?: string;
  /** Health checks of a service with several instances (interval, readiness URL); defaults in UpstreamPool. */
  upstreamHealth?: UpstreamPoolOptions;
  /** Origins of the payment provider's Checkout (script, API calls, frames) the CSP allows; none by default. */
  paymentCheckoutOrigins?: string[];
}

const problem = (req: { id: string }, code: ErrorBody['code'], message: string) => problemBody(req.id, code, message);

/**
 * The service hung up while the request body was still being written (EPIPE anywhere in the error's causes: undici
 * wraps the socket's error, node:http handed it over as the cause). With undici a service's own 413 usually arrives as
 * an answer instead; this is the rest.
 */
const brokenPipe = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === 'EPIPE') return true;
  }
  return false;
};

/** Operational paths a Fastify app or a plugin might answer; on the public edge they are always 404 (the ops port has them). */
const OPERATIONAL_PATHS = ['/health', '/ready', '/metrics', '/docs', '/docs/*', '/documentation', '/documentation/*'];

/**
 * The headers helmet sets, worked out once. (@fastify/helmet builds helmet's middleware again on every request,
 * parsing the CSP directives each time: ~5 % of the gateway's CPU.) Our options hold no per-request parts (no nonces,
 * no directive functions), so every response gets the same headers.
 */
const securityHeaders = (options: HelmetOptions): [string, string][] => {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
};

/**
 * The thin edge: one route table to the services, bearer tokens checked early, the body limit, rate limits (by user
 * when signed in, by address otherwise), request ids, security headers, CORS for the dev server, the socket.io upgrade
 * to the hub, the public landing content, and the built frontend with SPA fallback. It holds no business rules.
 * Operational endpoints and the API docs are on its ops app (`opsAppOf(app)`, GATEWAY_OPS_PORT), never on the public
 * edge. Throws (refusing to start) when the landing content is invalid.
 */
export const buildGateway = async (opts: GatewayOptions) => {
  const landing = opts.landing ?? loadLandingContent(opts.landingContentDir);
  const bodyLimit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  /**
   * The body limit of a request: chat's file upload may carry a file of up to 10 MB, the profile picture upload one of
   * up to 5 MB; everything else keeps bodyLimit.
   */
  const limitOf = (req: FastifyRequest): number => {
    const path = req.url.split('?')[0] ?? '';
    if (req.method !== 'POST') return bodyLimit;
    if (CHAT_UPLOAD_PATH.test(path)) return Math.max(bodyLimit, CHAT_UPLOAD_BODY_BYTES);
    if (PROFILE_PICTURE_UPLOAD_PATH.test(path)) return Math.max(bodyLimit, PROFILE_PICTURE_UPLOAD_BODY_BYTES);
    return bodyLimit;
  };
  const { app, ops } = createService({
    name: 'gateway',
    logger: opts.logger,
    notFoundHandler: false,
    trustProxy: opts.trustedProxies ?? false,
    bodyLimit,
    docs: false,
  });
  const routes = opts.routes ?? routeTable();
  const authRateLimit = opts.authRateLimitPerMinute ?? 60;
  const userRateLimit = opts.rateLimitPerMinute ?? 1200;
  const keyLimiter = opts.apiKeyLimiter ?? createKeyLimiter();
  const keyRateLimits = opts.apiKeyRateLimits ?? DEFAULT_API_KEY_LIMITS;
  const settingsUpstream = routes.find((r) => r.prefix === 'settings')!.upstream;
  const keyUsage = createKeyUsageStore({
    url: opts.apiKeyUsageUrl ?? defaultAuthOpsUrl(settingsUpstream),
    limiter: keyLimiter,
    logger: app.log,
    ...(opts.apiKeyUsageFlushMs ? { intervalMs: opts.apiKeyUsageFlushMs } : {}),
  });
  keyUsage.start();
  // The counts not handed over yet go to auth before the process ends.
  app.addHook('onClose', () => keyUsage.stop());

  // The merged API document (all contracts) on the ops port; the public reference for gyms (the routes an API key may
  // call, and the webhooks) at /api/docs on the edge, in production too.
  const apiDocument: OpenApiDocument = await mergedApiDocument();
  await registerApiDocs(ops, '/docs', apiDocument);
  await registerApiDocs(app, '/api/docs', await publicApiDocument());
  for (const path of OPERATIONAL_PATHS)
    app.all(path, async (req, reply) => reply.status(404).send(problem(req, 'NOT_FOUND', `Nothing at ${req.url.split('?')[0]}`)));
  const frontend = opts.frontendDist ? loadFrontend(opts.frontendDist) : undefined;
  const landingPages = frontend
    ? await loadLandingPages({
        ssrDir: opts.frontendSsr ?? join(frontend.distDir, '..', 'dist-ssr'),
        indexHtml: frontend.indexHtml,
        documents: landing,
        logger: opts.logger,
      })
    : undefined;

  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(frontend?.inlineScriptHashes ?? []), ...(opts.paymentCheckoutOrigins ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(opts.paymentCheckoutOrigins ?? [])],
        frameSrc: ["'self'", ...(opts.paymentCheckoutOrigins ?? [])],
        mediaSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false, // set by the TLS terminator in front of a real deployment
  });
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of security) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(cors, { origin: opts.corsOrigins ?? ['http://localhost:5173', 'http://127.0.0.1:5173'], credentials: false });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    // An API key's requests are limited per key (limitApiKey, with the RateLimit-* headers), not here.
    allowList: (_req, key) => isApiKeyKey(key),
    errorResponseBuilder: (req, ctx) => ({
      ...problem(req, 'RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`),
      statusCode: 429,
    }),
  });

  // The landing page's content is the gateway's own answer (before the proxies: /api/public/* otherwise goes to auth).
  registerPublicContent(app, { documents: landing, rateLimitPerMinute: authRateLimit });
  // Settings → Data management's export: composed here from each service's own streamed export (before the proxies: /api/settings/* otherwise goes to auth).
  registerDataExport(app, { routes, verifier: opts.verifier, rateLimitPerMinute: userRateLimit });
  // An API key's usage per day, from the per-key limiter (before the proxies: /api/settings/* otherwise goes to auth).
  registerApiKeyUsage(app, {
    verifier: opts.verifier,
    limiter: keyLimiter,
    store: keyUsage,
    limits: keyRateLimits,
    rateLimitPerMinute: userRateLimit,
    authUpstream: settingsUpstream,
  });

  /**
   * The bearer token, checked once per request before the rate limit (so a signed-in caller is limited as a user):
   * a valid token marks the caller; a missing or invalid one is refused later unless a guest may call the route.
   */
  const tokenProblem = new WeakMap<FastifyRequest, { status: 401 | 503; code: ErrorBody['code']; message: string }>();
  const tokenFailed = (req: FastifyRequest, err: unknown) => {
    const status = (err as { status?: number }).status;
    if (status === 401) {
      tokenProblem.set(req, { status: 401, code: (err as { code: ErrorBody['code'] }).code, message: (err as Error).message });
      return;
    }
    req.log.error({ err }, 'edge token check failed');
    tokenProblem.set(req, { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Sign-in cannot be checked right now. Please try again shortly.' });
  };
  /** Calls `done` once the caller is known (at once when there is no token): one promise only when there is one. */
  const checkToken = (req: FastifyRequest, done: () => void) => {
    // A session token, or an API key (Bearer or X-Api-Key), checked against auth's record (issue 29).
    const token = credentialOf(req.headers);
    if (!token) return done();
    opts.verifier.verify(token, { apiKeys: true }).then(
      (claims) => {
        setEdgeCaller(req, { userId: claims.sub, orgId: claims.org, ...(claims.key ? { plan: claims.key.plan } : {}) });
        done();
      },
      (err: unknown) => {
        tokenFailed(req, err);
        done();
      },
    );
  };

  /** The refusal of a caller the route does not let in (sent), or false. */
  const refused = (route: UpstreamRoute, req: FastifyRequest, reply: FastifyReply): boolean => {
    if (edgeCallerOf(req)) return false;
    const path = req.url.slice('/api'.length).split('?')[0] ?? '';
    if (isGuestRoute(route, req.method, path)) return false;
    const p = tokenProblem.get(req);
    if (!p) void reply.status(401).send(problem(req, 'UNAUTHENTICATED', 'Please sign in to continue'));
    else if (p.status === 503) void sendUnavailable(reply, p.message);
    else void reply.status(p.status).send(problem(req, p.code, p.message));
    return true;
  };

  /** The body, read here after the token check, so only a caller allowed in can make the edge read one. */
  const readAllowedBody = async (req: FastifyRequest, reply: FastifyReply) => {
    const body = await readBody(req, limitOf(req));
    if (body === 'too-large')
      return tooLarge(reply, problem(req, 'PAYLOAD_TOO_LARGE', `The request body is too large (at most ${bodyLimitText(limitOf(req))})`));
    if (body === 'broken') return reply.status(400).send(problem(req, 'BAD_REQUEST', 'The request body is not valid chunked HTTP, or the client went away'));
  };

  // A service listed with several instances: one pool per service (shared by its prefixes), balanced round-robin over
  // the instances whose readiness passes; a dead one is out at the first refused connection or failed check.
  const pools = new Map<string, UpstreamPool>();
  for (const route of routes) {
    const upstreams = route.upstreams ?? [route.upstream];
    if (upstreams.length < 2 || pools.has(route.service)) continue;
    const pool = new UpstreamPool(upstreams, {
      ...opts.upstreamHealth,
      onChange: (upstream, healthy, reason) =>
        healthy
          ? opts.logger.info({ service: route.service, upstream }, 'instance back in')
          : opts.logger.warn({ service: route.service, upstream, reason }, 'instance taken out'),
    });
    pool.start();
    pools.set(route.service, pool);
  }
  app.addHook('onClose', async () => {
    for (const pool of pools.values()) pool.stop();
  });

  for (const route of routes) {
    const pool = pools.get(route.service);
    // Several instances: a connection refused (nothing sent) takes the instance out and the request goes once to
    // another healthy instance; any other failure is answered by onError below (the service may have acted on it).
    const handler: FastifyHttpProxyOptions['handler'] = pool
      ? (req, reply, dest, options) => {
          // Chosen once: the pool's getUpstream moves on at every call, so the refused instance is the one tried.
          const first = options.getUpstream?.(req, '') ?? route.upstream;
          // The error of one refused connection can be reported more than once: the request goes to another instance once.
          let retried = false;
          return reply.from(dest, {
            ...options,
            getUpstream: () => first,
            onError: (r, ctx) => {
              if (retried) return;
              if (connectionRefused(ctx.error)) {
                retried = true;
                pool.markDown(first, 'connection refused');
                const other = pool.alternative(first);
                if (other && !r.sent && rewindBody(req)) return void r.from(dest, { ...options, getUpstream: () => other });
              }
              options.onError?.(r, ctx);
            },
          });
        }
      : undefined;
    await app.register(async (scope) => {
      // Before the rate limit (a route hook, so it runs after these): the declared size, then who is calling.
      // A callback hook: a request without a token (or with a cached one) costs no extra promise.
      scope.addHook('onRequest', (req, reply, done) => {
        if (declaredTooLarge(req, limitOf(req))) {
          void tooLarge(reply, problem(req, 'PAYLOAD_TOO_LARGE', `The request body is too large (at most ${bodyLimitText(limitOf(req))})`));
          return;
        }
        // Then an API key's own per-minute limit (answers 429 itself past it).
        checkToken(req, () => {
          if (limitApiKey(req, reply, keyLimiter, keyRateLimits)) done();
        });
      });
      // Personal data: nothing a signed-in caller gets (or is refused) may be kept by a shared cache.
      scope.addHook('onSend', (req, reply, payload, done) => {
        if (req.headers.authorization) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      // The proxy streams bodies through untouched (its own parser); the kit's JSON parser is for the gateway's own routes.
      scope.removeContentTypeParser('application/json');
      await scope.register(proxy, {
        // Several instances: no fixed upstream, the pool's getUpstream names one per request (undici would otherwise
        // send every request to the fixed one's origin).
        upstream: pool ? '' : route.upstream,
        prefix: `/api/${route.prefix}`,
        rewritePrefix: `/${route.prefix}`,
        // undici, reply-from's default client: ~15 µs less per request than node:http's ClientRequest and agent.
        undici: { headersTimeout: 30_000, bodyTimeout: 30_000 },
        // A callback hook (the proxy's type): an early answer (401) is sent without calling done, as Fastify expects.
        preHandler: (req, reply, done) => {
          if (refused(route, req, reply)) return;
          // A request without a body (a plain GET) goes on at once; one with a body is read and counted first.
          if (!(req.body instanceof Readable)) return done();
          readAllowedBody(req, reply).then(() => {
            if (!reply.sent) done();
          }, done);
        },
        config: {
          // Signed in: per user. Anonymous: per address, tighter on the prefixes a guest can call (auth, public).
          rateLimit: {
            max: (_req: FastifyRequest, key: string) => (isUserKey(key) ? userRateLimit : route.guestRoutes.length > 0 ? authRateLimit : userRateLimit),
            timeWindow: '1 minute',
          },
          // The service logs every request it answers (same request id, forwarded); the edge logs what it refused or
          // what failed (401, 429, 503…) at info, the rest at debug.
          requestLog: 'errors',
        },
        // reply-from logs two info lines per request ("fetching from remote server", "response received"); the one
        // request line of createService says what happened.
        disableRequestLogging: true,
        ...(handler ? { handler } : {}),
        replyOptions: {
          ...(pool ? { getUpstream: () => pool.pick() } : {}),
          // reply-from hands over its own copy of the client's headers: set ours on it instead of copying it again.
          rewriteRequestHeaders: (req, headers) => {
            headers['x-request-id'] = req.id;
            headers['x-correlation-id'] = (req.headers['x-correlation-id'] as string | undefined) ?? req.id;
            headers['x-forwarded-for'] = clientAddress(req);
            return headers;
          },
          onError: (reply, { error }) => {
            // The proxy may report one failure twice (a broken pipe on each write): answer once.
            if (reply.sent) return;
            const code = (error as { statusCode?: number }).statusCode ?? 502;
            const req = reply.request as { id: string };
            // The service hung up while the body was still being sent: it refused the body (a smaller limit of its own),
            // which is the caller's to fix, not an outage.
            if (brokenPipe(error)) {
              void reply.status(413).send(problem(req, 'PAYLOAD_TOO_LARGE', `The ${route.service} service does not accept a request body this large.`));
            } else if (code === 504) {
              void reply.status(504).send(problem(req, 'SERVICE_UNAVAILABLE', `The ${route.service} service took too long to answer.`));
            } else {
              void sendUnavailable(reply, `The ${route.service} service is not available right now. Please try again shortly.`);
            }
          },
        },
      });
    });
  }

  // Real-time hub: the socket.io handshake and websocket upgrade go to the notifications service (in its own scope, so
  // its pass-through body parsers stay there).
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      if (declaredTooLarge(req, bodyLimit))
        return tooLarge(reply, problem(req, 'PAYLOAD_TOO_LARGE', `The request body is too large (at most ${bodyLimitText(bodyLimit)})`));
    });
    scope.removeContentTypeParser('application/json');
    await scope.register(proxy, {
      upstream: opts.hubUpstream ?? `http://127.0.0.1:${SERVICES.notifications.port}`,
      prefix: '/socket.io',
      rewritePrefix: '/socket.io',
      websocket: true,
      // The hub's long-polling requests while the notifications service is down: the same 503 as every other route.
      replyOptions: {
        onError: (reply, { error }) => {
          if (reply.sent) return;
          if ((error as { statusCode?: number }).statusCode === 504)
            void reply.status(504).send(problem(reply.request, 'SERVICE_UNAVAILABLE', 'The real-time hub took too long to answer.'));
          else void sendUnavailable(reply, 'The real-time hub is not available right now. Please try again shortly.');
        },
      },
    });
  });

  // Anything else under /api is not a route of ours.
  app.all('/api/*', async (req, reply) => reply.status(404).send(problem(req, 'NOT_FOUND', `No API route for ${req.method} ${req.url.split('?')[0]}`)));

  if (frontend) {
    await app.register(fastifyStatic, {
      root: frontend.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br and .gz next to each text asset (frontend/vite.config.ts); serve those when accepted.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendIndex = (_req: FastifyRequest, reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(frontend.indexHtml);
    // A guest's first visit: the landing page with its first screen already rendered, in the language of the `lang`
    // cookie (index.html's inline script hides it from a signed-in visitor, whom the app sends to /dashboard).
    // The page's canonical and Open Graph URLs use the configured public origin, or are relative: never the Host header.
    const origin = opts.publicOrigin?.replace(/\/$/, '') ?? '';
    app.get('/', (req, reply) => {
      if (!landingPages) return sendIndex(req, reply);
      const page = landingPages.page(cookieLanguage(req.headers.cookie), origin);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie');
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (!encoding) return reply.send(page.html);
      return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
    });
    app.setNotFoundHandler((req, reply) => {
      // A file is told by its path, not its query (Google's callback carries URLs such as …/userinfo.email in it).
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !/\.[a-z0-9]{2,5}$/i.test(req.url.split('?')[0] ?? '')) return sendIndex(req, reply);
      return reply.status(404).send(problem(req, 'NOT_FOUND', `Nothing at ${req.url.split('?')[0]}`));
    });
  } else {
    app.setNotFoundHandler((req, reply) => reply.status(404).send(problem(req, 'NOT_FOUND', `Nothing at ${req.url.split('?')[0]}`)));
  }
  return app;
};
