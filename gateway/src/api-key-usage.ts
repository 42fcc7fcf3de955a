import { API_KEY_NOT_ALLOWED_MESSAGE, apiKeyRoutes, apiKeyUsageRoutes, isApiKeySecret, type ApiKeyUsage, type ErrorBody, type PlanId } from '@akhada/contracts';
import { bearerToken, problemBody, type App, type TokenVerifier } from '@akhada/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyLimiter } from './api-key-limits.ts';
import { mergeUsage, type KeyUsageStore } from './api-key-usage-store.ts';
import { clientAddress, edgeCallerOf, setEdgeCaller } from './rate-limit.ts';
import { sendUnavailable } from './unavailable.ts';

const problem = (req: { id: string }, code: ErrorBody['code'], message: string) => problemBody(req.id, code, message);

/** Whether the request's credential is an API key (`X-Api-Key`, or `Authorization: Bearer ak_live_…`). */
export const sentApiKey = (headers: FastifyRequest['headers']): boolean => {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && isApiKeySecret(header.trim())) return true;
  const token = bearerToken(headers.authorization);
  return token !== null && token !== undefined && isApiKeySecret(token);
};

/**
 * The per-key limit of a proxied request whose caller the edge verified as an API key (its id is the caller's
 * `userId`): the figure of its organization's plan (auth's key check says which; Pro's if it did not), counts it, sets `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`, and answers 429 with
 * `Retry-After` past the limit. Returns false when it answered. Any other caller: true, untouched (the per-user and
 * per-address limits apply to them).
 */
export const limitApiKey = (req: FastifyRequest, reply: FastifyReply, limiter: KeyLimiter, limits: Readonly<Record<PlanId, number>>): boolean => {
  const caller = edgeCallerOf(req);
  if (!caller || !sentApiKey(req.headers)) return true;
  setEdgeCaller(req, { ...caller, keyId: caller.userId });
  const d = limiter.take(caller.userId, limits[caller.plan ?? 'pro'], caller.orgId);
  reply.header('RateLimit-Limit', String(d.limit));
  reply.header('RateLimit-Remaining', String(d.remaining));
  reply.header('RateLimit-Reset', String(d.resetSeconds));
  if (d.allowed) return true;
  reply.header('Retry-After', String(d.resetSeconds));
  void reply
    .status(429)
    .send(problem(req, 'RATE_LIMITED', `This API key made more than ${d.limit} requests this minute. Try again in ${d.resetSeconds} seconds.`));
  return false;
};

/** Whether auth lists the key among the caller's organization's keys (auth's own list, with the caller's token). */
const keyOfCallersOrganization = async (authUpstream: string, req: FastifyRequest, id: string): Promise<boolean | 'unavailable'> => {
  let res: Response;
  try {
    res = await fetch(`${authUpstream}${apiKeyRoutes.list.path}`, {
      headers: { authorization: req.headers.authorization ?? '', 'x-request-id': req.id, 'x-forwarded-for': clientAddress(req) },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return 'unavailable';
  }
  if (res.status >= 500) return 'unavailable';
  if (res.status !== 200) return false;
  const body = (await res.json().catch(() => null)) as { data?: { items?: { id?: unknown }[] } } | null;
  return (body?.data?.items ?? []).some((k) => k.id === id);
};

/**
 * GET /api/settings/api-keys/:id/usage, answered by the gateway (before the proxies: /api/settings/* otherwise goes to
 * auth): the key's requests per day as auth stores them (every gateway's batches, this one's handed over first) and
 * the per-minute figure of its organization's plan, for an owner or admin of the key's organization — auth's list of
 * the caller's keys says whether it is theirs (another organization's key, or none: 404).
 */
export const registerApiKeyUsage = (
  app: App,
  {
    verifier,
    limiter,
    store,
    limits,
    rateLimitPerMinute,
    authUpstream,
  }: {
    verifier: TokenVerifier;
    limiter: KeyLimiter;
    store: KeyUsageStore;
    limits: Readonly<Record<PlanId, number>>;
    rateLimitPerMinute: number;
    authUpstream: string;
  },
): void => {
  const contract = apiKeyUsageRoutes.usage;
  app.route({
    method: 'GET',
    url: `/api${contract.path}`,
    schema: { params: contract.params },
    config: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      // A person's route: a key is refused as on every route without an apiScope.
      if (sentApiKey(req.headers)) return reply.status(403).send(problem(req, 'FORBIDDEN', API_KEY_NOT_ALLOWED_MESSAGE));
      const token = bearerToken(req.headers.authorization);
      if (!token) return reply.status(401).send(problem(req, 'UNAUTHENTICATED', 'Please sign in to continue'));
      let claims: Awaited<ReturnType<TokenVerifier['verify']>>;
      try {
        claims = await verifier.verify(token);
        setEdgeCaller(req, { userId: claims.sub, orgId: claims.org });
      } catch (err) {
        if ((err as { status?: number }).status === 401) return reply.status(401).send(problem(req, 'UNAUTHENTICATED', (err as Error).message));
        throw err;
      }
      if (!(contract.roles as readonly string[]).includes(claims.role))
        return reply.status(403).send(problem(req, 'FORBIDDEN', 'Only gym owners and admins can do this'));
      const { id } = req.params as { id: string };
      const org = limiter.orgOf(id);
      if (org !== undefined && org !== claims.org) return reply.status(404).send(problem(req, 'NOT_FOUND', 'API key not found'));
      const theirs = await keyOfCallersOrganization(authUpstream, req, id);
      if (theirs === 'unavailable') return sendUnavailable(reply, 'API keys cannot be looked up right now. Please try again shortly.');
      if (!theirs) return reply.status(404).send(problem(req, 'NOT_FOUND', 'API key not found'));
      // This gateway's counts first, so the answer includes the caller's latest requests.
      await store.flush();
      const stored = await store.read(id, claims.org);
      if (stored === 'unavailable') return sendUnavailable(reply, 'API key usage cannot be read right now. Please try again shortly.');
      if (!stored) return reply.status(404).send(problem(req, 'NOT_FOUND', 'API key not found'));
      const data: ApiKeyUsage = { keyId: id, limitPerMinute: limits[stored.plan], days: mergeUsage(stored.days, limiter.pendingOf(id), Date.now()) };
      return reply.send({ success: true, data });
    },
  });
};
