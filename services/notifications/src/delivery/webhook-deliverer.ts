import type { Logger, SecretBox } from '@akhada/kit';
import type { Kysely } from 'kysely';
import { startPollLoop } from './poll-loop.ts';
import { postWebhook } from '../adapters/webhook-sender.ts';
import type { NotificationsDb } from '../db/schema.ts';
import { claimDueWebhooks, type DueWebhook } from '../db/webhooks-repo.ts';
import { WEBHOOK_MAX_ATTEMPTS, webhookBackoffMs } from '../domain/webhooks.ts';

export interface WebhookDelivererOptions {
  db: Kysely<NotificationsDb>;
  box: SecretBox;
  logger: Logger;
  allowPrivate: boolean;
  clock?: () => Date;
  pollMs?: number;
  leaseMs?: number;
  /** Retry back-off base (30 s in production; tests use a few ms). */
  backoffBaseMs?: number;
  maxAttempts?: number;
  timeoutMs?: number;
  batch?: number;
  autoStart?: boolean;
}

export interface WebhookDeliverer {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sends the webhook deliveries: each row is claimed (committed) before the POST and marked after, so it survives a
 * restart (a claim whose sender died is taken again when its lease ends). A failure is retried with exponential
 * back-off; after `maxAttempts` the delivery is failed and its endpoint marked failing, until one succeeds again.
 */
export const startWebhookDeliverer = (o: WebhookDelivererOptions): WebhookDeliverer => {
  const clock = o.clock ?? (() => new Date());
  const maxAttempts = o.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;

  const sendOne = async (d: DueWebhook): Promise<void> => {
    let secret: string;
    try {
      secret = o.box.open(d.secret_sealed);
    } catch {
      await o.db.updateTable('webhook_deliveries').set({ status: 'failed', error: 'The signing secret cannot be read' }).where('id', '=', d.id).execute();
      return;
    }
    const r = await postWebhook({
      url: d.url,
      secret,
      body: d.body,
      deliveryId: d.id,
      eventType: d.event_type,
      now: clock(),
      allowPrivate: o.allowPrivate,
      timeoutMs: o.timeoutMs ?? 10_000,
    });
    const mine = (q: ReturnType<typeof o.db.updateTable<'webhook_deliveries'>>) => q.where('id', '=', d.id).where('status', '=', 'sending');
    if (r.ok) {
      await mine(o.db.updateTable('webhook_deliveries').set({ status: 'succeeded', response_code: r.responseCode, error: null })).execute();
      await o.db.updateTable('webhook_endpoints').set({ status: 'active' }).where('id', '=', d.endpoint_id).where('status', '=', 'failing').execute();
      return;
    }
    if (d.attempts >= maxAttempts) {
      o.logger.warn({ deliveryId: d.id, endpointId: d.endpoint_id, attempts: d.attempts, error: r.error }, 'webhook delivery given up');
      await mine(o.db.updateTable('webhook_deliveries').set({ status: 'failed', response_code: r.responseCode, error: r.error })).execute();
      await o.db.updateTable('webhook_endpoints').set({ status: 'failing' }).where('id', '=', d.endpoint_id).execute();
      return;
    }
    const next = new Date(clock().getTime() + webhookBackoffMs(d.attempts, o.backoffBaseMs ?? 30_000));
    await mine(
      o.db.updateTable('webhook_deliveries').set({ status: 'pending', response_code: r.responseCode, error: r.error, next_attempt_at: next }),
    ).execute();
  };

  const runOnce = async (): Promise<number> => {
    const due = await claimDueWebhooks(o.db, clock(), o.leaseMs ?? 60_000, o.batch ?? 20);
    await Promise.all(due.map((d) => sendOne(d).catch((err: unknown) => o.logger.error({ err }, 'webhook bookkeeping failed'))));
    return due.length;
  };

  const loop = startPollLoop({ runOnce, logger: o.logger, what: 'webhook deliverer', pollMs: o.pollMs, autoStart: o.autoStart });
  return { runOnce, stop: loop.stop };
};
