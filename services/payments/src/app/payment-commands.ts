import type { MarkPaidBody, Payment, PaymentLink, RefundBody, RemindBody, UpdatePaymentBody } from '@akhada/contracts';
import { AppError, executeCommand, newId, type RequestContext } from '@akhada/kit';
import { paymentAggregate } from '../aggregates/payment.ts';
import { paymentUniques, paymentRow, staffMetadata } from './payment-writes.ts';
import { rupeesToPaise } from '../domain/money.ts';
import type { PaymentChanges } from '../domain/payment/decider.ts';
import { toPayment } from '../views/payment-view.ts';
import { actorOf, visiblePayment } from './access.ts';
import { decideGst } from './gst.ts';
import { todayAt, type PaymentsDeps } from './deps.ts';
import { requireKeys, requireOnlineKeys } from './razorpay-keys.ts';

type Deps = Pick<PaymentsDeps, 'db' | 'clock' | 'directory' | 'timeZone'>;
type OnlineDeps = Deps & Pick<PaymentsDeps, 'secrets' | 'razorpay' | 'publicUrl'>;

export const getPayment = async (deps: Pick<PaymentsDeps, 'db'>, ctx: RequestContext, id: string): Promise<Payment> =>
  toPayment(await visiblePayment(deps.db, ctx, id));

export const updatePayment = async (deps: Deps, ctx: RequestContext, id: string, body: UpdatePaymentBody): Promise<Payment> => {
  const row = await visiblePayment(deps.db, ctx, id);
  if (body.expectedVersion !== undefined && body.expectedVersion !== row.version) {
    throw new AppError(409, 'CONCURRENCY_CONFLICT', 'Someone else changed this payment. Reload and try again.');
  }
  const changes: PaymentChanges = {};
  if (body.paymentType !== undefined) changes.type = body.paymentType;
  if (body.amount !== undefined) changes.amountPaise = rupeesToPaise(body.amount);
  if (body.gstAmount !== undefined) changes.gstPaise = rupeesToPaise(body.gstAmount);
  if (body.amount !== undefined || body.gstAmount !== undefined) {
    // A new amount gets its GST from the rule again (money received), as when it was recorded.
    const gst = await decideGst(deps.db, {
      orgId: ctx.orgId,
      locationId: row.location_id,
      category: row.category,
      amountPaise: changes.amountPaise ?? Number(row.amount_paise),
      sentGstPaise: changes.gstPaise ?? Number(row.gst_paise),
      date: await todayAt(deps, row.location_id),
      billingGstin: row.billing?.gstin ?? null,
    });
    changes.amountPaise = gst.amountPaise;
    changes.gstPaise = gst.gstPaise;
    if (gst.split) changes.gst = gst.split;
  }
  if (body.paymentMethod !== undefined) changes.method = body.paymentMethod;
  if (body.description !== undefined) changes.description = body.description;
  if (body.notes !== undefined) changes.notes = body.notes;
  if (body.membershipType !== undefined) changes.membershipType = body.membershipType;
  if (body.membershipPeriod !== undefined) changes.membershipPeriod = body.membershipPeriod;
  if (body.dueDate !== undefined) changes.dueDate = body.dueDate;
  await executeCommand(
    deps.db,
    paymentAggregate,
    id,
    { type: 'UpdatePayment', data: { changes, at: deps.clock().toISOString(), by: actorOf(ctx) } },
    staffMetadata(ctx, row),
    { mapError: paymentUniques },
  );
  const after = await paymentRow(deps.db, id);
  return toPayment(after);
};

/** Deleting is cancelling a pending payment (kept in history, out of the sums); a completed one is refused (409). */
export const deletePayment = async (deps: Deps, ctx: RequestContext, id: string): Promise<void> => {
  const row = await visiblePayment(deps.db, ctx, id);
  await executeCommand(
    deps.db,
    paymentAggregate,
    id,
    { type: 'CancelPayment', data: { reason: 'deleted', at: deps.clock().toISOString(), by: actorOf(ctx) } },
    staffMetadata(ctx, row),
    { mapError: paymentUniques },
  );
};

export const markPaid = async (deps: Deps, ctx: RequestContext, id: string, body: MarkPaidBody): Promise<Payment> => {
  const row = await visiblePayment(deps.db, ctx, id);
  const now = deps.clock().toISOString();
  await executeCommand(
    deps.db,
    paymentAggregate,
    id,
    {
      type: 'MarkPaid',
      data: {
        method: body.paymentMethod ?? null,
        paidAt: body.paidAt ?? now,
        reference: body.reference ?? null,
        notes: body.notes ?? null,
        at: now,
        by: actorOf(ctx),
      },
    },
    staffMetadata(ctx, row),
    { mapError: paymentUniques },
  );
  const after = await paymentRow(deps.db, id);
  return toPayment(after);
};

/**
 * A refund of what remains (or part of it). A payment captured through Razorpay is refunded through Razorpay first
 * (its refund id de-duplicates the later refund.processed webhook); others are recorded as refunded by their method.
 */
