import type { Logger } from '@akhada/kit';
import type { Kysely } from 'kysely';
import { startPollLoop } from './poll-loop.ts';
import { DeliveryError, type ChannelAdapter } from '../adapters/channels.ts';
import type { OrgChannels } from '../adapters/org-channels.ts';
import { claimDue, consentedPhone, markFinal, markRetry, markSent, type DueDelivery } from '../db/deliveries-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';
import { backoffMs, MAX_ATTEMPTS } from '../domain/rules.ts';
import { renderIn } from '../domain/templates.ts';
import { hasMarketingConsent } from '../db/marketing-consent-repo.ts';
import { isMarketingStem, stemOf } from '../domain/whatsapp-templates.ts';

export interface DelivererOptions {
  db: Kysely<NotificationsDb>;
  adapters: readonly ChannelAdapter[];
  /** The organization's own channel when it set one (Settings → Integrations); falls back to `adapters` without it. */
  channels?: OrgChannels;
  logger: Logger;
  /** Absolute base of action links in messages (APP_URL). */
  appUrl: string;
  clock?: () => Date;
  pollMs?: number;
  /** How long a claim lasts: a deliverer that dies mid-send leaves the row to be taken again after it. */
  leaseMs?: number;
  backoffBaseMs?: number;
  batch?: number;
  /** false: no polling loop, the caller runs passes with runOnce (tests). */
  autoStart?: boolean;
}

export interface Deliverer {
  /** One pass: claims what is due and sends it; resolves with how many it handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sends the email and WhatsApp/SMS deliveries the notifications wrote. Each row is claimed (committed) before it is
 * sent and marked after, so two deliverers never send one row and a sent row is never sent again; a deliverer killed
 * while sending leaves a claim that another takes over when its lease ends. Failures are retried with back-off
 * (MAX_ATTEMPTS), then the row is 'failed'. WhatsApp/SMS asks for the consent again right before sending (a marketing message: the marketing consent for its channel too).
 */
export const startDeliverer = (o: DelivererOptions): Deliverer => {
  const clock = o.clock ?? (() => new Date());
  const byChannel = new Map(o.adapters.map((a) => [a.channel, a]));

  const sendOne = async (d: DueDelivery): Promise<void> => {
    const key = { notification_id: d.notification_id, channel: d.channel };
    const adapter = o.channels ? (await o.channels.forOrg(d.org_id, d.channel))?.adapter : byChannel.get(d.channel);
    if (!adapter) return markFinal(o.db, key, 'skipped', `no ${d.channel} channel configured`);
    let to = d.address;
    if (d.channel === 'sms') {
      const phone = await consentedPhone(o.db, d.recipient_id, d.org_id);
      if (!phone) return markFinal(o.db, key, 'skipped', 'consent withdrawn');
      to = phone;
    }
    const n = d.notification;
    // A marketing message asks for the marketing consent again right before it goes (opted out since: not sent).
    if (isMarketingStem(stemOf(n.title_key)) && !(await hasMarketingConsent(o.db, d.org_id, d.recipient_id, d.channel === 'sms' ? 'whatsapp' : 'email')))
      return markFinal(o.db, key, 'skipped', 'no marketing consent');
    const lang = d.language;
    const params = n.params;
    try {
      const { providerId } = await adapter.send({
        key: `${n.id}:${d.channel}`,
        to,
        language: lang,
        title: renderIn(lang, n.title_key, params),
        text: renderIn(lang, n.message_key, params),
        action: n.action_url
          ? {
              url: new URL(n.action_url, o.appUrl).toString(),
              text: n.action_key ? renderIn(lang, n.action_key) : (n.action_text ?? renderIn(lang, 'notifications.action.view')),
            }
          : null,
        // WhatsApp outside the person's 24-hour window: the notification's approved template, filled from its params.
        template: { stem: stemOf(n.title_key), params },
      });
      await markSent(o.db, key, providerId, clock());
    } catch (err) {
      const message = (err as Error).message;
      const permanent = err instanceof DeliveryError && err.permanent;
      if (permanent || d.attempts >= MAX_ATTEMPTS) {
        o.logger.warn({ notificationId: n.id, channel: d.channel, attempts: d.attempts, err: message }, 'delivery failed');
        await markFinal(o.db, key, 'failed', message);
      } else {
        await markRetry(o.db, key, message, new Date(clock().getTime() + backoffMs(d.attempts, o.backoffBaseMs)));
      }
    }
  };

  const runOnce = async (): Promise<number> => {
    const due = await claimDue(o.db, clock(), o.leaseMs ?? 60_000, o.batch ?? 20);
    await Promise.all(due.map((d) => sendOne(d).catch((err: unknown) => o.logger.error({ err }, 'delivery bookkeeping failed'))));
    return due.length;
  };

  const loop = startPollLoop({ runOnce, logger: o.logger, what: 'deliverer', pollMs: o.pollMs, autoStart: o.autoStart });
  return { runOnce, stop: loop.stop };
};
