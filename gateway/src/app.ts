import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import proxy from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { SERVICES, type ErrorBody } from '@akhada/contracts';
import { bearerToken, createService, problemBody, type Logger, type TokenVerifier } from '@akhada/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { pickEncoding } from './encoding.ts';
import { loadFrontend } from './frontend-files.ts';
import { cookieLanguage, loadLandingPages } from './landing-page.ts';
import { loadLandingContent, registerPublicContent, type LandingDocuments } from './public-content.ts';
import { isPublicPath, routeTable, type UpstreamRoute } from './route-table.ts';

export interface GatewayOptions {
  logger: Logger;
  verifier: TokenVerifier;
  routes?: UpstreamRoute[];
  hubUpstream?: string;
  frontendDist?: string;
  /** The frontend's server build (default: dist-ssr next to frontendDist), for the landing page's first screen. */
  frontendSsr?: string;
  /** The site's public origin (e.g. https://akhada.in) for absolute links in the landing page's metadata; else the request's. */
  publicOrigin?: string;
  corsOrigins?: string[];
  rateLimitPerMinute?: number;
  authRateLimitPerMinute?: number;
  /** Folder of landing.<lang>.json (default gateway/content), or already-loaded documents. */
  landingContentDir?: string;
  landing?: LandingDocuments;
  /** Proxies in front of the gateway whose X-Forwarded-For is believed (none by default: clients cannot pick their address). */
  trustedProxies?: string;
}

const problem = (req: { id: string }, code: ErrorBody['code'], message: string) => problemBody(req.id, code, message);

/**
 * The thin edge: one route table to the services, bearer tokens checked early, rate limits, request ids, security
 * headers, CORS for the dev server, the socket.io upgrade to the hub, the public landing content, and the built
 * frontend with SPA fallback. It holds no business rules. Throws (refusing to start) when the landing content is invalid.
 */
export const buildGateway = async (opts: GatewayOptions) => {
  const landing = opts.landing ?? loadLandingContent(opts.landingContentDir);
  const { app } = createService({ name: 'gateway', logger: opts.logger, notFoundHandler: false, trustProxy: opts.trustedProxies ?? false });
  const routes = opts.routes ?? routeTable();
  const authRateLimit = opts.authRateLimitPerMinute ?? 60;
  const frontend = opts.frontendDist ? loadFrontend(opts.frontendDist) : undefined;
  const landingPages = frontend
    ? await loadLandingPages({
        ssrDir: opts.frontendSsr ?? join(frontend.distDir, '..', 'dist-ssr'),
        indexHtml: frontend.indexHtml,
        documents: landing,
        logger: opts.logger,
      })
    : undefined;

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(frontend?.inlineScriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
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
  await app.register(cors, { origin: opts.corsOrigins ?? ['http://localhost:5173', 'http://127.0.0.1:5173'], credentials: false });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (req, ctx) => ({
      ...problem(req, 'RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`),
      statusCode: 429,
    }),
  });

  // The landing page's content is the gateway's own answer (before the proxies: /api/public/* otherwise goes to auth).
  registerPublicContent(app, { documents: landing, rateLimitPerMinute: authRateLimit });

  const edgeAuth = async (route: UpstreamRoute, req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.slice('/api'.length).split('?')[0] ?? '';
    if (isPublicPath(route, path)) return;
    const token = bearerToken(req.headers.authorization);
    if (!token) return reply.status(401).send(problem(req, 'UNAUTHENTICATED', 'Please sign in to continue'));
    try {
      await opts.verifier.verify(token);
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 401) return reply.status(401).send(problem(req, (err as { code: ErrorBody['code'] }).code, (err as Error).message));
      req.log.error({ err }, 'edge token check failed');
      return reply.status(503).send(problem(req, 'SERVICE_UNAVAILABLE', 'Sign-in cannot be checked right now. Please try again shortly.'));
    }
  };

  for (const route of routes) {
    await app.register(async (scope) => {
      await scope.register(proxy, {
        upstream: route.upstream,
        prefix: `/api/${route.prefix}`,
        rewritePrefix: `/${route.prefix}`,
        http: { requestOptions: { timeout: 30_000 } },
        // eslint-disable-next-line @typescript-eslint/no-misused-promises -- typed `=> void` by @fastify/http-proxy, but it is a Fastify route hook and Fastify awaits it
        preHandler: async (req, reply) => edgeAuth(route, req, reply),
        config: {
          // Prefixes a guest can call (auth, public) get the tighter limit.
          rateLimit: { max: route.publicPaths.length > 0 ? authRateLimit : (opts.rateLimitPerMinute ?? 1200), timeWindow: '1 minute' },
        },
        replyOptions: {
          rewriteRequestHeaders: (req, headers) => ({
            ...headers,
            'x-request-id': req.id,
            'x-correlation-id': (req.headers['x-correlation-id'] as string | undefined) ?? req.id,
            'x-forwarded-for': req.ip,
          }),
          // eslint-disable-next-line @typescript-eslint/no-misused-promises -- returns the reply (a thenable) that @fastify/reply-from ignores; nothing is left un-awaited
          onError: (reply, { error }) => {
            const code = (error as { statusCode?: number }).statusCode ?? 502;
            const req = reply.request as { id: string };
            if (code === 504) return reply.status(504).send(problem(req, 'SERVICE_UNAVAILABLE', `The ${route.service} service took too long to answer.`));
            return reply
              .status(503)
              .send(problem(req, 'SERVICE_UNAVAILABLE', `The ${route.service} service is not available right now. Please try again shortly.`));
          },
        },
      });
    });
  }

  // Real-time hub: the socket.io handshake and websocket upgrade go to the notifications service.
  await app.register(proxy, {
    upstream: opts.hubUpstream ?? `http://127.0.0.1:${SERVICES.notifications.port}`,
    prefix: '/socket.io',
    rewritePrefix: '/socket.io',
    websocket: true,
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
    app.get('/', (req, reply) => {
      const origin = opts.publicOrigin ?? `${req.protocol}://${req.host}`;
      if (!landingPages || !/^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i.test(origin)) return sendIndex(req, reply);
      const page = landingPages.page(cookieLanguage(req.headers.cookie), origin);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie');
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (!encoding) return reply.send(page.html);
      return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
    });
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !/\.[a-z0-9]{2,5}(\?|$)/i.test(req.url)) return sendIndex(req, reply);
      return reply.status(404).send(problem(req, 'NOT_FOUND', `Nothing at ${req.url.split('?')[0]}`));
    });
  } else {
    app.setNotFoundHandler((req, reply) => reply.status(404).send(problem(req, 'NOT_FOUND', `Nothing at ${req.url.split('?')[0]}`)));
  }
  return app;
};
