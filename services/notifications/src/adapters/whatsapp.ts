import { DeliveryError, type ChannelAdapter, type OutgoingMessage } from './channels.ts';
import { whatsAppTemplateFor } from '../domain/whatsapp-templates.ts';

export interface WhatsAppOptions {
  /** e.g. https://graph.facebook.com (production) or the local stand-in http://127.0.0.1:8026. */
  baseUrl: string;
  version: string;
  phoneNumberId: string;
  token: string;
  timeoutMs?: number;
  /**
   * When the person last wrote to this business number (the webhook's inbound messages), or null: free-form text is
   * sent only within 24 hours of it. Without it every message with a template goes as its template.
   */
  lastInbound?: (phoneNumberId: string, waId: string) => Promise<Date | null>;
  clock?: () => Date;
}

/** WhatsApp's customer service window: free-form messages within 24 hours of the person's last message. */
export const WINDOW_MS = 24 * 60 * 60_000;
/** The platform's code for free-form text outside the window ("Re-engagement message"). */
export const REENGAGEMENT = 131047;

/** Indian numbers as the API wants them: digits with the country code, no +, spaces or dashes (10 digits → 91…). */
export const toWaNumber = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits.replace(/^0+/, '');
};

interface ApiError {
  message?: string;
  code?: number;
  error_data?: { details?: string };
}

/**
 * WhatsApp Cloud API: `POST /{version}/{phone-number-id}/messages` with a bearer token. Inside the person's 24-hour
 * window the message goes as free-form text (title, text, link); outside it as the notification's approved template
 * in the person's language (domain/whatsapp-templates.ts), and a notification without one goes as text for the
 * platform to decide (it refuses with 131047: the delivery fails with that reason). Free-form text refused as outside
 * the window (what we knew of it was stale) goes again at once as the template. 4xx but 429 is the request's fault
 * (permanent); 429 and 5xx are retried. The message's reference (`biz_opaque_callback_data`) is the delivery key, so
 * status callbacks can be matched.
 */
export const createWhatsAppAdapter = (o: WhatsAppOptions): ChannelAdapter => {
  const clock = o.clock ?? (() => new Date());
  const post = async (payload: Record<string, unknown>): Promise<{ providerId: string | null }> => {
    let res: Response;
    try {
      res = await fetch(`${o.baseUrl.replace(/\/$/, '')}/${o.version}/${o.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...payload }),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new DeliveryError(`WhatsApp API unreachable: ${(err as Error).message}`, false, timedOut ? 'ETIMEDOUT' : 'ECONNECTION');
    }
    const json = (await res.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: ApiError };
    if (!res.ok) {
      const e = json.error;
      const details = e?.error_data?.details ? ` (${e.error_data.details})` : '';
      throw new DeliveryError(
        `WhatsApp API ${res.status}: ${e?.message ?? res.statusText}${details}`,
        res.status >= 400 && res.status < 500 && res.status !== 429,
        // A refused message: the platform's own code (131047, 132001, …); anything else: the HTTP status.
        String(res.status === 400 && e?.code ? e.code : res.status),
      );
    }
    return { providerId: json.messages?.[0]?.id ?? null };
  };

  const asTemplate = (m: OutgoingMessage, to: string) => {
    const t = m.template ? whatsAppTemplateFor(m.template.stem, m.language, m.template.params) : null;
    return t
      ? {
          to,
          type: 'template',
          template: {
            name: t.name,
            language: { code: t.language },
            components: t.parameters.length ? [{ type: 'body', parameters: t.parameters.map((text) => ({ type: 'text', text })) }] : [],
          },
          biz_opaque_callback_data: m.key,
        }
      : null;
  };

  return {
    channel: 'sms',
    async send(m) {
      const to = toWaNumber(m.to);
      if (m.whatsAppTemplate) {
        const t = m.whatsAppTemplate;
        return post({
          to,
          type: 'template',
          template: {
            name: t.name,
            language: { code: t.language },
            components: t.params.length ? [{ type: 'body', parameters: t.params.map((text) => ({ type: 'text', text })) }] : [],
          },
          biz_opaque_callback_data: m.key,
        });
      }
      const last = o.lastInbound ? await o.lastInbound(o.phoneNumberId, to) : null;
      const open = last !== null && clock().getTime() - last.getTime() < WINDOW_MS;
      const template = asTemplate(m, to);
      if (template && !open) return post(template);
      const body = [m.title, '', m.text, m.action ? `\n${m.action.text}: ${m.action.url}` : ''].join('\n').trim();
      const text = { to, type: 'text', text: { preview_url: m.action !== null, body }, biz_opaque_callback_data: m.key };
      try {
        return await post(text);
      } catch (err) {
        if (template && err instanceof DeliveryError && err.code === String(REENGAGEMENT)) return post(template);
        throw err;
      }
    },
  };
};
