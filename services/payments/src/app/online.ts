import type { Payment, RazorpayOrder, VerifyBody } from '@akhada/contracts';
import { AppError, DomainError, type EventMetadata, executeCommand, type Executor, type Logger, metadataOf, notFound, type RequestContext } from '@akhada/kit';
import { paymentAggregate } from '../aggregates/payment.ts';
import { razorpayPaymentTaken, paymentUniques } from './payment-writes.ts';
import type { PaymentCommand } from '../domain/payment/decider.ts';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { PaymentsDb, PaymentsTable } from '../db/schema.ts';
import { toPayment } from '../views/payment-view.ts';
import { visiblePayment } from './access.ts';
import type { PaymentsDeps } from './deps.ts';
import { keysOf, requireKeys, requireOnlineKeys } from './razorpay-keys.ts';
import { CAPTURED_AFTER_CANCEL_REASON } from '../domain/payment/decider.ts';

type Deps = Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay' | 'checkoutScriptUrl'>;

/**
 * A capture in its own transaction under the payment row's lock (as the webhook takes it): verify, the webhook, the
 * reconciliation and an automatic refund of the same payment run one after another, never racing on its stream.
 */
const capturedLocked = (db: PaymentsDeps['db'], paymentId: string, command: PaymentCommand, metadata: EventMetadata): Promise<PaymentsTable> =>
  db.transaction().execute(async (trx) => {
    await trx.selectFrom('payments').select('id').where('id', '=', paymentId).forUpdate().executeTakeFirst();
    await executeCommand(trx, paymentAggregate, paymentId, command, metadata, { mapError: paymentUniques });
    return (await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow()) as PaymentsTable;
  });

/** Whether a Razorpay payment id is on a payment other than `paymentId` already (any organization: Razorpay's ids are global). */
const heldElsewhere = async (db: Executor<PaymentsDb>, rzpPaymentId: string, paymentId: string): Promise<boolean> =>
  !!(await db.selectFrom('payments').select('id').where('razorpay_payment_id', '=', rzpPaymentId).where('id', '<>', paymentId).executeTakeFirst());

/** The system as the source of an online event (no user, no request): its correlation is the Razorpay id. */
const systemSource = (orgId: string, id: string) => ({ orgId, correlationId: id, requestId: id });

