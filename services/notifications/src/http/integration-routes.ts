import { integrationRoutes as r } from '@akhada/contracts';
import { addRoute, requireRole, type RequestContext } from '@akhada/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IntegrationsDeps } from '../app/deps.ts';
import { deleteMessagingSettings, getMessagingSettings, putEmailSettings, putSmsSettings, sendTest } from '../app/messaging-settings.ts';
import { createWebhook, deleteWebhook, listWebhooks, redeliver, testWebhook, webhookDeliveries } from '../app/webhooks.ts';

type Svc = { app: FastifyInstance; authenticate: (req: FastifyRequest) => Promise<RequestContext> };

/** Settings → Integrations: every route is the caller's organization's own (roles from the contract). */
export const registerIntegrationRoutes = (svc: Svc, deps: IntegrationsDeps): void => {
  /** The contract's roles, checked before anything is looked up: mail and WhatsApp for owners and admins, webhooks for owners. */
  const allowed = (ctx: RequestContext, route: { roles: readonly RequestContext['role'][] }) =>
    requireRole(
      ctx,
      route.roles,
      route.roles.includes('admin') ? 'Only gym owners and admins can change integrations' : 'Only the gym owner can manage webhooks',
    );
  addRoute(svc, r.messaging, async ({ ctx }) => {
    allowed(ctx, r.messaging);
    return { success: true, data: await getMessagingSettings(deps, ctx.orgId) };
  });
  addRoute(svc, r.putEmail, async ({ ctx, body }) => {
    allowed(ctx, r.putEmail);
    return { success: true, data: await putEmailSettings(deps, ctx, body), message: 'Mail settings saved' };
  });
  addRoute(svc, r.deleteEmail, async ({ ctx }) => {
    allowed(ctx, r.deleteEmail);
    return { success: true, data: await deleteMessagingSettings(deps, ctx, 'email') };
  });
  addRoute(svc, r.testEmail, async ({ ctx, body }) => {
    allowed(ctx, r.testEmail);
    return { success: true, data: await sendTest(deps, ctx, 'email', body.to, body.language) };
  });
  addRoute(svc, r.putSms, async ({ ctx, body }) => {
    allowed(ctx, r.putSms);
    return { success: true, data: await putSmsSettings(deps, ctx, body), message: 'WhatsApp settings saved' };
  });
  addRoute(svc, r.deleteSms, async ({ ctx }) => {
    allowed(ctx, r.deleteSms);
    return { success: true, data: await deleteMessagingSettings(deps, ctx, 'sms') };
  });
  addRoute(svc, r.testSms, async ({ ctx, body }) => {
    allowed(ctx, r.testSms);
    return { success: true, data: await sendTest(deps, ctx, 'sms', body.to, body.language) };
  });

  addRoute(svc, r.listWebhooks, async ({ ctx }) => {
    allowed(ctx, r.listWebhooks);
    return { success: true, data: await listWebhooks(deps, ctx) };
  });
  addRoute(svc, r.createWebhook, async ({ ctx, body }, _req, reply) => {
    allowed(ctx, r.createWebhook);
    return reply.status(201).send({ success: true, data: await createWebhook(deps, ctx, body) });
  });
  addRoute(svc, r.deleteWebhook, async ({ ctx, params }) => {
    allowed(ctx, r.deleteWebhook);
    await deleteWebhook(deps, ctx, params.id);
    return { success: true, data: { deleted: true } };
  });
  addRoute(svc, r.webhookDeliveries, async ({ ctx, params }) => {
    allowed(ctx, r.webhookDeliveries);
    return { success: true, data: await webhookDeliveries(deps, ctx, params.id) };
  });
  addRoute(svc, r.testWebhook, async ({ ctx, params }, _req, reply) => {
    allowed(ctx, r.testWebhook);
    return reply.status(202).send({ success: true, data: await testWebhook(deps, ctx, params.id) });
  });
  addRoute(svc, r.redeliver, async ({ ctx, params }, _req, reply) => {
    allowed(ctx, r.redeliver);
    return reply.status(202).send({ success: true, data: await redeliver(deps, ctx, params.id) });
  });
};
