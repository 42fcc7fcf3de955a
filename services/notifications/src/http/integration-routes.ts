import { integrationRoutes as r } from '@akhada/contracts';
import { addRoute, type RequestContext } from '@akhada/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IntegrationsDeps } from '../app/deps.ts';
import { deleteMessagingSettings, getMessagingSettings, putEmailSettings, putSmsSettings, sendTest } from '../app/messaging-settings.ts';
import { createWebhook, deleteWebhook, listWebhooks, redeliver, testWebhook, webhookDeliveries } from '../app/webhooks.ts';

type Svc = { app: FastifyInstance; authenticate: (req: FastifyRequest) => Promise<RequestContext> };

/**
 * Settings → Integrations: every route is the caller's organization's own. The contract's roles (mail and WhatsApp for
 * owners and admins, webhooks for the owner) are enforced by addRoute before anything is looked up.
 */
export const registerIntegrationRoutes = (svc: Svc, deps: IntegrationsDeps): void => {
  addRoute(svc, r.messaging, async ({ ctx }) => ({ success: true, data: await getMessagingSettings(deps, ctx.orgId) }));
  addRoute(svc, r.putEmail, async ({ ctx, body }) => ({ success: true, data: await putEmailSettings(deps, ctx, body), message: 'Mail settings saved' }));
  addRoute(svc, r.deleteEmail, async ({ ctx }) => ({ success: true, data: await deleteMessagingSettings(deps, ctx, 'email') }));
  addRoute(svc, r.testEmail, async ({ ctx, body }) => ({ success: true, data: await sendTest(deps, ctx, 'email', body.to, body.language) }));
  addRoute(svc, r.putSms, async ({ ctx, body }) => ({ success: true, data: await putSmsSettings(deps, ctx, body), message: 'WhatsApp settings saved' }));
  addRoute(svc, r.deleteSms, async ({ ctx }) => ({ success: true, data: await deleteMessagingSettings(deps, ctx, 'sms') }));
  addRoute(svc, r.testSms, async ({ ctx, body }) => ({ success: true, data: await sendTest(deps, ctx, 'sms', body.to, body.language) }));

  addRoute(svc, r.listWebhooks, async ({ ctx }) => ({ success: true, data: await listWebhooks(deps, ctx) }));
  addRoute(svc, r.createWebhook, async ({ ctx, body }, _req, reply) => reply.status(201).send({ success: true, data: await createWebhook(deps, ctx, body) }));
  addRoute(svc, r.deleteWebhook, async ({ ctx, params }) => {
    await deleteWebhook(deps, ctx, params.id);
    return { success: true, data: { deleted: true } };
  });
  addRoute(svc, r.webhookDeliveries, async ({ ctx, params }) => ({ success: true, data: await webhookDeliveries(deps, ctx, params.id) }));
  addRoute(svc, r.testWebhook, async ({ ctx, params }, _req, reply) =>
    reply.status(202).send({ success: true, data: await testWebhook(deps, ctx, params.id) }),
  );
  addRoute(svc, r.redeliver, async ({ ctx, params }, _req, reply) => reply.status(202).send({ success: true, data: await redeliver(deps, ctx, params.id) }));
};
