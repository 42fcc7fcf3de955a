import { periodicJob, type Logger } from '@akhada/kit';
import type { Kysely } from 'kysely';
import { DeliveryError, type ChannelAdapter, type OutgoingMessage } from '../adapters/channels.ts';
import type { OrgChannels } from '../adapters/org-channels.ts';
import { completeFinished } from '../db/campaigns-repo.ts';
import { claimOutbound, markOutboundFailed, markOutboundRetry, markOutboundSent, type ClaimedMessage } from '../db/outbound-messages-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';
import { OUTBOUND_MAX_ATTEMPTS, outboundBackoffMs } from '../domain/campaigns.ts';
import { brandedEmailHtml, unsubscribeTextFoot } from '../domain/message-templates.ts';

export interface OutboundSenderOptions {
  db: Kysely<NotificationsDb>;
  /** The organization's WhatsApp provider and mail server (its own, else the platform's). */
  channels: Pick<OrgChannels, 'forOrg'>;
  /** The SMS gateway (DLT template id and sender header); none configured: SMS messages fail with that reason. */
  sms?: ChannelAdapter | undefined;
  /**
   * The unsubscribe link of a marketing email to this person (audience's signed link), or null: the email then says
   * how to opt out in the gym's app instead.
   */
  unsubscribeLink?: (m: { orgId: string; personId: string; address: string }) => string | null;
  /** The one-click unsubscribe address (RFC 8058: mail clients POST to it), for the List-Unsubscribe header; default the link. */
  unsubscribeOneClick?: (m: { orgId: string; personId: string }) => string | null;
  logger: Logger;
  clock?: () => Date;
  intervalMs?: number;
  /** Messages claimed at once, and sent at once (per loop). */
  batch?: number;
  concurrency?: number;
  /** Batches being sent at once (default 4). */
  loops?: number;
  /** A claim older than this (its sender died mid-send) goes back to the queue. */
  leaseMs?: number;
  /** A WhatsApp claim waits this much longer for the platform's status callback first (claimOutbound). */
  reconcileMs?: number;
  backoffBaseMs?: number;
  /** false: no job, the caller runs passes with runOnce (tests). */
  autoStart?: boolean;
}

