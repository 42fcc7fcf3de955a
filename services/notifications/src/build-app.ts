import { Readable } from 'node:stream';
import { createService } from '@akhada/kit';
import type { AppDeps } from './app/deps.ts';
import { createUnsubscribeLinks } from './adapters/unsubscribe-links.ts';
import { registerAudienceRoutes, SMS_INBOUND_PATH } from './http/audience-routes.ts';
import { registerCampaignRoutes } from './http/campaign-routes.ts';
import { registerAutomationRoutes } from './http/automations-routes.ts';
import { registerIntegrationRoutes } from './http/integration-routes.ts';
import { RAW_BODY, registerRoutes, registerWhatsAppRoutes, WHATSAPP_WEBHOOK_PATH } from './http/routes.ts';

/** Webhooks signed over their raw bytes: WhatsApp's and the SMS gateway's inbound replies. */
const SIGNED_PATHS: readonly string[] = [WHATSAPP_WEBHOOK_PATH, SMS_INBOUND_PATH];

/** The notifications HTTP app from its dependencies, not listening: main.ts serves it (and attaches the hub), tests use inject() or listen on port 0. */
export const buildApp = ({ logger, verifier, readiness, directory, db, clock, integrations, whatsapp, audience }: AppDeps) => {
  const svc = createService({ name: 'notifications', logger, verifier, readiness, directory });
  // WhatsApp and the SMS gateway sign the raw bytes of their webhooks: keep them (the JSON parser still parses the same bytes after).
  svc.app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.method !== 'POST' || !SIGNED_PATHS.includes(req.url.split('?')[0]!)) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    const raw = Buffer.concat(chunks);
    (req as unknown as Record<symbol, Buffer>)[RAW_BODY] = raw;
    const stream = Readable.from([raw]) as unknown as typeof payload & { receivedEncodedLength?: number };
    stream.receivedEncodedLength = raw.length;
    return stream;
  });
  registerRoutes(svc, { db, clock });
  registerAutomationRoutes(svc, { db, clock });
  registerCampaignRoutes(svc, { db, clock });
  registerAudienceRoutes(svc, {
    db,
    clock,
    logger,
    unsubscribe: audience?.unsubscribe ?? createUnsubscribeLinks({ secret: '', appUrl: '' }),
    platform: audience?.platform,
    smsInboundSecret: audience?.smsInboundSecret ?? '',
  });
  registerWhatsAppRoutes(svc, { db, clock, appSecret: whatsapp?.appSecret ?? '', verifyToken: whatsapp?.verifyToken ?? '' });
  if (integrations) registerIntegrationRoutes(svc, { db, clock, ...integrations });
  return svc.app;
};
