import { PaymentEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type Executor, type StoredEvent } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { AutopaySubscriptionsTable, PaymentsDb } from '../db/schema.ts';
import { autopayDecider, autopayStreamId, type AutopayCommand, type AutopayEvent, type AutopayState } from '../domain/autopay/decider.ts';
import { projectAutopay } from '../projections/autopay.ts';

/** AutopayFacts (contracts/events/payments.ts) of an autopay row as it now is. */
export const autopayFactsOf = (r: AutopaySubscriptionsTable, occurredAt: string) => ({
  autopayId: r.id,
  organizationId: r.org_id,
  locationId: r.location_id,
  memberId: r.member_id,
  memberName: r.member_name,
  planId: r.plan_id,
  planName: r.plan_name,
  membershipType: r.membership_type,
  periodMonths: r.period_months,
  amountPaise: Number(r.amount_paise),
  status: r.status as AutopayState['status'],
  razorpaySubscriptionId: r.razorpay_subscription_id,
  charges: r.charges,
  paidThrough: r.paid_through,
  occurredAt,
});

/**
 * The integration events of an autopay event, from the read row just projected: a start, a change of status and a
 * cancellation asked for are `autopay_changed`; a failed charge `autopay_charge_failed`. A charge is announced as the
 * payment it is recorded as (app/autopay-webhook.ts), not here.
 */
const autopayIntegrationEvents = async (stored: StoredEvent<AutopayEvent>, { trx }: { trx: Transaction<PaymentsDb> }): Promise<EventEnvelope[]> => {
  const { event, metadata } = stored;
  const id = event.data.subscriptionId;
  const row = await trx.selectFrom('autopay_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return [];
  const { eventId: _storedId, ...meta } = metadata;
  const base = { ...meta, locationId: row.location_id, aggregateId: id };
  const at = event.data.at;
  switch (event.type) {
    case 'AutopayStarted':
      return [
        makeEnvelope(PaymentEvents.AutopayChanged, { ...base, occurredAt: at, data: { ...autopayFactsOf(row, at), change: 'started', previousStatus: null } }),
      ];
    case 'AutopayStatusChanged':
      if (event.data.from === event.data.to) return [];
      return [
        makeEnvelope(PaymentEvents.AutopayChanged, {
          ...base,
          occurredAt: at,
          data: { ...autopayFactsOf(row, at), change: 'status', previousStatus: event.data.from },
        }),
      ];
    case 'AutopayCancelRequested':
      return [
        makeEnvelope(PaymentEvents.AutopayChanged, {
          ...base,
          occurredAt: at,
          data: { ...autopayFactsOf(row, at), change: 'cancel_requested', previousStatus: null },
        }),
      ];
    case 'AutopayChargeFailed':
      return [
        makeEnvelope(PaymentEvents.AutopayChargeFailed, {
          ...base,
          occurredAt: at,
          data: { ...autopayFactsOf(row, at), razorpayPaymentId: event.data.razorpayPaymentId, halted: event.data.halted },
        }),
      ];
    default:
      return [];
  }
};

/** A member's autopay: its decider, the autopay_subscriptions read table, its integration events. */
export const autopayAggregate = defineAggregate<PaymentsDb, AutopayCommand, AutopayEvent, AutopayState>({
  name: 'autopay',
  streamId: autopayStreamId,
  decider: autopayDecider,
  projections: [(trx, stored) => projectAutopay(trx as Executor<PaymentsDb>, stored)],
  toIntegrationEvents: autopayIntegrationEvents,
  topic: topicOf('payments'),
});