export interface OutboundSender {
  /** Sends what the lanes' rates allow now, batch after batch; resolves with how many messages it handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** A marketing email without an unsubscribe link (none configured): how to opt out instead. */
const OPT_OUT_TEXT = {
  en: 'To stop these emails, turn off marketing emails in your gym’s app (Settings → Notifications).',
  hi: 'ये ईमेल बंद करने के लिए अपने जिम के ऐप में मार्केटिंग ईमेल बंद करें (सेटिंग्स → सूचनाएँ)।',
} as const;

/**
 * The one sender of outbound messages (campaigns and automations): every run claims what each lane's rate allows
 * (db/outbound-messages-repo.ts claimOutbound: committed as sending before anything goes out, SKIP LOCKED, so two
 * instances never send a row twice and a stopped one leaves none half-done), sends it through the channel adapters —
 * WhatsApp as the approved template, SMS with its DLT template id and sender header, email with an unsubscribe link
 * (and List-Unsubscribe) when it is marketing — and records sent (with the provider's id), a retry after a transient
 * failure, or failed with the provider's reason. Campaigns with nothing left are completed after each run.
 */
export const startOutboundSender = (o: OutboundSenderOptions): OutboundSender => {
  const clock = o.clock ?? (() => new Date());
  const batch = o.batch ?? 200;
  const concurrency = o.concurrency ?? 16;
  let stopping = false;

  const adapterFor = async (m: ClaimedMessage): Promise<ChannelAdapter | undefined> =>
    m.channel === 'sms' ? o.sms : (await o.channels.forOrg(m.org_id, m.channel === 'whatsapp' ? 'sms' : 'email'))?.adapter;

  const messageOf = (m: ClaimedMessage): OutgoingMessage => {
    const c = m.content;
    const base = { key: `${m.id}:outbound`, to: m.address, language: m.language, title: c.email?.subject ?? '', text: c.text, action: null };
    if (m.channel === 'whatsapp') return { ...base, whatsAppTemplate: c.whatsapp ?? null };
    if (m.channel === 'sms') return { ...base, sms: c.sms ?? null };
    const link = m.marketing ? (o.unsubscribeLink?.({ orgId: m.org_id, personId: m.person_id, address: m.address }) ?? null) : null;
    const email = c.email ?? { subject: '', html: '', gymName: '', brandColor: null };
    const html = link || !m.marketing ? email.html : `${email.html}<p style="font-size:12px;color:#6b7280">${OPT_OUT_TEXT[m.language]}</p>`;
    return {
      ...base,
      mail: {
        subject: email.subject,
        text: link ? c.text + unsubscribeTextFoot(link, m.language) : m.marketing ? `${c.text}\n\n${OPT_OUT_TEXT[m.language]}` : c.text,
        html: brandedEmailHtml({ gymName: email.gymName, brandColor: email.brandColor, html, language: m.language, unsubscribeUrl: link }),
        // RFC 8058 one-click: mail clients show "Unsubscribe" and POST to the link.
        ...(link
          ? {
              headers: {
                'List-Unsubscribe': `<${o.unsubscribeOneClick?.({ orgId: m.org_id, personId: m.person_id }) ?? link}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
      },
    };
  };

  /** Sends one; resolves with its provider id when it went, null when it was recorded otherwise (retry, failed). */
  const sendOne = async (m: ClaimedMessage): Promise<{ id: string; providerId: string | null } | null> => {
    const adapter = await adapterFor(m);
    if (!adapter) {
      await markOutboundFailed(o.db, m.id, m.channel === 'sms' ? 'No SMS provider is configured' : `No ${m.channel} channel is configured`, clock());
      return null;
    }
    if (m.channel === 'whatsapp' && !m.content.whatsapp) {
      await markOutboundFailed(o.db, m.id, 'No WhatsApp template for this message', clock());
      return null;
    }
    try {
      const { providerId } = await adapter.send(messageOf(m));
      return { id: m.id, providerId };
    } catch (err) {
      const message = (err as Error).message;
      const permanent = err instanceof DeliveryError && err.permanent;
      if (permanent || m.attempts >= OUTBOUND_MAX_ATTEMPTS) await markOutboundFailed(o.db, m.id, message, clock());
      else await markOutboundRetry(o.db, m.id, message, new Date(clock().getTime() + outboundBackoffMs(m.attempts, o.backoffBaseMs)));
      return null;
    }
  };

  const sendAll = async (claimed: readonly ClaimedMessage[]) => {
    const sent: { id: string; providerId: string | null }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const m = claimed[next++]!;
        const r = await sendOne(m).catch((err: unknown) => {
          o.logger.error({ err, outboundId: m.id }, 'outbound bookkeeping failed');
          return null;
        });
        if (r) sent.push(r);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    await markOutboundSent(o.db, sent, clock());
  };

  // One claimer, several batches in flight: the next batch is claimed while the provider's answers for the last ones
  // are awaited (claims are short transactions of their own; the lanes' buckets keep the rate however many are out).
  const runOnce = async (): Promise<number> => {
    let handled = 0;
    const inFlight = new Set<Promise<void>>();
    while (!stopping) {
      if (inFlight.size >= (o.loops ?? 4)) {
        await Promise.race(inFlight);
        continue;
      }
      const claimed = await claimOutbound(o.db, clock(), batch, o.leaseMs ?? 5 * 60_000, o.reconcileMs);
      if (claimed.length === 0) break;
      handled += claimed.length;
      // A batch whose bookkeeping failed stays claimed: its lease ends and it is taken again.
      const sending: Promise<void> = sendAll(claimed)
        .catch((err: unknown) => o.logger.error({ err }, 'outbound batch bookkeeping failed'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
    await Promise.all(inFlight);
    await completeFinished(o.db, clock());
    return handled;
  };

  if (o.autoStart === false) return { runOnce, stop: async () => undefined };
  const job = periodicJob({ name: 'outbound sender', intervalMs: o.intervalMs ?? 1000, run: runOnce, logger: o.logger });
  return {
    runOnce,
    stop: async () => {
      stopping = true;
      await job.stop();
    },
  };
};
