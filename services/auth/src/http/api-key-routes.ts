import { apiKeyRoutes } from '@akhada/contracts';
import { addRoute, type App, type RequestContext } from '@akhada/kit';
import type { FastifyRequest } from 'fastify';
import { apiKeyPolicy, createApiKey, introspectApiKey, listApiKeys, revokeKey, rotateKey, setApiKeyPolicy } from '../app/api-keys.ts';
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
