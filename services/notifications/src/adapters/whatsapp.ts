import { DeliveryError, type ChannelAdapter } from './channels.ts';

export interface WhatsAppOptions {
  /** e.g. https://graph.facebook.com (production) or the local stand-in http://127.0.0.1:8026. */
  baseUrl: string;
  version: string;
  phoneNumberId: string;
  token: string;
  timeoutMs?: number;
}

/** Indian numbers as the API wants them: digits with the country code, no +, spaces or dashes (10 digits → 91…). */
export const toWaNumber = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits.replace(/^0+/, '');
};

/**
 * WhatsApp Cloud API: `POST /{version}/{phone-number-id}/messages` with a bearer token and a text message; the answer
 * names the message id (`messages[0].id`). 4xx but 429 is the request's fault (permanent); 429 and 5xx are retried.
 * The message's reference (`biz_opaque_callback_data`) is the delivery key, so status callbacks can be matched.
 */
export const createWhatsAppAdapter = (o: WhatsAppOptions): ChannelAdapter => ({
  channel: 'sms',
  async send(m) {
    const body = [m.title, '', m.text, m.action ? `\n${m.action.text}: ${m.action.url}` : ''].join('\n').trim();
    let res: Response;
    try {
      res = await fetch(`${o.baseUrl.replace(/\/$/, '')}/${o.version}/${o.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: toWaNumber(m.to),
          type: 'text',
          text: { preview_url: m.action !== null, body },
          biz_opaque_callback_data: m.key,
        }),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new DeliveryError(`WhatsApp API unreachable: ${(err as Error).message}`, false, timedOut ? 'ETIMEDOUT' : 'ECONNECTION');
    }
    const json = (await res.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { message?: string } };
    if (!res.ok)
      throw new DeliveryError(
        `WhatsApp API ${res.status}: ${json.error?.message ?? res.statusText}`,
        res.status >= 400 && res.status < 500 && res.status !== 429,
        String(res.status),
      );
    return { providerId: json.messages?.[0]?.id ?? null };
  },
});
