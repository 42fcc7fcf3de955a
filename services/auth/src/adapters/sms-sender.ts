import { SMS_CODE_TTL_MS } from '../domain/rules.ts';
import type { SmsCodePurpose } from '../db/sms-codes-repo.ts';

/** What a one-time code message carries; the provider's adapter decides how it goes on the wire. */
export interface CodeMessage {
  to: string;
  code: string;
  /** The user's language (their appearance setting): `en` or `hi`. */
  language: string;
  /** Sign-in, or verifying the phone before SMS codes are turned on. */
  purpose: SmsCodePurpose;
  reference: string;
}

/** Sends a one-time code to a phone (sign-in and enrolment codes). */
export interface SmsSender {
  send(message: CodeMessage): Promise<void>;
}

export interface WhatsAppSmsOptions {
  /** e.g. https://graph.facebook.com (production) or the local stand-in http://127.0.0.1:8026 (infra/standins/whatsapp-sink.ts). */
  baseUrl: string;
  version: string;
  phoneNumberId: string;
  token: string;
  timeoutMs?: number;
}

/**
 * WhatsApp's one-time-password template (category AUTHENTICATION): its text is WhatsApp's own preset — the code, the
 * security line and the expiry — and a "Copy code" button that carries the code again. A code is sent to people who
 * have not written to the business in the last 24 hours, where free-form text is refused (131047): it always goes as
 * this template. Approved once per language in WhatsApp Manager under this name; the local stand-in approves it from
 * here (infra/dev/provision.ts).
 */
export const AUTH_CODE_TEMPLATE = {
  name: 'akhada_auth_code',
  category: 'authentication',
  body: {
    en: `*{{1}}* is your verification code. For your security, do not share this code. This code expires in ${SMS_CODE_TTL_MS / 60_000} minutes.`,
    hi: `*{{1}}* आपका सत्यापन कोड है। अपनी सुरक्षा के लिए यह कोड किसी से साझा न करें। यह कोड ${SMS_CODE_TTL_MS / 60_000} मिनट में समाप्त हो जाएगा।`,
  },
} as const;

/** The template's translations, as the stand-in (and WhatsApp Manager) holds them. */
export const authCodeTemplates = () =>
  (['en', 'hi'] as const).map((language) => ({
    name: AUTH_CODE_TEMPLATE.name,
    language,
    category: AUTH_CODE_TEMPLATE.category,
    body: AUTH_CODE_TEMPLATE.body[language],
  }));

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
  async send({ to, code, language, reference }) {
    const res = await fetch(`${o.baseUrl.replace(/\/$/, '')}/${o.version}/${o.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: toWaNumber(to),
        type: 'template',
        template: {
          name: AUTH_CODE_TEMPLATE.name,
          language: { code: language === 'hi' ? 'hi' : 'en' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: code }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
          ],
        },
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
