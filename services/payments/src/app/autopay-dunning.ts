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
 * delivers). Never throws: the payment stays payable in the app without them. Should payments die between the commit
 * and this, `remindStaleDues` (a job) does it a minute later; the reminder is requested once per payment whichever
 * comes first (see `remindOnce`).
 */
export const openDueLinks = async (
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay' | 'publicUrl' | 'directory' | 'timeZone'> & { logger?: Logger },
  orgId: string,
  locationId: string,
  paymentIds: readonly string[],
): Promise<number> => {
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
  let reminded = 0;
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
      if (await remindOnce(deps, ctx, locationId, id, url)) reminded += 1;
    } catch (err) {
      deps.logger?.warn({ err, paymentId: id }, 'autopay "Pay now" reminder could not be requested');
    }
  }
  return reminded;
};

/**
 * The "Pay now" reminder, at most once per payment: in one transaction that locks the payment row, requested (its
 * event and payments.payment_reminder_requested through the outbox, the reminders row projected) only when the payment
 * has no reminder yet — the webhook's path and the job, or two runs of the job, never both remind.
 */
const remindOnce = async (
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'publicUrl' | 'timeZone' | 'directory'>,
  ctx: RequestContext,
  locationId: string,
  id: string,
  url: string | null,
): Promise<boolean> => {
  const day = await todayAt(deps, locationId);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('payments').select(['id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row || (row.status !== 'pending' && row.status !== 'failed')) return false;
    if (await trx.selectFrom('reminders').select('id').where('payment_id', '=', id).executeTakeFirst()) return false;
    await executeCommand(
      trx,
      paymentAggregate,
      id,
      {
        type: 'RequestReminder',
        data: {
          reminderId: newId(),
          day,
          paymentLinkUrl: url ?? `${deps.publicUrl.replace(/\/+$/, '')}/dashboard/me/payments`,
          message: null,
          at: deps.clock().toISOString(),
          by: null,
        },
      },
      metadataOf(ctx, { locationId }),
      { mapError: paymentUniques },
    );
    return true;
  });
};

/** How long after its webhook committed a "Pay now" payment without its reminder is taken as left by a crash. */
export const STALE_DUE_MS = 60_000;
/** How far back the job looks (an older one is staff's to remind). */
const STALE_DUE_WITHIN_MS = 7 * 86_400_000;

/**
 * The crash window of dunning closed (issue 28): a failed charge's "Pay now" payment is committed with the webhook, its
 * link and reminder made after the commit (`openDueLinks`); if payments died in between, the member would never be
 * told. This job (periodic, outside any transaction) takes the autopay "Pay now" payments still pending or failed a
 * minute after they were recorded that have no reminder, and makes their link (kept when made already) and their one
 * reminder. Answers how many it reminded; a second run finds none.
 */
export const remindStaleDues = async (
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay' | 'publicUrl' | 'directory' | 'timeZone'> & { logger?: Logger },
  limit = 50,
): Promise<number> => {
  const now = deps.clock().getTime();
  const rows = await deps.db
    .selectFrom('payments as p')
    .select(['p.id', 'p.org_id', 'p.location_id'])
    .where('p.source', '=', 'autopay')
    .where('p.source_id', 'like', `${DUE_PREFIX}%`)
    .where('p.status', 'in', ['pending', 'failed'])
    .where('p.member_id', 'is not', null)
    .where('p.created_at', '<=', new Date(now - STALE_DUE_MS))
    .where('p.created_at', '>=', new Date(now - STALE_DUE_WITHIN_MS))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('reminders as r').select('r.id').whereRef('r.payment_id', '=', 'p.id'))))
    .orderBy('p.created_at')
    .limit(limit)
    .execute();
  let reminded = 0;
  for (const r of rows) reminded += await openDueLinks(deps, r.org_id, r.location_id, [r.id]);
  return reminded;
};
