import { API_KEY_NOT_ALLOWED_MESSAGE, keyHasScope, missingScopeMessage, type Role, type RouteContract } from '@akhada/contracts';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import secureJson from 'secure-json-parse';
import type { z } from 'zod';
import type { RequestContext } from '../auth/context.ts';
import { credentialOf, type TokenVerifier } from '../auth/verifier.ts';
import { kitHttpEnv } from '../config.ts';
import type { Directory } from '../directory/directory.ts';
import { accountPending, badRequest, forbidden, trialEnded, twoFactorEnrolmentRequired, unauthenticated } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { observeRequest, setMetricsService } from '../metrics/metrics.ts';
import { clientErrorHandler, frameworkErrorHandler } from './client-errors.ts';
import { errorHandler, problemBody } from './error-handler.ts';
import { openApiDocument } from './openapi.ts';
import { createOpsApp, type OpsApp } from './ops.ts';
import { createResponseSerializer } from './response-serializer.ts';
import { RESOLVE_EVERY_MS, trustedGateways } from './trusted-gateways.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
  interface FastifyContextConfig {
    /**
     * 'errors': the request line is written at info only for answers of 400 and above, else at debug — for routes
     * whose successful requests another process logs already (the gateway's proxy: the service logs the same request id).
     */
    requestLog?: 'all' | 'errors';
  }
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** The body limit of every service, which the gateway enforces too (so a service never sees a larger body). */
export const DEFAULT_BODY_LIMIT = 1_048_576;

