import { AppError, DomainError, executeCommand, metadataOf, type Logger } from '@akhada/kit';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { autopayAggregate } from '../aggregates/autopay.ts';
import { AUTOPAY_STATUSES, SUBSCRIPTION_WEBHOOKS, type AutopayStatus, type SubscriptionWebhook } from '../domain/autopay/decider.ts';
import { cancelDuePayments, openDueLinks, recordDuePayment } from './autopay-dunning.ts';
import { recordAutopayCharge } from './autopay-payments.ts';
import type { PaymentsDeps } from './deps.ts';
import { cancelReplaced } from './autopay-change.ts';
import { keysOf } from './razorpay-keys.ts';

/** A subscription webhook's body, only the fields read (the HMAC is of the raw bytes). */
export interface SubscriptionWebhookBody {
  event: string;
  created_at?: unknown;
  payload?: {
    subscription?: { entity?: { id?: unknown; status?: unknown; paid_count?: unknown; notes?: unknown } };
    payment?: { entity?: { id?: unknown; amount?: unknown; status?: unknown; captured?: unknown; method?: unknown } };
  };
}

export { autopayPaymentId } from './autopay-payments.ts';

export const isSubscriptionWebhook = (body: { event?: unknown }): boolean => typeof body.event === 'string' && body.event.startsWith('subscription.');

const invalidSignature = () => new AppError(400, 'INVALID_WEBHOOK_SIGNATURE', 'Invalid webhook signature');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);

/**
 * Razorpay's subscription webhooks (subscription.*). The autopay is found by its Razorpay subscription id (in any
 * organization: Razorpay's ids are global), then the HMAC of the RAW body is checked with THAT organization's webhook
 * secret: a body naming a subscription we do not hold, or signed with another secret (another gym's), is refused and
 * changes nothing. The delivery id (x-razorpay-event-id, else the body's hash) is recorded in the same transaction as
 * the work, so a redelivery does nothing; each new captured charge records its payment in that transaction too.
 */