/** Opens a Razorpay order for what remains of a pending payment (a member for their own: "Pay now"). */
export const createOrder = async (deps: Deps, ctx: RequestContext, paymentId: string): Promise<RazorpayOrder> => {
  const row = await visiblePayment(deps.db, ctx, paymentId);
  if (row.status !== 'pending' && row.status !== 'failed') throw new AppError(409, 'PAYMENT_NOT_PENDING', 'This payment is paid already');
  const keys = await requireOnlineKeys(deps, ctx.orgId);
  const amount = Number(row.total_paise) - Number(row.refunded_paise);
  if (amount < 100) throw new AppError(400, 'VALIDATION_FAILED', 'An online payment must be at least ₹1');
  let order: { id: string };
  try {
    order = await deps.razorpay
      .client(keys)
      .orders.create({ amount, currency: 'INR', receipt: paymentId.slice(0, 40), notes: { paymentId, orgId: ctx.orgId } });
  } catch (err) {
    throw deps.razorpay.toAppError(err);
  }
  await deps.db
    .insertInto('razorpay_orders')
    .values({ order_id: order.id, org_id: ctx.orgId, payment_id: paymentId, amount_paise: amount, link_id: null, created_at: deps.clock() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await executeCommand(
    deps.db,
    paymentAggregate,
    paymentId,
    { type: 'OpenOnlineOrder', data: { orderId: order.id, at: deps.clock().toISOString() } },
    metadataOf(ctx, { locationId: row.location_id }),
    { mapError: paymentUniques },
  );
  const member = row.member_id
    ? await deps.db.selectFrom('pay_members').select(['email', 'phone']).where('id', '=', row.member_id).executeTakeFirst()
    : undefined;
  return {
    keyId: keys.keyId,
    orderId: order.id,
    amount,
    amountRupees: amount / 100,
    currency: 'INR',
    checkoutScriptUrl: deps.checkoutScriptUrl,
    paymentId,
    name: 'Akhada',
    description: row.description,
    prefill: { name: row.member_name, email: member?.email ?? '', contact: member?.phone ?? '' },
  };
};

/**
 * Checkout's answer: the signature is checked with the key secret on the order id WE stored (the browser's order id
 * only finds it, in the caller's organization). Captured once: a webhook before or after changes nothing.
 */
export const verifyPayment = async (deps: Deps, ctx: RequestContext, body: VerifyBody): Promise<Payment> => {
  const order = await deps.db
    .selectFrom('razorpay_orders')
    .selectAll()
    .where('order_id', '=', body.razorpay_order_id)
    .where('org_id', '=', ctx.orgId)
    .executeTakeFirst();
  if (!order) throw notFound('Order');
  const row = await visiblePayment(deps.db, ctx, order.payment_id);
  const keys = await requireKeys(deps, ctx.orgId);
  const ok = deps.razorpay.verifyPaymentSignature({
    orderId: order.order_id,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
    keySecret: keys.keySecret,
  });
  if (!ok) throw new AppError(400, 'RAZORPAY_SIGNATURE_INVALID', 'The payment could not be verified. If money was taken, it will be matched automatically.');
  // One Razorpay payment pays one payment: refused before anything is written (the unique index catches a race: 409 too).
  if (await heldElsewhere(deps.db, body.razorpay_payment_id, row.id)) throw razorpayPaymentTaken();
  const after = await capturedLocked(
    deps.db,
    row.id,
    {
      type: 'CaptureOnline',
      data: {
        razorpayPaymentId: body.razorpay_payment_id,
        razorpayOrderId: order.order_id,
        method: 'razorpay',
        paidAt: deps.clock().toISOString(),
        via: 'verify',
      },
    },
    metadataOf(ctx, { locationId: row.location_id }),
  );
  // The order expired before the money arrived: refunded at once, and the payment shows it.
  if (awaitsLateRefund(after) && (await refundIfLate(deps, row.id))) return toPayment(await reloadRow(deps, row.id));
  return toPayment(after);
};

const reloadRow = async (deps: Pick<PaymentsDeps, 'db'>, id: string): Promise<PaymentsTable> =>
  (await deps.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as PaymentsTable;

interface WebhookBody {
  event: string;
  payload: {
    payment?: {
      entity?: { id?: string; order_id?: string | null; error_description?: string | null; subscription_id?: unknown; invoice_id?: unknown; notes?: unknown };
    };
    payment_link?: { entity?: { id?: string } };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number } };
  };
}

const invalidSignature = () => new AppError(400, 'INVALID_WEBHOOK_SIGNATURE', 'Invalid webhook signature');

/**
 * Razorpay's webhook. The organization is found from the ids in the body (order, link or payment we stored), then the
 * HMAC of the RAW body is checked with that organization's webhook secret (its key secret when none is set): a body
 * we cannot tie to an organization cannot be verified and is refused (400). The delivery id (x-razorpay-event-id, or
 * the body's hash) is recorded in the same transaction as the work, so a redelivery does nothing; the integration
 * events go out through the outbox. The answer comes after one short transaction.
 */
export const handleWebhook = async (
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay'> & { logger?: Logger },
  raw: Buffer | string | undefined,
  body: WebhookBody,
  headers: { signature?: string | undefined; eventId?: string | undefined },
): Promise<string> => {
  if (!raw || !headers.signature) throw invalidSignature();
  const p = body.payload ?? {};
  // A charge of an autopay (Razorpay sends payment.* for a subscription's payments too): the subscription webhooks
  // record it; acknowledged here (checked with its gym's secret) so Razorpay stops redelivering it, nothing changed.
  const autopayOutcome = await subscriptionPaymentAck(deps, raw, headers.signature, p.payment?.entity);
  if (autopayOutcome) return autopayOutcome;
  const orderId = p.payment?.entity?.order_id ?? null;
  const linkId = p.payment_link?.entity?.id ?? null;
  const rzpPaymentId = p.payment?.entity?.id ?? p.refund?.entity?.payment_id ?? null;
  const db = deps.db;
  let target: { org_id: string; payment_id: string } | undefined;
  if (linkId) target = await db.selectFrom('razorpay_orders').select(['org_id', 'payment_id']).where('link_id', '=', linkId).executeTakeFirst();
  if (!target && orderId) target = await db.selectFrom('razorpay_orders').select(['org_id', 'payment_id']).where('order_id', '=', orderId).executeTakeFirst();
  if (!target && rzpPaymentId) {
    // The fallback by Razorpay payment id (a refund carries no order): one payment at most holds it (a unique index);
    // should two ever match, neither is picked: the webhook is refused and logged for staff to look into.
    const rows = await db.selectFrom('payments').select(['org_id', 'id']).where('razorpay_payment_id', '=', rzpPaymentId).limit(2).execute();
    if (rows.length > 1) {
      deps.logger?.warn(
        { razorpayPaymentId: rzpPaymentId, event: body.event, payments: rows.map((r) => r.id) },
        'razorpay webhook matches several payments: refused',
      );
      throw new AppError(400, 'CONFLICT', 'This webhook matches more than one payment and was not applied');
    }
    const r = rows[0];
    if (r) target = { org_id: r.org_id, payment_id: r.id };
  }
  if (!target) throw invalidSignature();
  const keys = await keysOf(db, deps.secrets, target.org_id);
  // Razorpay signs a webhook with the secret entered for it in its dashboard: the webhook secret, never the key secret.
  if (!keys?.webhookSecret || !deps.razorpay.verifyWebhookSignature(raw, headers.signature, keys.webhookSecret)) throw invalidSignature();

  const eventId = headers.eventId && headers.eventId.length <= 200 ? headers.eventId : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  const now = deps.clock();
  const { org_id: orgId, payment_id: paymentId } = target;
  const outcome = await applyWebhook(
    async () =>
      db.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto('razorpay_webhook_events')
          .values({ event_id: eventId, event: String(body.event).slice(0, 100), org_id: orgId, received_at: now })
          .onConflict((oc) => oc.column('event_id').doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!fresh) return 'duplicate';
        // Locked: an automatic refund in progress (refundCapturedAfterCancel) finishes first, so its refund.processed
        // finds the refund recorded instead of racing it.
        const row = await trx.selectFrom('payments').select('location_id').where('id', '=', paymentId).forUpdate().executeTakeFirst();
        if (!row) return 'ignored';
        const meta = metadataOf(systemSource(orgId, eventId), { locationId: row.location_id });
        const at = now.toISOString();
        try {
          switch (body.event) {
            case 'payment.captured':
            case 'payment_link.paid':
              if (!p.payment?.entity?.id) return 'ignored';
              if (await heldElsewhere(trx, p.payment.entity.id, paymentId)) {
                deps.logger?.warn(
                  { eventId, razorpayPaymentId: p.payment.entity.id, paymentId },
                  'razorpay payment is on another payment already: not captured twice',
                );
                return 'refused';
              }
              await executeCommand(
                trx,
                paymentAggregate,
                paymentId,
                {
                  type: 'CaptureOnline',
                  data: { razorpayPaymentId: p.payment.entity.id, razorpayOrderId: orderId, method: 'razorpay', paidAt: at, via: 'webhook' },
                },
                meta,
                { mapError: paymentUniques },
              );
              return 'captured';
            case 'payment.failed':
              if (!p.payment?.entity?.id) return 'ignored';
              await executeCommand(
                trx,
                paymentAggregate,
                paymentId,
                { type: 'FailOnline', data: { razorpayPaymentId: p.payment.entity.id, reason: p.payment.entity.error_description ?? 'Payment failed', at } },
                meta,
                { mapError: paymentUniques },
              );
              return 'failed';
            case 'refund.processed': {
              const refund = p.refund?.entity;
              if (!refund?.id || typeof refund.amount !== 'number') return 'ignored';
              await executeCommand(
                trx,
                paymentAggregate,
                paymentId,
                {
                  type: 'RefundPayment',
                  data: { refundId: refund.id, amountPaise: refund.amount, reason: 'Refunded through Razorpay', razorpayRefundId: refund.id, at, by: null },
                },
                meta,
                { mapError: paymentUniques },
              );
              return 'refunded';
            }
            default:
              return 'ignored';
          }
        } catch (err) {
          // A rule of the payment refused it (a refund beyond what remains): recorded as seen, nothing changed.
          if (err instanceof DomainError) {
            deps.logger?.warn({ err, eventId, event: body.event }, 'razorpay webhook refused by the payment');
            return 'refused';
          }
          throw err;
        }
      }),
    deps.logger,
    eventId,
  );
  // A capture of a cancelled payment (an expired order) is refunded after the de-dup transaction committed.
  if (outcome === 'captured') await refundIfLate(deps, paymentId);
  return outcome;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A payment.* webhook of a payment that belongs to an autopay: found by the entity's subscription_id, or by its
 * invoice_id with the autopay's id in the notes (Razorpay copies the subscription's notes onto its payments). Its
 * gym's webhook secret must have signed it (else refused as any webhook); it changes nothing: 'subscription payment'.
 * Null when the payment is not an autopay's (the order/link/payment matching below handles it).
 */
