import { EVENT_ADMISSION_RATES, PaymentEvents, SchedulingEvents, topicOf } from '@akhada/contracts';
import { type EventHandler, type EventMetadata, enqueue, executeCommand, type Executor, type Logger, makeEnvelope, metadataOf, newId, on } from '@akhada/kit';
import type { Kysely, Transaction } from 'kysely';
import { paymentAggregate } from '../aggregates/payment.ts';
import { deterministicId } from '../app/deterministic-id.ts';
import type { PaymentsDeps } from '../app/deps.ts';
import { dayAt, decideGst } from '../app/gst.ts';
import { paymentUniques } from '../app/payment-writes.ts';
import { keysOf } from '../app/razorpay-keys.ts';
import type { PaymentsDb } from '../db/schema.ts';

type Trx = Transaction<PaymentsDb>;

/** What refunding an online purchase needs (the organization's Razorpay keys and the SDK); a desk one needs none. */
export type PurchaseDeps = Pick<PaymentsDeps, 'secrets' | 'razorpay' | 'clock'>;

/** The payment of a scheduling purchase: one id per (organization, purchase), so a redelivery records nothing new. */
export const purchasePaymentId = (orgId: string, purchaseId: string): string => deterministicId(`${orgId}:purchase:${purchaseId}`);

/** The member payment type a purchase is recorded as. */
const TYPE_OF: Record<SchedulingEvents.PurchaseKind, 'personal_training' | 'other'> = { session_pack: 'personal_training', event_ticket: 'other' };

const purchasePayment = (trx: Trx, orgId: string, purchaseId: string) =>
  trx.selectFrom('payments').selectAll().where('id', '=', purchasePaymentId(orgId, purchaseId)).forUpdate().executeTakeFirst();

/**
 * `scheduling.purchase_requested` → the purchase's payment (category member, type personal_training for a pack, other
 * for a ticket; source scheduling, sourceId the purchaseId) for the member: pending and due today for `online` (paid
 * with Checkout: create-order / verify, as any pending payment), completed at once for a desk method. The GST is this
 * service's rule on the lines' taxable value (the location's settings, the rate in force that day), as for any member
 * payment, so the invoice (issued on payment_completed) says what was paid. Exactly once: the inbox, the deterministic
 * id (an existing payment answers nothing) and the (org, source, sourceId) unique key. Then
 * `payments.purchase_payment_created`.
 */
