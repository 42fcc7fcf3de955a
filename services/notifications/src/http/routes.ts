import { notificationRoutes as r } from '@akhada/contracts';
import { addRoute, type RequestContext } from '@akhada/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changeReadState } from '../app/change-read-state.ts';
import { countUnread } from '../app/count-unread.ts';
import { deleteNotification } from '../app/delete-notification.ts';
import type { Caller, NotificationsDeps, WhatsAppWebhookDeps } from '../app/deps.ts';
import { listNotifications } from '../app/list-notifications.ts';
import { markAllRead } from '../app/mark-all-read.ts';
import { notificationStats } from '../app/notification-stats.ts';
import { listAnnouncements, sendAnnouncement } from '../app/announce.ts';
import { notificationDeliveries, notificationHistory, searchNotifications } from '../app/history-search.ts';
import { getConsent, getPreferences, updateConsent, updatePreferences } from '../app/preferences.ts';
import { receiveWhatsAppWebhook, verifyWhatsAppSubscription } from '../app/whatsapp-webhook.ts';

/** The raw bytes of WhatsApp's webhook body, kept by build-app's preParsing hook for the signature. */
export const RAW_BODY = Symbol('rawBody');
export const WHATSAPP_WEBHOOK_PATH = r.whatsappWebhook.path;

type Svc = { app: FastifyInstance; authenticate: (req: FastifyRequest) => Promise<RequestContext> };

/** Everything is the caller's own: recipient = token subject, organization = token org. */
const callerOf = (ctx: RequestContext): Caller => ({ recipientId: ctx.userId, orgId: ctx.orgId, correlationId: ctx.correlationId, requestId: ctx.requestId });

export const registerRoutes = (svc: Svc, deps: NotificationsDeps): void => {
  addRoute(svc, r.list, async ({ ctx, query }) => {
    const res = await listNotifications(deps, callerOf(ctx), query);
    return {
      success: true,
      data: { notifications: res.notifications },
      totalCount: res.totalCount,
      pagination: { page: res.page, limit: res.limit, totalPages: res.totalPages },
    };
  });

  addRoute(svc, r.unreadCount, async ({ ctx }) => ({ success: true, data: { unreadCount: await countUnread(deps, callerOf(ctx)) } }));

  addRoute(svc, r.stats, async ({ ctx }) => ({ success: true, data: await notificationStats(deps, callerOf(ctx)) }));

  addRoute(svc, r.markAllRead, async ({ ctx }) => ({ success: true, data: { modifiedCount: await markAllRead(deps, callerOf(ctx)) } }));

  addRoute(svc, r.markRead, async ({ ctx, params }) => ({ success: true, data: await changeReadState(deps, callerOf(ctx), params.id, 'markRead') }));

  addRoute(svc, r.markUnread, async ({ ctx, params }) => ({ success: true, data: await changeReadState(deps, callerOf(ctx), params.id, 'markUnread') }));

  addRoute(svc, r.archive, async ({ ctx, params }) => ({ success: true, data: await changeReadState(deps, callerOf(ctx), params.id, 'archive') }));

  addRoute(svc, r.history, async ({ ctx, query }) => ({ success: true, data: { notifications: await notificationHistory(deps, callerOf(ctx), query) } }));

  addRoute(svc, r.search, async ({ ctx, query }) => ({ success: true, data: await searchNotifications(deps, callerOf(ctx), query) }));

  addRoute(svc, r.deliveries, async ({ ctx, params }) => ({
    success: true,
    data: { deliveries: await notificationDeliveries(deps, callerOf(ctx), params.id) },
  }));

  addRoute(svc, r.announce, async ({ ctx, body }, _req, reply) =>
    reply.status(201).send({ success: true, data: await sendAnnouncement(deps, ctx, body), message: 'Announcement sent' }),
  );

  addRoute(svc, r.announcements, async ({ ctx, query }) => {
    const res = await listAnnouncements(deps, ctx, query);
    return {
      success: true,
      data: { announcements: res.announcements },
      totalCount: res.totalCount,
      pagination: { page: res.page, limit: res.limit, totalPages: res.totalPages },
    };
  });

  addRoute(svc, r.preferences, async ({ ctx }) => ({ success: true, data: await getPreferences(deps, callerOf(ctx)) }));

  addRoute(svc, r.updatePreferences, async ({ ctx, body }) => ({
    success: true,
    data: await updatePreferences(deps, callerOf(ctx), body),
    message: 'Settings saved!',
  }));

  addRoute(svc, r.consent, async ({ ctx }) => ({ success: true, data: await getConsent(deps, callerOf(ctx)) }));

  addRoute(svc, r.updateConsent, async ({ ctx, body }) => ({ success: true, data: await updateConsent(deps, callerOf(ctx), body) }));

  addRoute(svc, r.remove, async ({ ctx, params }) => {
    await deleteNotification(deps, callerOf(ctx), params.id);
    return { success: true, data: { deleted: true } };
  });
};

/** WhatsApp's webhook (no token: Meta's signature stands for it) and Meta's verification of it. */
export const registerWhatsAppRoutes = (svc: Svc, deps: WhatsAppWebhookDeps): void => {
  addRoute(svc, r.whatsappVerify, async ({ query }, _req, reply) => reply.type('text/plain').send(verifyWhatsAppSubscription(deps, query)));
  addRoute(svc, r.whatsappWebhook, async ({ body }, req) => {
    const signature = req.headers['x-hub-signature-256'];
    const raw = (req as unknown as Record<symbol, Buffer | undefined>)[RAW_BODY];
    return { success: true, message: await receiveWhatsAppWebhook(deps, raw, typeof signature === 'string' ? signature : undefined, body) };
  });
};