export interface ServiceOptions {
  name: string;
  logger: Logger;
  verifier?: TokenVerifier;
  /**
   * The organization directory (runtime.directory): with it, every authenticated POST/PUT/PATCH/DELETE whose contract
   * lacks `allowReadOnly` answers 402 TRIAL_ENDED for an organization whose free trial has ended, before its handler.
   */
  directory?: Pick<Directory, 'isReadOnly'>;
  /** Readiness checks (database, broker…); the ops port's /ready answers 503 while any fails. */
  readiness?: Record<string, () => Promise<unknown>>;
  bodyLimit?: number;
  /** false when the caller sets its own not-found handler (the gateway falls back to the app's index.html). */
  notFoundHandler?: boolean;
  /**
   * Which peers may set X-Forwarded-For. Default: TRUSTED_GATEWAYS (the gateway's addresses; 127.0.0.1 when unset) —
   * never "any loopback or private address". The gateway passes its own (TRUSTED_PROXIES; none by default).
   */
  trustProxy?: boolean | string;
  /**
   * Parse every reply with its contract before sending it, and fail the request (500, logged at error level) when it
   * does not match. Default: on when NODE_ENV is "test" (unit, integration and browser tests), off otherwise.
   */
  checkResponses?: boolean;
  /** Title and description of the service's OpenAPI document (ops port, /docs/json); false: none (the gateway serves its own). */
  docs?: { title?: string; description?: string } | false;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The ops app of each app, found by serve/listen (services' main.ts only pass their app). */
const opsApps = new WeakMap<object, OpsApp>();
export const opsAppOf = (app: object): OpsApp | undefined => opsApps.get(app);

/**
 * Fastify 5 + zod type provider + request ids + one error body for every rejection (routes, router, HTTP parser) +
 * replies serialized from their contracts + metrics. The operational endpoints (/health, /ready, /metrics,
 * /docs/json) live on a separate internal ops app (`ops`), which `serve` listens on OPS_PORT.
 */
export const createService = ({
  name,
  logger,
  verifier,
  directory,
  readiness = {},
  bodyLimit = DEFAULT_BODY_LIMIT,
  notFoundHandler = true,
  trustProxy,
  checkResponses = process.env.NODE_ENV === 'test',
  docs = {},
}: ServiceOptions) => {
  const gateways = trustProxy === undefined ? trustedGateways(kitHttpEnv().TRUSTED_GATEWAYS) : undefined;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // One line per request is written by our onResponse hook (with route and status), so Fastify's own are off.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: gateways ? gateways.trust : trustProxy!,
    bodyLimit,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>() as App;
  if (gateways?.hasHostNames) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await gateways.resolve();
      timer = setInterval(() => void gateways.resolve(), RESOLVE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ check: checkResponses }));
  app.setErrorHandler(errorHandler);
  // JSON bodies: the same parser as Fastify's (secure-json-parse), but a refused "__proto__" key says so.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const s = text as string;
    if (s.length === 0) return done(badRequest('The request body is empty: send a JSON object, or no Content-Type'), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(s);
    } catch {
      return done(badRequest('The request body is not valid JSON'), undefined);
    }
    try {
      if (parsed && typeof parsed === 'object') secureJson.scan(parsed, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return done(badRequest('The request body has a "__proto__" or "constructor.prototype" key, which is not allowed'), undefined);
    }
    return done(null, parsed);
  });
  if (notFoundHandler) {
    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send(problemBody(req.id, 'NOT_FOUND', `No route for ${req.method} ${req.url.split('?')[0]}`, { error: 'Not found' })),
    );
  }
  app.decorateRequest('ctx', null);
  setMetricsService(name);

  // Callback hooks, not async ones: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  // One request line per request (at debug where another process logs the same request, see `requestLog`).
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    observeRequest(req.method, route, status, reply.elapsedTime / 1000);
    const level = status >= 500 ? 'error' : status < 400 && req.routeOptions.config.requestLog === 'errors' ? 'debug' : 'info';
    req.log[level](
      { correlationId: req.headers['x-correlation-id'] ?? req.id, method: req.method, route, status, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });

  /** The contracts this service registered (addRoute), documented on the ops port. */
  const contracts: RouteContract[] = [];
  const ops = createOpsApp({
    name,
    logger,
    readiness,
    ...(docs
      ? {
          document: () =>
            openApiDocument({ title: docs.title ?? `Akhada ${name} API`, ...(docs.description ? { description: docs.description } : {}), routes: contracts }),
        }
      : {}),
  });
  opsApps.set(app, ops);
  app.addHook('onClose', async () => {
    await ops.close();
  });

  const authenticate = async (req: FastifyRequest): Promise<RequestContext> => {
    if (!verifier) throw new Error('this service has no token verifier');
    const token = credentialOf(req.headers);
    if (!token) throw unauthenticated();
    const c = await verifier.verify(token, { apiKeys: true });
    const correlation = req.headers['x-correlation-id'];
    const ctx: RequestContext = {
      userId: c.sub,
      orgId: c.org,
      role: c.role,
      locationIds: c.locs,
      sessionId: c.sid,
      name: c.name,
      pending: c.pending === true,
      mustEnrolTwoFactor: c.enrol === true,
      requestId: req.id,
      correlationId: typeof correlation === 'string' && REQUEST_ID.test(correlation) ? correlation : req.id,
      ...(c.key ? { apiKey: c.key } : {}),
    };
    Object.defineProperty(ctx, 'bearer', { value: token, enumerable: false });
    return ctx;
  };

  /**
   * What a verified caller may not do whatever the route: an account awaiting approval calls only `allowPending`
   * routes (403 ACCOUNT_PENDING); staff who must set up two-factor sign-in only `allowEnrolment` ones (403
   * TWO_FACTOR_ENROLMENT_REQUIRED); a role the contract does not list gets 403 FORBIDDEN (see `allowRole`); a read-only
   * organization (free trial ended) makes no write but `allowReadOnly` ones (402 TRIAL_ENDED). Runs before the body is
   * read and the handler called, so nothing is written.
   */
  const admit = async (ctx: RequestContext, contract: RouteContract): Promise<void> => {
    if (ctx.pending && !contract.allowPending) throw accountPending();
    if (ctx.mustEnrolTwoFactor && !contract.allowEnrolment) throw twoFactorEnrolmentRequired();
    allowRole(ctx, contract);
    if (directory && contract.method !== 'GET' && !contract.allowReadOnly && (await directory.isReadOnly(ctx.orgId))) throw trialEnded();
  };

  return { app, ops, authenticate, admit, contracts };
};

const WHO: Record<string, string> = {
  owner: 'the gym owner',
  'admin,owner': 'gym owners and admins',
  'admin,owner,trainer': 'gym staff and trainers',
  trainer: 'trainers',
  member: 'members',
};
/**
 * The message of a role the route's contract does not list: one per role list, the same on every route of every
 * service ("Only gym owners and admins can do this"); a list with no plain name gets the generic refusal.
 */
export const roleRefusedMessage = (roles: readonly Role[]): string => {
  const who = WHO[[...roles].sort().join(',')];
  return who ? `Only ${who} can do this` : 'You do not have permission to do this';
};

/**
 * The contract's `roles` are the roles that may call the route (contracts/src/http/route.ts): any other role is refused
 * here, before the body is read or anything looked up, so the answer is the same for every id. Use cases keep only
 * the rules a role list cannot express (own record, own location, assigned trainer).
 */
export const allowRole = (ctx: Pick<RequestContext, 'role' | 'apiKey'>, contract: RouteContract): void => {
  if (!contract.auth) return;
  if (ctx.apiKey) return allowApiKey(ctx.apiKey, contract);
  if (!contract.roles.includes(ctx.role)) throw forbidden(roleRefusedMessage(contract.roles));
};