const subscriptionPaymentAck = async (
  deps: Pick<PaymentsDeps, 'db' | 'secrets' | 'razorpay'>,
  raw: Buffer | string,
  signature: string,
  entity: { subscription_id?: unknown; invoice_id?: unknown; notes?: unknown } | undefined,
): Promise<string | null> => {
  if (!entity) return null;
  const subscriptionId = typeof entity.subscription_id === 'string' && entity.subscription_id ? entity.subscription_id : null;
  const notes = entity.notes && typeof entity.notes === 'object' ? (entity.notes as Record<string, unknown>) : {};
  const autopayId = typeof entity.invoice_id === 'string' && typeof notes.autopayId === 'string' && UUID.test(notes.autopayId) ? notes.autopayId : null;
  if (!subscriptionId && !autopayId) return null;
  let q = deps.db.selectFrom('autopay_subscriptions').select('org_id');
  q = subscriptionId ? q.where('razorpay_subscription_id', '=', subscriptionId) : q.where('id', '=', autopayId!);
  const autopay = await q.executeTakeFirst();
  if (!autopay) return null;
  const keys = await keysOf(deps.db, deps.secrets, autopay.org_id);
  if (!keys?.webhookSecret || !deps.razorpay.verifyWebhookSignature(raw, signature, keys.webhookSecret)) throw invalidSignature();
  return 'subscription payment';
};