export const onPurchaseRequested = (logger?: Logger): EventHandler<PaymentsDb> =>
  on(SchedulingEvents.PurchaseRequested, async (trx: Trx, env) => {
    const p = env.data;
    const orgId = p.organizationId;
    if (orgId !== env.orgId) return void logger?.warn({ purchaseId: p.purchaseId }, 'purchase of another organization than its envelope: ignored');
    const paymentId = purchasePaymentId(orgId, p.purchaseId);
    if (await purchasePayment(trx, orgId, p.purchaseId)) return;
    const at = new Date(p.occurredAt);
    const date = await dayAt(trx, orgId, p.locationId, at);
    // A pack is a gym service (the gym-service rate); a ticket is admission to an event the gym organises (its own rate).
    const rates = p.kind === 'event_ticket' ? { rates: EVENT_ADMISSION_RATES } : {};
    const gst = await decideGst(trx, {
      orgId,
      locationId: p.locationId,
      category: 'member',
      amountPaise: p.totals.taxablePaise,
      sentGstPaise: 0,
      date,
      ...rates,
    });
    const member = await trx
      .selectFrom('pay_members')
      .select(['first_name', 'last_name'])
      .where('id', '=', p.memberId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    const online = p.method === 'online';
    const meta = metadataOf(env, { locationId: p.locationId });
    await executeCommand(
      trx,
      paymentAggregate,
      paymentId,
      {
        type: 'RecordPayment',
        data: {
          paymentId,
          orgId,
          locationId: p.locationId,
          category: 'member',
          type: TYPE_OF[p.kind],
          memberId: p.memberId,
          memberName: member ? `${member.first_name} ${member.last_name}`.trim() : p.memberName,
          trainerId: null,
          trainerName: '',
          amountPaise: gst.amountPaise,
          gstPaise: gst.gstPaise,
          gst: gst.split,
          method: p.method === 'online' ? 'razorpay' : p.method,
          description: p.description.slice(0, 500),
          notes: '',
          membershipType: null,
          membershipPeriod: null,
          paymentFrequency: null,
          salaryPeriod: null,
          dueDate: online ? date : null,
          source: 'scheduling',
          sourceId: p.purchaseId,
          status: online ? 'pending' : 'completed',
          at: p.occurredAt,
          by: online ? null : { id: p.requestedBy, name: '' },
        },
      },
      meta,
      { mapError: paymentUniques },
    );
    await enqueue(
      trx,
      topicOf('payments'),
      makeEnvelope(PaymentEvents.PurchasePaymentCreated, {
        ...meta,
        aggregateId: paymentId,
        occurredAt: p.occurredAt,
        data: {
          purchaseId: p.purchaseId,
          organizationId: orgId,
          locationId: p.locationId,
          paymentId,
          status: online ? 'pending' : 'completed',
          totalPaise: gst.amountPaise + gst.gstPaise,
        },
      }),
    );
  });

/** `scheduling.purchase_cancelled` (unpaid) → its pending payment is cancelled; a paid or missing one is left. */
export const onPurchaseCancelled = (logger?: Logger): EventHandler<PaymentsDb> =>
  on(SchedulingEvents.PurchaseCancelled, async (trx: Trx, env) => {
    const d = env.data;
    if (d.organizationId !== env.orgId) return;
    const row = await purchasePayment(trx, d.organizationId, d.purchaseId);
    if (!row || (row.status !== 'pending' && row.status !== 'failed'))
      return void logger?.info({ purchaseId: d.purchaseId, status: row?.status }, 'cancelled purchase: no pending payment to cancel');
    await cancel(trx, row.id, d.reason, d.occurredAt, metadataOf(env, { locationId: d.locationId }));
  });

const cancel = (trx: Trx, paymentId: string, reason: string, at: string, meta: EventMetadata) =>
  executeCommand(trx, paymentAggregate, paymentId, { type: 'CancelPayment', data: { reason, at, by: null } }, meta, { mapError: paymentUniques });

/** A purchase's payment recorded refunded (by the desk's refund here, or Razorpay's once made); `requestedBy` is who asked. */
const refund = (
  trx: Trx,
  paymentId: string,
  r: { refundId: string; amountPaise: number; reason: string; razorpayRefundId: string | null; requestedBy: string | null },
  at: Date,
  meta: EventMetadata,
) =>
  executeCommand(
    trx,
    paymentAggregate,
    paymentId,
    {
      type: 'RefundPayment',
      data: {
        refundId: r.refundId,
        amountPaise: r.amountPaise,
        reason: r.reason,
        razorpayRefundId: r.razorpayRefundId,
        at: at.toISOString(),
        by: r.requestedBy ? { id: r.requestedBy, name: '' } : null,
      },
    },
    meta,
    { mapError: paymentUniques },
  );

/**
 * `scheduling.purchase_refund_requested` → what remains of the purchase's payment is refunded, as staff's refund does.
 * A desk payment is recorded refunded here, in the inbox transaction. One captured online is NOT refunded here: the
 * Razorpay call must not run inside this transaction (a batch that rolls back after it — a later event failing, the
 * commit failing — would run it again and refund twice), so the request is recorded (once per payment) and the
 * purchase-refunds job (`refundPurchases`) asks Razorpay outside any transaction, with one idempotency key per
 * payment, and records the refund after. A still pending payment is cancelled instead (nothing was paid); a refunded or
 * missing one is left. The aggregate publishes `payments.payment_refunded`.
 */
export const onPurchaseRefundRequested = (deps: PurchaseDeps, logger?: Logger): EventHandler<PaymentsDb> =>
  on(SchedulingEvents.PurchaseRefundRequested, async (trx: Trx, env) => {
    const d = env.data;
    if (d.organizationId !== env.orgId) return;
    const row = await purchasePayment(trx, d.organizationId, d.purchaseId);
    const meta = metadataOf(env, { locationId: d.locationId });
    if (row && (row.status === 'pending' || row.status === 'failed')) {
      await cancel(trx, row.id, d.reason, d.occurredAt, meta);
      return;
    }
    if (!row || (row.status !== 'completed' && row.status !== 'partially_refunded'))
      return void logger?.info({ purchaseId: d.purchaseId, status: row?.status }, 'refund of a purchase: nothing paid to refund');
    const amountPaise = Number(row.total_paise) - Number(row.refunded_paise);
    if (amountPaise <= 0) return;
    if (row.razorpay_payment_id) {
      await trx
        .insertInto('purchase_refunds')
        .values({
          payment_id: row.id,
          org_id: row.org_id,
          purchase_id: d.purchaseId,
          reason: d.reason,
          requested_by: d.requestedBy,
          causation: JSON.stringify(meta),
          status: 'requested',
          last_error: null,
          requested_at: new Date(d.occurredAt),
          done_at: null,
        })
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .execute();
      return;
    }
    await refund(trx, row.id, { refundId: newId(), amountPaise, reason: d.reason, razorpayRefundId: null, requestedBy: d.requestedBy }, deps.clock(), meta);
  });

/** After this many failed tries a purchase refund is left to staff (logged at error; the payment stays completed). */
export const PURCHASE_REFUND_ATTEMPTS = 10;

/** Razorpay's idempotency key of a purchase's refund: one per payment (one payment per purchase), 10+ characters. */
export const purchaseRefundKey = (paymentId: string): string => `akhada-purchase-refund-${paymentId}`;

type RefundRow = Awaited<ReturnType<typeof openRefunds>>[number];
const openRefunds = (db: Kysely<PaymentsDb>, limit: number) =>
  db.selectFrom('purchase_refunds').selectAll().where('status', '=', 'requested').orderBy('requested_at').limit(limit).execute();

const finish = (db: Executor<PaymentsDb>, paymentId: string, at: Date) =>
  db.updateTable('purchase_refunds').set({ status: 'done', done_at: at }).where('payment_id', '=', paymentId).where('status', '=', 'requested').execute();

/**
 * One requested refund: Razorpay first, with no transaction open and no row locked (the idempotency key makes a second
 * call — this job retried, two instances at once, a crash before the record — answer the first refund, never make a
 * second), then the refund recorded in one transaction under the payment's row lock (the aggregate ignores a refund id
 * it has, e.g. from the refund.processed webhook that got there first) and the request marked done.
 */
const refundOne = async (deps: PurchaseDeps & { db: Kysely<PaymentsDb> }, r: RefundRow): Promise<boolean> => {
  const row = await deps.db.selectFrom('payments').selectAll().where('id', '=', r.payment_id).executeTakeFirst();
  const amount = row ? Number(row.total_paise) - Number(row.refunded_paise) : 0;
  if (!row?.razorpay_payment_id || (row.status !== 'completed' && row.status !== 'partially_refunded') || amount <= 0) {
    await finish(deps.db, r.payment_id, deps.clock()); // refunded meanwhile (staff, the webhook): nothing left to do
    return false;
  }
  const keys = await keysOf(deps.db, deps.secrets, row.org_id);
  if (!keys) throw new Error('Razorpay keys are gone: refund this purchase by hand');
  let made: { id: string; amount: number | string };
  try {
    made = await deps.razorpay
      .client(keys)
      .payments.refund(
        row.razorpay_payment_id,
        { amount, notes: { paymentId: row.id, purchaseId: r.purchase_id, reason: r.reason.slice(0, 200) } },
        { idempotencyKey: purchaseRefundKey(row.id) },
      );
  } catch (err) {
    throw deps.razorpay.toAppError(err);
  }
  const meta = (typeof r.causation === 'string' ? JSON.parse(r.causation) : r.causation) as EventMetadata;
  await deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('payments').select('id').where('id', '=', row.id).forUpdate().executeTakeFirst();
    await refund(
      trx,
      row.id,
      { refundId: made.id, amountPaise: Number(made.amount), reason: r.reason, razorpayRefundId: made.id, requestedBy: r.requested_by },
      deps.clock(),
      meta,
    );
    await finish(trx, row.id, deps.clock());
  });
  return true;
};