export const handleAutopayWebhook = async (
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay' | 'publicUrl' | 'directory' | 'timeZone' | 'pauseBeforeWebhook'> & { logger?: Logger },
  raw: Buffer | string | undefined,
  body: SubscriptionWebhookBody,
  headers: { signature?: string | undefined; eventId?: string | undefined },
): Promise<string> => {
  if (!raw || !headers.signature) throw invalidSignature();
  const entity = body.payload?.subscription?.entity;
  const rzpSubscriptionId = typeof entity?.id === 'string' ? entity.id : null;
  if (!rzpSubscriptionId) throw invalidSignature();
  // The autopay's id in the subscription's notes (we put it there): a subscription it no longer tracks — a change of
  // method's that was superseded or cancelled as stale — is still recognised, its webhooks acknowledged and ignored
  // by the decider instead of refused (Razorpay would redeliver a refused one for days).
  const notes = entity?.notes;
  const noted = notes && typeof notes === 'object' && 'autopayId' in notes ? (notes as { autopayId: unknown }).autopayId : null;
  const notedAutopay = typeof noted === 'string' && UUID.test(noted) ? noted : null;
  const target = await deps.db
    .selectFrom('autopay_subscriptions')
    .select(['id', 'org_id', 'location_id'])
    // Its current subscription, the one asked for to change the method, or one it replaced (issue 28).
    .where((eb) =>
      eb.or([
        eb('razorpay_subscription_id', '=', rzpSubscriptionId),
        eb('replacement_subscription_id', '=', rzpSubscriptionId),
        sql<boolean>`previous_subscription_ids @> array[${rzpSubscriptionId}]::text[]`,
      ]),
    )
    .executeTakeFirst()
    .then(
      async (found) =>
        found ??
        (notedAutopay
          ? await deps.db.selectFrom('autopay_subscriptions').select(['id', 'org_id', 'location_id']).where('id', '=', notedAutopay).executeTakeFirst()
          : undefined),
    );
  if (!target) throw invalidSignature();
  const keys = await keysOf(deps.db, deps.secrets, target.org_id);
  if (!keys?.webhookSecret || !deps.razorpay.verifyWebhookSignature(raw, headers.signature, keys.webhookSecret)) throw invalidSignature();

  const eventId = headers.eventId && headers.eventId.length <= 200 ? headers.eventId : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  const event = (SUBSCRIPTION_WEBHOOKS as readonly string[]).includes(body.event) ? (body.event as SubscriptionWebhook) : null;
  const now = deps.clock();
  const status =
    typeof entity?.status === 'string' && (AUTOPAY_STATUSES as readonly string[]).includes(entity.status) ? (entity.status as AutopayStatus) : null;
  const payment = body.payload?.payment?.entity;
  const paymentId = typeof payment?.id === 'string' ? payment.id : null;
  const amount = num(payment?.amount);
  const dues: string[] = [];
  const replaced: string[] = [];
  const stale: string[] = [];
  // Test only: the fault test's point between receiving a verified charge webhook and renewing (unset elsewhere).
  await deps.pauseBeforeWebhook?.(rzpSubscriptionId, String(body.event), eventId);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('razorpay_webhook_events')
      .values({ event_id: eventId, event: String(body.event).slice(0, 100), org_id: target.org_id, received_at: now })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!fresh) return 'duplicate';
    if (!event) return 'ignored';
    // One webhook of an autopay at a time (its charges and their payments decided one after the other).
    await trx.selectFrom('autopay_subscriptions').select('id').where('id', '=', target.id).forUpdate().executeTakeFirst();
    const meta = metadataOf({ orgId: target.org_id, correlationId: rzpSubscriptionId, requestId: eventId }, { locationId: target.location_id });
    try {
      const result = await executeCommand(
        trx,
        autopayAggregate,
        target.id,
        {
          type: 'ObserveWebhook',
          data: {
            event,
            status,
            paidCount: num(entity?.paid_count) ?? 0,
            occurredAt: num(body.created_at) ?? Math.floor(now.getTime() / 1000),
            payment:
              paymentId && amount !== null
                ? {
                    id: paymentId,
                    amountPaise: amount,
                    captured: payment?.status === 'captured' || payment?.captured === true,
                    method: typeof payment?.method === 'string' ? payment.method : null,
                  }
                : null,
            razorpaySubscriptionId: rzpSubscriptionId,
            at: now.toISOString(),
          },
        },
        meta,
      );
      const terms = result.state.terms!;
      for (const stored of result.events) {
        if (stored.event.type === 'AutopayCharged') {
          await recordAutopayCharge(trx, terms, stored.event.data, meta);
          // Razorpay collected the cycle: its open "Pay now" is not to be paid as well.
          await cancelDuePayments(trx, terms, meta, stored.event.data.at);
        }
        // The method changed: the previous subscription is cancelled at its cycle end once this commits.
        if (stored.event.type === 'AutopayReplaced') replaced.push(stored.event.data.previous);
        // A failed charge: the cycle's "Pay now" payment (once per cycle), its link made after the commit.
        if (stored.event.type === 'AutopayChargeFailed') {
          const due = await recordDuePayment(trx, terms, result.state, meta, stored.event.data.at);
          if (due) dues.push(due);
        }
      }
      // A change of method asked for before a charge that has happened since, authorised now: the autopay does not
      // follow it (its first charge would buy a period already paid), so it is cancelled at once rather than left
      // running in Razorpay to charge the member beside the subscription the autopay follows.
      const st = result.state;
      if (
        ['subscription.authenticated', 'subscription.activated', 'subscription.charged'].includes(event) &&
        st.terms &&
        st.terms.razorpaySubscriptionId !== rzpSubscriptionId &&
        !st.replaced.includes(rzpSubscriptionId)
      )
        stale.push(rzpSubscriptionId);
      return result.events.length ? 'applied' : 'unchanged';
    } catch (err) {
      if (err instanceof DomainError && err.status < 500) {
        deps.logger?.warn({ err, eventId, event: body.event }, 'razorpay subscription webhook refused by the autopay');
        return 'refused';
      }
      throw err;
    }
  });
  if (dues.length) await openDueLinks(deps, target.org_id, target.location_id, dues);
  if (replaced.length) await cancelReplaced({ ...deps, ...(deps.logger ? { logger: deps.logger } : {}) }, target.org_id, replaced);
  if (stale.length) await cancelReplaced({ ...deps, ...(deps.logger ? { logger: deps.logger } : {}) }, target.org_id, stale, 'now');
  return outcome;
};