/**
 * The webhook's transaction; a capture that lost a race for its Razorpay payment id to another payment (the unique
 * index) is refused like any rule of the payment, never a 500: nothing was written, a redelivery is checked again.
 */
const applyWebhook = async (work: () => Promise<string>, logger: Logger | undefined, eventId: string): Promise<string> => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.status === 409) {
      logger?.warn({ err, eventId }, 'razorpay webhook refused');
      return 'refused';
    }
    throw err;
  }
};

/** Money captured for a cancelled payment (an expired order): a cancelled row with a Razorpay payment id, not refunded. */
const awaitsLateRefund = (r: Pick<PaymentsTable, 'status' | 'razorpay_payment_id' | 'refunded_paise' | 'total_paise'>): boolean =>
  r.status === 'cancelled' && r.razorpay_payment_id !== null && Number(r.refunded_paise) < Number(r.total_paise);

/**
 * The automatic refund of money captured after its payment was cancelled (a member-shop order that expired before
 * the capture arrived): the whole capture is refunded through Razorpay and recorded (PaymentRefunded afterCancel, so
 * the member is told), under a lock on the payment's row so verify, the webhook and the sweep refund it once. Returns
 * whether it refunded now. A Razorpay failure is thrown; the sweep (refundLateCaptures) tries again.
 */
export const refundCapturedAfterCancel = async (deps: Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay'>, paymentId: string): Promise<boolean> =>
  deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirst();
    if (!row || !awaitsLateRefund(row)) return false;
    const keys = await keysOf(trx, deps.secrets, row.org_id);
    if (!keys) throw new AppError(409, 'RAZORPAY_NOT_CONFIGURED', 'Razorpay keys are not set');
    const amount = Number(row.total_paise) - Number(row.refunded_paise);
    let refund: { id: string };
    try {
      refund = await deps.razorpay.client(keys).payments.refund(
        row.razorpay_payment_id!,
        { amount, notes: { paymentId, reason: CAPTURED_AFTER_CANCEL_REASON } },
        // The sweep retries a refund whose record failed: the same key makes Razorpay answer the first, not refund twice.
        { idempotencyKey: `akhada-late-capture-refund-${paymentId}` },
      );
    } catch (err) {
      throw deps.razorpay.toAppError(err);
    }
    await executeCommand(
      trx,
      paymentAggregate,
      paymentId,
      {
        type: 'RefundPayment',
        data: {
          refundId: refund.id,
          amountPaise: null,
          reason: CAPTURED_AFTER_CANCEL_REASON,
          razorpayRefundId: refund.id,
          at: deps.clock().toISOString(),
          by: null,
        },
      },
      metadataOf(systemSource(row.org_id, refund.id), { locationId: row.location_id }),
      { mapError: paymentUniques },
    );
    return true;
  });

