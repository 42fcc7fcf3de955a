import type { Executor, StoredEvent } from '@akhada/kit';
import { sql } from 'kysely';
import type { PaymentsDb } from '../db/schema.ts';
import type { AutopayEvent } from '../domain/autopay/decider.ts';

/**
 * The autopay_subscriptions read row from the autopay stream, inline in the command's transaction. Rows only move
 * forward by stream version, so a replayed event changes nothing.
 */
export const projectAutopay = async (db: Executor<PaymentsDb>, { event, streamVersion: v }: StoredEvent<AutopayEvent>): Promise<void> => {
  const update = (id: string, at: string, set: Record<string, unknown>) =>
    db
      .updateTable('autopay_subscriptions')
      .set({ ...set, version: v, updated_at: new Date(at) } as never)
      .where('id', '=', id)
      .where('version', '<', v)
      .execute();
  switch (event.type) {
    case 'AutopayStarted': {
      const d = event.data;
      await db
        .insertInto('autopay_subscriptions')
        .values({
          id: d.subscriptionId,
          org_id: d.orgId,
          location_id: d.locationId,
          member_id: d.memberId,
          member_name: d.memberName,
          plan_id: d.planId,
          plan_name: d.planName,
          membership_type: d.membershipType,
          period_months: d.periodMonths,
          amount_paise: d.amountPaise,
          razorpay_subscription_id: d.razorpaySubscriptionId,
          razorpay_plan_id: d.razorpayPlanId,
          short_url: d.shortUrl,
          start_date: d.startDate,
          total_count: d.totalCount,
          status: 'created',
          charges: 0,
          paid_through: null,
          last_charge_at: null,
          last_charge_paise: null,
          failures: 0,
          last_failure_at: null,
          cancel_requested: null,
          method: null,
          replacement_subscription_id: null,
          replacement_from: null,
          previous_subscription_ids: [],
          created_by_id: d.by?.id ?? null,
          created_at: new Date(d.at),
          updated_at: new Date(d.at),
          version: v,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    }
    case 'AutopayStatusChanged':
      await update(event.data.subscriptionId, event.data.at, { status: event.data.to });
      return;
    case 'AutopayCharged': {
      const d = event.data;
      await update(d.subscriptionId, d.at, {
        charges: d.chargeNo,
        paid_through: d.periodEnd,
        // The latest charge by when it was made (a late webhook of an earlier charge leaves the newer one).
        last_charge_at: sql`greatest(last_charge_at, ${new Date(d.observedAt * 1000)}::timestamptz)`,
        last_charge_paise: d.amountPaise,
      });
      return;
    }
    case 'AutopayChargeFailed':
      await update(event.data.subscriptionId, event.data.at, {
        failures: sql`failures + 1`,
        last_failure_at: sql`greatest(last_failure_at, ${new Date(event.data.observedAt * 1000)}::timestamptz)`,
      });
      return;
    case 'AutopayCancelRequested':
      await update(event.data.subscriptionId, event.data.at, { cancel_requested: event.data.atCycleEnd ? 'cycle_end' : 'now' });
      return;
    case 'AutopayMethodSet':
      await update(event.data.subscriptionId, event.data.at, { method: event.data.method });
      return;
    case 'AutopayReplacementRequested':
      await update(event.data.subscriptionId, event.data.at, {
        replacement_subscription_id: event.data.razorpaySubscriptionId,
        replacement_from: event.data.from,
      });
      return;
    case 'AutopayReplaced':
      await update(event.data.subscriptionId, event.data.at, {
        razorpay_subscription_id: event.data.razorpaySubscriptionId,
        short_url: event.data.shortUrl,
        replacement_subscription_id: null,
        replacement_from: null,
        previous_subscription_ids: sql`array_append(previous_subscription_ids, ${event.data.previous}::text)`,
      });
      return;
  }
};
