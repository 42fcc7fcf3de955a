import { PaymentEvents, SchedulingEvents, topicOf } from '@akhada/contracts';
import { type EventHandler, type EventMetadata, enqueue, executeCommand, type Logger, makeEnvelope, metadataOf, newId, on } from '@akhada/kit';
import type { Transaction } from 'kysely';
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
    const gst = await decideGst(trx, { orgId, locationId: p.locationId, category: 'member', amountPaise: p.totals.taxablePaise, sentGstPaise: 0, date });
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

/**
 * `scheduling.purchase_refund_requested` → what remains of the purchase's payment is refunded, as staff's refund does:
 * through Razorpay first when it was captured online (the refund id de-duplicates the later refund.processed webhook),
 * recorded by its method otherwise; the aggregate publishes `payments.payment_refunded`. A still pending payment is
 * cancelled instead (nothing was paid); a refunded or missing one is left. The payment's row is locked for the
 * handler's transaction, and the inbox makes a redelivery a no-op; a Razorpay failure throws, so the event is retried.
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
    let razorpayRefundId: string | null = null;
    if (row.razorpay_payment_id) {
      const keys = await keysOf(trx, deps.secrets, row.org_id);
      if (!keys) return void logger?.error({ purchaseId: d.purchaseId }, 'refund of an online purchase: Razorpay keys are gone; refund it by hand');
      try {
        const refund = await deps.razorpay
          .client(keys)
          .payments.refund(row.razorpay_payment_id, { amount: amountPaise, notes: { paymentId: row.id, reason: d.reason.slice(0, 200) } });
        razorpayRefundId = refund.id;
      } catch (err) {
        throw deps.razorpay.toAppError(err);
      }
    }
    await executeCommand(
      trx,
      paymentAggregate,
      row.id,
      {
        type: 'RefundPayment',
        data: {
          refundId: razorpayRefundId ?? newId(),
          amountPaise,
          reason: d.reason,
          razorpayRefundId,
          at: deps.clock().toISOString(),
          by: d.requestedBy ? { id: d.requestedBy, name: '' } : null,
        },
      },
      meta,
      { mapError: paymentUniques },
    );
  });

/** The purchase pipeline's handlers, on scheduling's topic. */
export const purchaseHandlers = (deps: PurchaseDeps, logger?: Logger): EventHandler<PaymentsDb>[] => [
  onPurchaseRequested(logger),
  onPurchaseCancelled(logger),
  onPurchaseRefundRequested(deps, logger),
];