/**
 * The purchase-refunds job: each requested refund of an online purchase made (see `refundOne`); a failure counts an
 * attempt and is tried again on the next run, until PURCHASE_REFUND_ATTEMPTS (then `failed`, logged for staff).
 */
export const refundPurchases = async (deps: PurchaseDeps & { db: Kysely<PaymentsDb>; logger?: Logger }, limit = 50): Promise<{ refunded: number }> => {
  let refunded = 0;
  for (const r of await openRefunds(deps.db, limit)) {
    try {
      if (await refundOne(deps, r)) refunded += 1;
    } catch (err) {
      const attempts = r.attempts + 1;
      const failed = attempts >= PURCHASE_REFUND_ATTEMPTS;
      await deps.db
        .updateTable('purchase_refunds')
        .set({ attempts, last_error: String((err as Error).message ?? err).slice(0, 500), ...(failed ? { status: 'failed' as const } : {}) })
        .where('payment_id', '=', r.payment_id)
        .execute();
      if (failed) deps.logger?.error({ err, purchaseId: r.purchase_id, paymentId: r.payment_id }, 'purchase refund failed repeatedly; refund it by hand');
      else deps.logger?.warn({ err, purchaseId: r.purchase_id, attempts }, 'purchase refund failed; tried again on the next run');
    }
  }
  return { refunded };
};

/** The purchase pipeline's handlers, on scheduling's topic. */
export const purchaseHandlers = (deps: PurchaseDeps, logger?: Logger): EventHandler<PaymentsDb>[] => [
  onPurchaseRequested(logger),
  onPurchaseCancelled(logger),
  onPurchaseRefundRequested(deps, logger),
];
