import type { AutopayCheckout } from '@akhada/contracts';
import { AppError, executeCommand, metadataOf, type Logger, type RequestContext } from '@akhada/kit';
import { autopayAggregate } from '../aggregates/autopay.ts';
import type { AutopaySubscriptionsTable } from '../db/schema.ts';
import { actorOf } from './access.ts';
import { checkoutOf, createSubscription, visibleAutopay } from './autopay.ts';
import { todayAt, type PaymentsDeps } from './deps.ts';
import { requireKeys, requireOnlineKeys } from './razorpay-keys.ts';

type Deps = Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay' | 'directory' | 'timeZone' | 'people' | 'checkoutScriptUrl'>;

/** Statuses of an autopay whose method a member may change (running, not being cancelled). */
const CHANGEABLE = ['authenticated', 'active', 'pending', 'halted'];

/**
 * A member changes their autopay's payment method (issue 28). Razorpay cannot change a subscription's method, so a new
 * subscription on the same Razorpay plan is made, its first charge at the autopay's next charge date (its paid-through
 * date, or its start before any charge; now when that day has come), for the member to authorise on Checkout exactly
 * as when starting. The autopay records the request (AutopayReplacementRequested); it follows the new subscription
 * only when Razorpay's subscription.authenticated of it arrives (app/autopay-webhook.ts), and the old one is then
 * cancelled at its cycle end. Abandoned, nothing changes. Asked again while waiting, the same subscription is answered.
 */
export const changeAutopayMethod = async (deps: Deps, ctx: RequestContext, id: string): Promise<AutopayCheckout> => {
  if (ctx.role !== 'member') throw new AppError(403, 'FORBIDDEN', 'Only the member changes their autopay’s method');
  const row = await visibleAutopay(deps.db, ctx, id);
  if (!CHANGEABLE.includes(row.status) || row.cancel_requested !== null)
    throw new AppError(409, 'CONFLICT', 'Only a running autopay can change its payment method');
  const keys = await requireOnlineKeys(deps, ctx.orgId);
  const today = await todayAt(deps, row.location_id);
  const next = row.paid_through ?? row.start_date;
  // Asked again for the same next charge: the same subscription (a charge since makes a new one).
  if (row.replacement_subscription_id && row.replacement_from === next)
    return { ...(await checkoutOf(deps, ctx, row, keys.keyId)), subscriptionId: row.replacement_subscription_id, shortUrl: null };
  const sub = await createSubscription(deps, keys, {
    razorpayPlanId: row.razorpay_plan_id,
    totalCount: row.total_count,
    locationId: row.location_id,
    firstChargeOn: next,
    today,
    notes: { autopayId: id, orgId: ctx.orgId, memberId: row.member_id, replaces: row.razorpay_subscription_id },
  });
  await executeCommand(
    deps.db,
    autopayAggregate,
    id,
    { type: 'RequestReplacement', data: { razorpaySubscriptionId: sub.id, shortUrl: sub.short_url ?? null, at: deps.clock().toISOString(), by: actorOf(ctx) } },
    metadataOf(ctx, { locationId: row.location_id }),
  );
  const fresh = await visibleAutopay(deps.db, ctx, id);
  return { ...(await checkoutOf(deps, ctx, fresh as AutopaySubscriptionsTable, keys.keyId)), subscriptionId: sub.id, shortUrl: sub.short_url ?? null };
};

/**
 * After the webhook that made the autopay follow its new subscription committed: each replaced subscription is
 * cancelled in Razorpay at its cycle end (the period it was paid for is kept; its next charge is the new one's first).
 * Never throws: a failure is logged.
 */
export const cancelReplaced = async (
  deps: Pick<PaymentsDeps, 'db' | 'secrets' | 'razorpay'> & { logger?: Logger },
  orgId: string,
  razorpaySubscriptionIds: readonly string[],
  when: 'cycle end' | 'now' = 'cycle end',
): Promise<void> => {
  for (const rzp of razorpaySubscriptionIds) {
    try {
      const keys = await requireKeys(deps, orgId);
      await deps.razorpay.client(keys).subscriptions.cancel(rzp, when === 'cycle end');
    } catch (err) {
      deps.logger?.error({ err, razorpaySubscriptionId: rzp, when }, 'an autopay subscription no longer followed could not be cancelled');
    }
  }
};
