/** Sends a short text to a phone (sign-in and enrolment codes). */
export interface SmsSender {
  send(message: { to: string; text: string; reference: string }): Promise<void>;
}

export interface WhatsAppSmsOptions {
  /** e.g. https://graph.facebook.com (production) or the local stand-in http://127.0.0.1:8026 (infra/standins/whatsapp-sink.ts). */
  baseUrl: string;
  version: string;
  phoneNumberId: string;
  token: string;
  timeoutMs?: number;
}

/** Indian numbers as the API wants them: digits with the country code (10 digits → 91…). */
const toWaNumber = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits.replace(/^0+/, '');
};

/**
 * The messaging provider notifications uses (WhatsApp Cloud API, the same settings WHATSAPP_*), called directly from
 * auth: a one-time code must not wait behind the event backlog, and must not sit in plain text in an outbox or on
 * Kafka (only its hash is kept). Throws when the provider refuses; the caller tells the user to try again.
 */
export const createWhatsAppSmsSender = (o: WhatsAppSmsOptions): SmsSender => ({
  async send({ to, text, reference }) {
    const res = await fetch(`${o.baseUrl.replace(/\/$/, '')}/${o.version}/${o.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: toWaNumber(to),
        type: 'text',
        text: { preview_url: false, body: text },
        biz_opaque_callback_data: reference,
      }),
      signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
    });
    if (!res.ok) {
      const json = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
      throw new Error(`messaging provider ${res.status}: ${json.error?.message ?? res.statusText}`);
    }
  },
});
