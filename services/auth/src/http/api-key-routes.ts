import { apiKeyRoutes, ApiKeyUsageCounts } from '@akhada/contracts';
import { addRoute, problemBody, type App, type OpsApp, type RequestContext } from '@akhada/kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiKeyPolicy,
  createApiKey,
  introspectApiKey,
  listApiKeys,
  recordApiKeyUsage,
  revokeKey,
  rotateKey,
  setApiKeyPolicy,
  storedApiKeyUsage,
} from '../app/api-keys.ts';
import type { AuthDeps } from '../app/deps.ts';

/** Settings → API keys (issue 29) and the services' key check. */
export const registerApiKeyRoutes = (svc: { app: App; authenticate: (req: FastifyRequest) => Promise<RequestContext> }, deps: AuthDeps): void => {
  addRoute(svc, apiKeyRoutes.list, async ({ ctx }) => ({ success: true, data: await listApiKeys(deps, ctx) }));
  addRoute(svc, apiKeyRoutes.create, async ({ ctx, body }, _req, reply) =>
    reply
      .status(201)
      .send({ success: true, data: await createApiKey(deps, ctx, body), message: 'API key created. Copy the secret now: it is shown only once.' }),
  );
  addRoute(svc, apiKeyRoutes.rotate, async ({ ctx, params, body }) => ({
    success: true,
    data: await rotateKey(deps, ctx, params.id, body.graceDays),
    message: 'New secret made. Copy it now: it is shown only once.',
  }));
  addRoute(svc, apiKeyRoutes.revoke, async ({ ctx, params }) => ({ success: true, data: await revokeKey(deps, ctx, params.id), message: 'API key revoked' }));
  addRoute(svc, apiKeyRoutes.policy, async ({ ctx }) => ({ success: true, data: await apiKeyPolicy(deps, ctx) }));
  addRoute(svc, apiKeyRoutes.setPolicy, async ({ ctx, body }) => ({ success: true, data: await setApiKeyPolicy(deps, ctx, body), message: 'Settings saved!' }));
  addRoute(svc, apiKeyRoutes.introspect, async ({ body }) => ({ success: true, data: await introspectApiKey(deps, body.key) }));
};

const UsageQuery = z.object({ id: z.uuid(), org: z.uuid() });

/**
 * Per-key usage between the gateways and auth (issue 29), on auth's internal ops port only (never the port the gateway
 * proxies, never the public edge): the gateways add their batched counts, and read a key's days for the owner's usage
 * route after checking whose key it is.
 */
export const registerApiKeyUsageOps = (ops: OpsApp, deps: AuthDeps): void => {
  ops.post('/api-keys/usage', async (req, reply) => {
    const batch = ApiKeyUsageCounts.safeParse(req.body);
    if (!batch.success) return reply.status(400).send(problemBody(req.id, 'VALIDATION_FAILED', 'Not a batch of API key usage counts'));
    await recordApiKeyUsage(deps, batch.data);
    return reply.status(204).send();
  });
  ops.get('/api-keys/:id/usage', async (req, reply) => {
    const q = UsageQuery.safeParse({ ...(req.params as object), ...(req.query as object) });
    if (!q.success) return reply.status(400).send(problemBody(req.id, 'VALIDATION_FAILED', 'A key id and an organization id are required'));
    const usage = await storedApiKeyUsage(deps, q.data.org, q.data.id);
    if (!usage) return reply.status(404).send(problemBody(req.id, 'NOT_FOUND', 'API key not found'));
    return reply.send({ success: true, data: usage });
  });
};
