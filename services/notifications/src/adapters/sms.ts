import { DeliveryError, type ChannelAdapter } from './channels.ts';
import { toWaNumber } from './whatsapp.ts';

export interface SmsOptions {
  /** The SMS gateway's base URL (the local stand-in infra/standins/sms-sink.ts in development and tests). */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

/**
 * An Indian SMS gateway: `POST {baseUrl}/v1/sms` with the DLT template id and the sender header the template is
 * registered with (TRAI's DLT rules: without them, or with a text that differs from the registered template, operators
 * drop the message). A refusal (4xx but 429) is permanent with the gateway's code; 429 and 5xx are retried. The
 * message's reference is the outbound key.
 */
export const createSmsAdapter = (o: SmsOptions): ChannelAdapter => ({
  channel: 'sms',
  async send(m) {
    if (!m.sms?.dltTemplateId || !m.sms.senderHeader) throw new DeliveryError('SMS needs a DLT template id and a sender header', true, 'DLT_MISSING');
    let res: Response;
    try {
      res = await fetch(`${o.baseUrl.replace(/\/$/, '')}/v1/sms`, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: toWaNumber(m.to), sender: m.sms.senderHeader, dltTemplateId: m.sms.dltTemplateId, text: m.text, reference: m.key }),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new DeliveryError(
        `SMS gateway unreachable: ${(err as Error).message}`,
        false,
        (err as Error).name === 'TimeoutError' ? 'ETIMEDOUT' : 'ECONNECTION',
      );
    }
    const json = (await res.json().catch(() => ({}))) as { id?: string; error?: { code?: string; message?: string } };
    if (!res.ok)
      throw new DeliveryError(
        `SMS gateway ${res.status}: ${json.error?.code ? `(${json.error.code}) ` : ''}${json.error?.message ?? res.statusText}`,
        res.status >= 400 && res.status < 500 && res.status !== 429,
        json.error?.code ?? String(res.status),
      );
    return { providerId: json.id ?? null };
  },
});