export const refundPayment = async (deps: OnlineDeps, ctx: RequestContext, id: string, body: RefundBody): Promise<Payment> => {
  const row = await visiblePayment(deps.db, ctx, id);
  const remaining = Number(row.total_paise) - Number(row.refunded_paise);
  const amountPaise = body.amount === undefined ? remaining : rupeesToPaise(body.amount);
  if (row.status !== 'completed' && row.status !== 'partially_refunded') {
    throw new AppError(
      409,
      'PAYMENT_NOT_REFUNDABLE',
      row.status === 'refunded' ? 'This payment is refunded already' : 'Only a completed payment can be refunded',
    );
  }
  if (amountPaise > remaining)
    throw new AppError(400, 'REFUND_EXCEEDS_REMAINING', `Refund cannot be more than the ₹${(remaining / 100).toFixed(2)} that remains`);
  let razorpayRefundId: string | null = null;
  if (row.razorpay_payment_id) {
    const keys = await requireKeys(deps, ctx.orgId);
    try {
      const refund = await deps.razorpay
        .client(keys)
        .payments.refund(row.razorpay_payment_id, { amount: amountPaise, notes: { paymentId: id, reason: body.reason.slice(0, 200) } });
      razorpayRefundId = refund.id;
    } catch (err) {
      throw deps.razorpay.toAppError(err);
    }
  }
  await executeCommand(
    deps.db,
    paymentAggregate,
    id,
    {
      type: 'RefundPayment',
      data: { refundId: razorpayRefundId ?? newId(), amountPaise, reason: body.reason, razorpayRefundId, at: deps.clock().toISOString(), by: actorOf(ctx) },
    },
    staffMetadata(ctx, row),
    { mapError: paymentUniques },
  );
  const after = await paymentRow(deps.db, id);
  return toPayment(after);
};

/**
 * A Razorpay payment link (UPI included) for a pending payment; the open one again when it exists. Staff for any
 * payment they manage; a member for their own.
 */
export const createPaymentLink = async (deps: OnlineDeps, ctx: RequestContext, id: string): Promise<PaymentLink> => {
  const row = await visiblePayment(deps.db, ctx, id);
  if (row.status !== 'pending' && row.status !== 'failed') throw new AppError(409, 'PAYMENT_NOT_PENDING', 'This payment is not pending');
  if (row.razorpay_link_id && row.razorpay_link_url)
    return { paymentId: id, url: row.razorpay_link_url, razorpayLinkId: row.razorpay_link_id, expiresAt: null };
  const keys = await requireOnlineKeys(deps, ctx.orgId);
  const member = row.member_id ? await deps.db.selectFrom('pay_members').selectAll().where('id', '=', row.member_id).executeTakeFirst() : undefined;
  const amountPaise = Number(row.total_paise) - Number(row.refunded_paise);
  let link: Awaited<ReturnType<ReturnType<PaymentsDeps['razorpay']['client']>['paymentLink']['create']>>;
  try {
    link = await deps.razorpay.client(keys).paymentLink.create({
      amount: amountPaise,
      currency: 'INR',
      description: row.description.slice(0, 2048),
      reference_id: id,
      customer: { name: row.member_name || undefined, email: member?.email || undefined, contact: member?.phone || undefined } as never,
      notify: { sms: false, email: false },
      notes: { paymentId: id, orgId: ctx.orgId },
    });
  } catch (err) {
    throw deps.razorpay.toAppError(err);
  }
  await deps.db
    .insertInto('razorpay_orders')
    .values({
      order_id: link.order_id ?? `link:${link.id}`,
      org_id: ctx.orgId,
      payment_id: id,
      amount_paise: amountPaise,
      link_id: link.id,
      created_at: deps.clock(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await executeCommand(
    deps.db,
    paymentAggregate,
    id,
    { type: 'CreatePaymentLink', data: { linkId: link.id, url: link.short_url, at: deps.clock().toISOString(), by: actorOf(ctx) } },
    staffMetadata(ctx, row),
    { mapError: paymentUniques },
  );
  return { paymentId: id, url: link.short_url, razorpayLinkId: link.id, expiresAt: link.expire_by ? new Date(link.expire_by * 1000).toISOString() : null };
};

/**
 * A reminder of a pending member payment: recorded (one per member per day in the location's calendar, else 429) and
 * announced as payments.payment_reminder_requested for notifications to deliver, with a payment link when the gym
 * takes online payments (else the app's payments page).
 */
export const remindPayment = async (deps: OnlineDeps, ctx: RequestContext, id: string, body: RemindBody) => {
  const row = await visiblePayment(deps.db, ctx, id);
  if (!row.member_id) throw new AppError(409, 'CONFLICT', 'Only a member payment can be reminded');
  if (row.status !== 'pending' && row.status !== 'failed') throw new AppError(409, 'PAYMENT_NOT_PENDING', 'Only a pending payment can be reminded');
  const day = await todayAt(deps, row.location_id);
  const already = await deps.db
    .selectFrom('reminders')
    .select('id')
    .where('org_id', '=', ctx.orgId)
    .where('member_id', '=', row.member_id)
    .where('day', '=', day)
    .executeTakeFirst();
  if (already) throw new AppError(429, 'REMINDER_ALREADY_SENT', 'This member was reminded today already. Try again tomorrow.');
  let url: string | null = row.razorpay_link_url;
  if (!url) {
    const hasKeys = await deps.db.selectFrom('razorpay_keys').select('org_id').where('org_id', '=', ctx.orgId).executeTakeFirst();
    url = hasKeys ? (await createPaymentLink(deps, ctx, id)).url : `${deps.publicUrl.replace(/\/+$/, '')}/dashboard/me`;
  }
  const reminderId = newId();
  const now = deps.clock().toISOString();
  await executeCommand(
    deps.db,
    paymentAggregate,
    id,
    { type: 'RequestReminder', data: { reminderId, day, paymentLinkUrl: url, message: body.message ?? null, at: now, by: actorOf(ctx) } },
    staffMetadata(ctx, row),
    { mapError: paymentUniques },
  );
  return { _id: reminderId, paymentId: id, memberId: row.member_id, sentAt: now, paymentLinkUrl: url };
};
