import type { RouteContract } from '@akhada/contracts';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { RequestContext } from '../auth/context.ts';
import { bearerToken, type TokenVerifier } from '../auth/verifier.ts';
import { unauthenticated } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { errorHandler, problemBody } from './error-handler.ts';
import { HttpMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface ServiceOptions {
  name: string;
  logger: Logger;
  verifier?: TokenVerifier;
  /** Readiness checks (database, broker…); /ready answers 503 while any fails. */
  readiness?: Record<string, () => Promise<unknown>>;
  bodyLimit?: number;
  /** false when the caller sets its own not-found handler (the gateway falls back to the app's index.html). */
  notFoundHandler?: boolean;
  /**
   * Which hops may set X-Forwarded-For. Services sit behind the gateway on loopback or a private network; the
   * gateway itself faces clients and trusts only the proxies it is told about (TRUSTED_PROXIES).
   */
  trustProxy?: boolean | string;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Fastify 5 + zod type provider + request ids + one error handler + /health, /ready, /metrics. */
export const createService = ({
  name,
  logger,
  verifier,
  readiness = {},
  bodyLimit = 1_048_576,
  notFoundHandler = true,
  trustProxy = 'loopback,linklocal,uniquelocal',
}: ServiceOptions) => {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // One line per request is written by our onResponse hook (with route and status), so Fastify's own are off.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy,
    bodyLimit,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>() as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  if (notFoundHandler) {
    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send(problemBody(req.id, 'NOT_FOUND', `No route for ${req.method} ${req.url.split('?')[0]}`, { error: 'Not found' })),
    );
  }
  app.decorateRequest('ctx', null);

  const metrics = new HttpMetrics();
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (!route.startsWith('/health') && !route.startsWith('/metrics') && !route.startsWith('/ready')) {
      const level = reply.statusCode >= 500 ? 'error' : 'info';
      req.log[level](
        { correlationId: req.headers['x-correlation-id'] ?? req.id, method: req.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    }
  });

  app.get('/health', async () => ({ status: 'ok', service: name }));
  app.get('/ready', async (_req, reply) => {
    const results: Record<string, string> = {};
    let ok = true;
    await Promise.all(
      Object.entries(readiness).map(async ([k, check]) => {
        try {
          await check();
          results[k] = 'ok';
        } catch (err) {
          ok = false;
          results[k] = String((err as Error).message ?? err);
        }
      }),
    );
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready', checks: results });
  });
  app.get('/metrics', async (_req, reply) => reply.type('text/plain; version=0.0.4').send(metrics.render(name)));

  const authenticate = async (req: FastifyRequest): Promise<RequestContext> => {
    if (!verifier) throw new Error('this service has no token verifier');
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthenticated();
    const c = await verifier.verify(token);
    const correlation = req.headers['x-correlation-id'];
    return {
      userId: c.sub,
      orgId: c.org,
      role: c.role,
      locationIds: c.locs,
      sessionId: c.sid,
      name: c.name,
      requestId: req.id,
      correlationId: typeof correlation === 'string' && REQUEST_ID.test(correlation) ? correlation : req.id,
    };
  };

  return { app, metrics, authenticate };
};

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export interface RouteInput<C extends RouteContract> {
  params: Infer<C['params']>;
  query: Infer<C['query']>;
  body: Infer<C['body']>;
}

/**
 * Registers a route from its contract: params, query and body are validated by the contract's zod schemas (400 with
 * field details otherwise), and protected routes get the verified caller as `ctx`.
 */
export const addRoute = <C extends RouteContract>(
  svc: { app: App; authenticate: (req: FastifyRequest) => Promise<RequestContext> },
  contract: C,
  handler: (
    input: RouteInput<C> & { ctx: C['auth'] extends true ? RequestContext : RequestContext | null },
    req: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<unknown>,
): void => {
  svc.app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
    },
    ...(contract.auth
      ? {
          onRequest: async (req: FastifyRequest) => {
            req.ctx = await svc.authenticate(req);
          },
        }
      : {}),
    handler: async (req, reply) =>
      handler({ params: req.params, query: req.query, body: req.body, ctx: req.ctx } as RouteInput<C> & { ctx: RequestContext }, req, reply),
  });
};

/** Listens, and closes everything in order on SIGTERM/SIGINT. */
export const serve = async ({
  app,
  port,
  host,
  logger,
  onClose,
}: {
  app: App | FastifyInstance;
  port: number;
  host: string;
  logger: Logger;
  onClose: (() => Promise<unknown>)[];
}) => {
  await app.listen({ port, host });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      for (const close of onClose) await close().catch((err) => logger.warn({ err }, 'error while closing'));
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
};
