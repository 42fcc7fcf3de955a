import type { WhatsAppWebhookBody } from '@akhada/contracts';
import { forbidden, unauthenticated } from '@akhada/kit/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { recordOutboundStatus } from '../db/outbound-messages-repo.ts';
import { recordInbound, recordProviderStatus } from '../db/whatsapp-repo.ts';
import type { ProviderStatus } from '../db/schema.ts';
import type { WhatsAppWebhookDeps } from './deps.ts';
import { stopFromWhatsApp } from './marketing-consent.ts';
import { recordTemplateReview } from './message-templates.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES: readonly string[] = ['sent', 'delivered', 'read', 'failed'] satisfies ProviderStatus[];

/** Meta's signature: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
export const verifyWhatsAppSignature = (raw: Buffer | undefined, header: string | undefined, appSecret: string): boolean => {
  if (!raw || !header || !appSecret) return false;
  const given = Buffer.from(header.replace(/^sha256=/, ''), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return header.startsWith('sha256=') && given.length === expected.length && timingSafeEqual(given, expected);
};

/** Meta's verification of a new webhook: the challenge back when the verify token is ours. */
export const verifyWhatsAppSubscription = (
  deps: Pick<WhatsAppWebhookDeps, 'verifyToken'>,
  q: Record<'hub.mode' | 'hub.verify_token' | 'hub.challenge', string>,
) => {
  if (q['hub.mode'] !== 'subscribe' || !deps.verifyToken || q['hub.verify_token'] !== deps.verifyToken) throw forbidden('The verify token does not match');
  return q['hub.challenge'];
};

/** A callback's time (Unix seconds as text); anything else, or beyond year 9999, is the time it arrived. */
const instant = (unixSeconds: string | undefined, fallback: Date): Date => {
  const n = Number(unixSeconds);
  return Number.isInteger(n) && n > 0 && n < 253_402_300_800 ? new Date(n * 1000) : fallback;
};

/**
 * WhatsApp's webhook, checked against the app secret before anything is read: a person's message opens (or renews)
 * their 24-hour window with the business number; a status moves the message it names forward (sent, delivered, read;
 * failed ends its delivery as failed with the platform's reason). Repeats and reordered callbacks change nothing.
 */
export const receiveWhatsAppWebhook = async (
  deps: Pick<WhatsAppWebhookDeps, 'db' | 'clock' | 'appSecret'>,
  raw: Buffer | undefined,
  signature: string | undefined,
  body: WhatsAppWebhookBody,
): Promise<string> => {
  if (!verifyWhatsAppSignature(raw, signature, deps.appSecret)) throw unauthenticated('The webhook signature does not match', 'UNAUTHENTICATED');
  let inbound = 0;
  let statuses = 0;
  const now = deps.clock();
  let stopped = 0;
  for (const change of body.entry.flatMap((e) => e.changes)) {
    // The platform's review of one of the organizations' own templates.
    if (change.field === 'message_template_status_update') {
      await recordTemplateReview(deps.db, change.value);
      continue;
    }
    if (change.field !== 'messages') continue;
    const phoneNumberId = change.value.metadata?.phone_number_id;
    if (phoneNumberId)
      for (const m of change.value.messages ?? []) {
        const waId = m.from.replace(/\D/g, '');
        if (!waId) continue;
        // Never later than now: a sender's clock ahead must not keep a window open longer.
        const at = instant(m.timestamp, now);
        await recordInbound(deps.db, phoneNumberId, waId, at > now ? now : at);
        inbound += 1;
        // "STOP" (or the template's stop button): WhatsApp marketing consent withdrawn now, with a history row each.
        stopped += await stopFromWhatsApp(deps.db, { phoneNumberId, from: waId, text: m.text?.body ?? m.button?.text ?? m.button?.payload, at: now });
      }
    for (const s of change.value.statuses ?? []) {
      if (!STATUSES.includes(s.status)) continue;
      const key = s.biz_opaque_callback_data?.match(/^(.+):sms$/)?.[1];
      const error = s.errors?.[0];
      const reason = error
        ? [error.code ? `(#${error.code})` : '', error.title ?? '', error.error_data?.details ? `(${error.error_data.details})` : ''].join(' ').trim()
        : null;
      // A campaign's or automation's message (sent with `<outboundId>:outbound`), else found by the platform's id.
      const outboundKey = s.biz_opaque_callback_data?.match(/^(.+):outbound$/)?.[1];
      if (
        (outboundKey === undefined || UUID.test(outboundKey)) &&
        (await recordOutboundStatus(deps.db, {
          outboundId: outboundKey ?? null,
          providerId: s.id,
          status: s.status as ProviderStatus,
          at: instant(s.timestamp, now),
          reason: reason ? `WhatsApp: ${reason}` : null,
        }))
      ) {
        statuses += 1;
        continue;
      }
      if (outboundKey !== undefined) continue;
      if (
        await recordProviderStatus(deps.db, {
          notificationId: key && UUID.test(key) ? key : null,
          providerId: s.id,
          status: s.status as ProviderStatus,
          at: instant(s.timestamp, now),
          reason: reason ? `WhatsApp: ${reason}` : null,
        })
      )
        statuses += 1;
    }
  }
  return `${inbound} message(s), ${statuses} status(es) recorded${stopped ? `, ${stopped} marketing consent(s) withdrawn` : ''}`;
};