/**
 * An API key calls only routes whose contract names an `apiScope`, and only with that scope (write includes read):
 * 403 FORBIDDEN naming the scope it lacks, before anything is read. Past this it acts as an admin of its locations.
 */
export const allowApiKey = (key: NonNullable<RequestContext['apiKey']>, contract: RouteContract): void => {
  if (!contract.apiScope) throw forbidden(API_KEY_NOT_ALLOWED_MESSAGE);
  if (!keyHasScope(key.scopes, contract.apiScope)) throw forbidden(missingScopeMessage(contract.apiScope));
};

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export interface RouteInput<C extends RouteContract> {
  params: Infer<C['params']>;
  query: Infer<C['query']>;
  body: Infer<C['body']>;
}

/**
 * Registers a route from its contract: params, query and body are validated by the contract's zod schemas (400 with
 * field details otherwise), replies are serialized from the contract's `responses` (and checked against them in
 * tests), protected routes get the verified caller as `ctx` and `Cache-Control: no-store` on every answer, and are
 * refused before the handler for a role the contract does not list (403 FORBIDDEN), for an account awaiting approval
 * (403 ACCOUNT_PENDING, unless `allowPending`) and for a write of a read-only organization (402 TRIAL_ENDED, unless
 * `allowReadOnly`; see createService's `admit`).
 */
export const addRoute = <C extends RouteContract>(
  svc: {
    app: App;
    authenticate: (req: FastifyRequest) => Promise<RequestContext>;
    admit?: (ctx: RequestContext, contract: RouteContract) => Promise<void>;
    contracts?: RouteContract[];
  },
  contract: C,
  handler: (
    input: RouteInput<C> & { ctx: C['auth'] extends true ? RequestContext : RequestContext | null },
    req: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<unknown>,
): void => {
  svc.contracts?.push(contract);
  svc.app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: contract.responses,
    },
    ...(contract.auth
      ? {
          onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
            // Personal data: no shared cache may keep it, and a refusal is not cached either.
            reply.header('cache-control', 'no-store');
            req.ctx = await svc.authenticate(req);
            if (svc.admit) await svc.admit(req.ctx, contract);
            else allowRole(req.ctx, contract);
          },
        }
      : {}),
    handler: async (req, reply) =>
      handler({ params: req.params, query: req.query, body: req.body, ctx: req.ctx } as RouteInput<C> & { ctx: RequestContext }, req, reply),
  });
};

/** The internal ops port of a service: OPS_PORT, else its port + 1000 (an ephemeral one when the port is). */
export const defaultOpsPort = (port: number): number => kitHttpEnv().OPS_PORT ?? (port === 0 ? 0 : port + 1000);

/**
 * Listens: the app on `port`, its ops app (health, readiness, metrics, API document) on `opsPort` (default
 * `defaultOpsPort(port)`) on the same host unless `opsHost` says otherwise. Returns the ports bound.
 */
export const listen = async ({
  app,
  port,
  host,
  opsPort,
  opsHost,
}: {
  app: App | FastifyInstance;
  port: number;
  host: string;
  opsPort?: number;
  opsHost?: string;
}) => {
  await app.listen({ port, host });
  const bound = (app.server.address() as AddressInfo).port;
  const ops = opsAppOf(app);
  if (!ops) return { port: bound, opsPort: undefined };
  await ops.listen({ port: opsPort ?? defaultOpsPort(port), host: opsHost ?? host });
  return { port: bound, opsPort: (ops.server.address() as AddressInfo).port };
};

/** Listens (see `listen`), and closes everything in order on SIGTERM/SIGINT. */
export const serve = async ({
  app,
  port,
  host,
  logger,
  onClose,
  stopFirst = [],
  opsPort,
  opsHost,
}: {
  app: App | FastifyInstance;
  port: number;
  host: string;
  logger: Logger;
  onClose: (() => Promise<unknown>)[];
  /**
   * Stopped while the app closes, side by side with it and each other (Kafka consumers: each stop waits for its fetch
   * in flight, up to KAFKA_IDLE_WAIT_MS); then onClose in order. Name them in onClose too when something must wait for them.
   */
  stopFirst?: (() => Promise<unknown>)[];
  opsPort?: number;
  opsHost?: string;
}) => {
  const bound = await listen({ app, port, host, ...(opsPort !== undefined ? { opsPort } : {}), ...(opsHost ? { opsHost } : {}) });
  logger.info(bound, 'listening');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      const warn = (err: unknown) => logger.warn({ err }, 'error while closing');
      await Promise.all([app.close(), ...stopFirst.map((stop) => stop().catch(warn))]);
      for (const close of onClose) await close().catch(warn);
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return bound;
};
