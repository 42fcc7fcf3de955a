import { executeCommand, metadataOf, newId, type EventMetadata, type Logger, type RequestContext } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { paymentAggregate } from '../aggregates/payment.ts';
import type { PaymentsDb } from '../db/schema.ts';
import { paidThroughAfter, type AutopayState, type AutopayTerms } from '../domain/autopay/decider.ts';
import { DUE_PREFIX } from '../projections/autopay-cover.ts';
import { recordAutopayPayment } from './autopay-payments.ts';
import { deterministicId } from './deterministic-id.ts';
import { todayAt, type PaymentsDeps } from './deps.ts';
import { createPaymentLink } from './payment-commands.ts';
import { paymentUniques } from './payment-writes.ts';

/**
 * Dunning of a failed autopay charge (issue 28). The rule, for each cycle of an autopay:
 * - The first failed charge of a cycle (subscription.pending or .halted) records ONE pending membership payment for the
 *   cycle's amount and period, due the day the cycle began (`due:<autopayId>:<cycle>`, a deterministic id: the retries'
 *   failures of the same cycle add nothing). It is in Pending payments with its urgency, and gets a payment link ("Pay
 *   now") once the webhook's transaction committed (the link is Razorpay's; a failure to make it is logged, the member
 *   can still pay it in the app, staff can send a reminder with a link).
 * - Razorpay's retry succeeds first: the charge renews the cycle as any charge, and the open "Pay now" payment is
 *   cancelled in the same transaction (the member is never asked twice for one cycle).
 * - The member pays "Pay now" first (online or at the desk): the membership renews for that cycle (the payment's
 *   period) and the autopay counts it as the cycle's charge (projections/autopay-cover.ts). Razorpay, not told, may
 *   still collect its retry later: that captured charge is counted as the NEXT period (every captured payment buys
 *   exactly one period; nothing is counted twice, no money is kept without a period). Staff can refund it instead.
 */

export const duePaymentId = (orgId: string, autopayId: string, cycle: number): string => deterministicId(`${orgId}:autopay-due:${autopayId}:${cycle}`);

/** The failed cycle's pending "Pay now" payment, once per cycle; its id when recorded now. */
export const recordDuePayment = async (
  trx: Transaction<PaymentsDb>,
  terms: AutopayTerms,
  state: Pick<AutopayState, 'charges'>,
  meta: EventMetadata,
  at: string,
): Promise<string | null> => {
  const cycle = state.charges.length + 1;
  const paymentId = duePaymentId(terms.orgId, terms.subscriptionId, cycle);
  if (await trx.selectFrom('payments').select('id').where('id', '=', paymentId).executeTakeFirst()) return null;
  const periodStart = paidThroughAfter(terms, cycle - 1);
  const periodEnd = paidThroughAfter(terms, cycle);
  await recordAutopayPayment(trx, terms, meta, {
    paymentId,
    amountPaise: terms.amountPaise,
    periodStart,
    periodEnd,
    description: `${terms.planName} (autopay failed: pay now) ${periodStart} to ${periodEnd}`,
    sourceId: `${DUE_PREFIX}${terms.subscriptionId}:${cycle}`,
    status: 'pending',
    dueDate: periodStart,
    at,
  });
  return paymentId;
};

/** A captured Razorpay charge: the autopay's open "Pay now" payments are cancelled (the cycle is paid). */
export const cancelDuePayments = async (trx: Transaction<PaymentsDb>, terms: AutopayTerms, meta: EventMetadata, at: string): Promise<number> => {
  const open = await trx
    .selectFrom('payments')
    .select('id')
    .where('org_id', '=', terms.orgId)
    .where('source', '=', 'autopay')
    .where('source_id', 'like', `${DUE_PREFIX}${terms.subscriptionId}:%`)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
  for (const p of open)
    await executeCommand(trx, paymentAggregate, p.id, { type: 'CancelPayment', data: { reason: 'Paid by autopay', at, by: null } }, meta, {
      mapError: paymentUniques,
    });
  return open.length;
};

/**
 * After the webhook committed: each new "Pay now" payment gets its Razorpay payment link (the gym's keys), as staff's
 * "payment link" makes it, and a reminder with that link (payments.payment_reminder_requested, which notifications
 * delivers). Never throws: the payment stays payable in the app without them.
 */
export const openDueLinks = async (
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay' | 'publicUrl' | 'directory' | 'timeZone'> & { logger?: Logger },
  orgId: string,
  locationId: string,
  paymentIds: readonly string[],
): Promise<void> => {
  const ctx: RequestContext = {
    userId: '00000000-0000-0000-0000-000000000000',
    orgId,
    role: 'owner',
    locationIds: [locationId],
    sessionId: 'autopay-dunning',
    name: 'Autopay',
    pending: false,
    mustEnrolTwoFactor: false,
    correlationId: paymentIds[0] ?? 'autopay-dunning',
    requestId: paymentIds[0] ?? 'autopay-dunning',
  };
  for (const id of paymentIds) {
    let url: string | null = null;
    try {
      url = (await createPaymentLink(deps, ctx, id)).url;
    } catch (err) {
      deps.logger?.warn({ err, paymentId: id }, 'autopay "Pay now" payment link could not be made; the member can pay in the app');
    }
    // The member is told at once, through the reminder path notifications already delivers (with the link, else the
    // app's payments page), as staff's "remind" does.
    try {
      await executeCommand(
        deps.db,
        paymentAggregate,
        id,
        {
          type: 'RequestReminder',
          data: {
            reminderId: newId(),
            day: await todayAt(deps, locationId),
            paymentLinkUrl: url ?? `${deps.publicUrl.replace(/\/+$/, '')}/dashboard/me/payments`,
            message: null,
            at: deps.clock().toISOString(),
            by: null,
          },
        },
        metadataOf(ctx, { locationId }),
        { mapError: paymentUniques },
      );
    } catch (err) {
      deps.logger?.warn({ err, paymentId: id }, 'autopay "Pay now" reminder could not be requested');
    }
  }
};
