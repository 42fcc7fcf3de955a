import { audienceRoutes as r } from '@akhada/contracts';
import { addRoute, type RequestContext } from '@akhada/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RAW_BODY } from './routes.ts';
import {
  getMyMarketingConsent,
  getPersonMarketingConsent,
  receiveSmsInbound,
  unsubscribe,
  unsubscribeInfo,
  updateMyMarketingConsent,
  updatePersonMarketingConsent,
  type AudienceDeps,
} from '../app/marketing-consent.ts';
import {
  archiveTemplate,
  createTemplate,
  getTemplate,
  listTemplates,
  previewDraft,
  previewTemplate,
  refreshTemplateStatus,
  updateTemplate,
  type TemplatesDeps,
} from '../app/message-templates.ts';

/** The SMS gateway's inbound webhook, whose raw body build-app keeps for the signature. */
export const SMS_INBOUND_PATH = r.smsInbound.path;

type Svc = { app: FastifyInstance; authenticate: (req: FastifyRequest) => Promise<RequestContext> };

/** Marketing consent, the email unsubscribe page's routes and the organization's message templates (contracts/http/audience.ts). */
export const registerAudienceRoutes = (svc: Svc, deps: AudienceDeps & TemplatesDeps & { smsInboundSecret: string }): void => {
  // RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` form-encoded to the link; no other
  // route of the service takes a form (415 as before).
  svc.app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, _body, done) => {
    if (req.method === 'POST' && req.url.split('?')[0] === r.unsubscribe.path) done(null, undefined);
    else
      done(
        Object.assign(new Error(`Unsupported Media Type: ${req.headers['content-type'] ?? ''}`), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }),
        undefined,
      );
  });
  addRoute(svc, r.myMarketingConsent, async ({ ctx }) => ({ success: true, data: await getMyMarketingConsent(deps, ctx) }));
  addRoute(svc, r.updateMyMarketingConsent, async ({ ctx, body }) => ({ success: true, data: await updateMyMarketingConsent(deps, ctx, body) }));
  addRoute(svc, r.personMarketingConsent, async ({ ctx, params }) => ({ success: true, data: await getPersonMarketingConsent(deps, ctx, params.personId) }));
  addRoute(svc, r.updatePersonMarketingConsent, async ({ ctx, params, body }) => ({
    success: true,
    data: await updatePersonMarketingConsent(deps, ctx, params.personId, body),
  }));
  addRoute(svc, r.unsubscribeInfo, async ({ query }) => ({ success: true, data: await unsubscribeInfo(deps, query.token) }));
  addRoute(svc, r.unsubscribe, async ({ query }) => ({ success: true, data: await unsubscribe(deps, query.token) }));
  addRoute(svc, r.smsInbound, async ({ body }, req) => {
    const signature = req.headers['x-sms-signature'];
    const raw = (req as unknown as Record<symbol, Buffer | undefined>)[RAW_BODY];
    return { success: true, message: await receiveSmsInbound(deps, raw, typeof signature === 'string' ? signature : undefined, body) };
  });

  addRoute(svc, r.listTemplates, async ({ ctx, query }) => ({ success: true, data: await listTemplates(deps, ctx, query) }));
  addRoute(svc, r.getTemplate, async ({ ctx, params }) => ({ success: true, data: await getTemplate(deps, ctx, params.id) }));
  addRoute(svc, r.createTemplate, async ({ ctx, body }, _req, reply) => reply.status(201).send({ success: true, data: await createTemplate(deps, ctx, body) }));
  addRoute(svc, r.updateTemplate, async ({ ctx, params, body }) => ({ success: true, data: await updateTemplate(deps, ctx, params.id, body) }));
  addRoute(svc, r.archiveTemplate, async ({ ctx, params }) => {
    await archiveTemplate(deps, ctx, params.id);
    return { success: true, message: 'Template archived' };
  });
  addRoute(svc, r.refreshTemplateStatus, async ({ ctx, params }) => ({ success: true, data: await refreshTemplateStatus(deps, ctx, params.id) }));
  addRoute(svc, r.previewTemplate, async ({ ctx, params, body }) => ({ success: true, data: await previewTemplate(deps, ctx, params.id, body) }));
  addRoute(svc, r.previewDraft, async ({ ctx, body }) => ({ success: true, data: await previewDraft(deps, ctx, body) }));
};