/** The sweep: payments captured after they were cancelled and not refunded yet (a refund that failed) are refunded. */
export const refundLateCaptures = async (deps: Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay'> & { logger?: Logger }, limit = 50) => {
  const open = await deps.db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'cancelled')
    .where('razorpay_payment_id', 'is not', null)
    .whereRef('refunded_paise', '<', 'total_paise')
    .limit(limit)
    .execute();
  let refunded = 0;
  for (const p of open) {
    try {
      if (await refundCapturedAfterCancel(deps, p.id)) refunded++;
    } catch (err) {
      deps.logger?.warn({ err, paymentId: p.id }, 'refund of a payment captured after cancelling failed');
    }
  }
  return refunded;
};

/** After a capture: refunds it when its payment was cancelled (logged on failure, the sweep retries). */
const refundIfLate = async (deps: Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay'> & { logger?: Logger }, paymentId: string) => {
  try {
    return await refundCapturedAfterCancel(deps, paymentId);
  } catch (err) {
    deps.logger?.warn({ err, paymentId }, 'refund of a payment captured after cancelling failed; the sweep retries');
    return false;
  }
};

/** Webhook de-dup rows older than 35 days are dropped (kept at least 30). */
export const pruneWebhookEvents = (deps: Pick<PaymentsDeps, 'db' | 'clock'>) =>
  deps.db
    .deleteFrom('razorpay_webhook_events')
    .where('received_at', '<', new Date(deps.clock().getTime() - 35 * 86_400_000))
    .execute();

/**
 * Reconciliation: orders opened more than `olderThanMs` ago whose payment is still unpaid are asked of Razorpay; a
 * captured payment there is captured here (once, as verify or a webhook would have).
 */
export const reconcileOpenOrders = async (
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay'>,
  { olderThanMs = 10 * 60_000, limit = 50 } = {},
) => {
  const cutoff = new Date(deps.clock().getTime() - olderThanMs);
  const open = await deps.db
    .selectFrom('razorpay_orders as o')
    .innerJoin('payments as p', 'p.id', 'o.payment_id')
    .select(['o.order_id', 'o.org_id', 'o.payment_id', 'p.location_id'])
    .where('o.created_at', '<', cutoff)
    .where('o.created_at', '>', sql<Date>`${cutoff}::timestamptz - interval '3 days'`)
    // A cancelled one too (an order that expired while the member paid): its capture is refunded below.
    .where((eb) => eb.or([eb('p.status', 'in', ['pending', 'failed']), eb.and([eb('p.status', '=', 'cancelled'), eb('p.razorpay_payment_id', 'is', null)])]))
    .where('o.order_id', 'not like', 'link:%')
    .limit(limit)
    .execute();
  let captured = 0;
  for (const o of open) {
    const keys = await keysOf(deps.db, deps.secrets, o.org_id);
    if (!keys) continue;
    const { items } = await deps.razorpay.client(keys).orders.fetchPayments(o.order_id);
    const paid = items.find((i) => i.status === 'captured');
    if (!paid) continue;
    await capturedLocked(
      deps.db,
      o.payment_id,
      {
        type: 'CaptureOnline',
        data: { razorpayPaymentId: paid.id, razorpayOrderId: o.order_id, method: 'razorpay', paidAt: deps.clock().toISOString(), via: 'reconcile' },
      },
      metadataOf(systemSource(o.org_id, o.order_id), { locationId: o.location_id }),
    );
    await refundIfLate(deps, o.payment_id);
    captured++;
  }
  return captured;
};
