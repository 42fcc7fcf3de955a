import { PaymentEvents, topicOf, type EventEnvelope, type Language } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type Executor, type StoredEvent } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { PaymentsDb, PaymentsTable } from '../db/schema.ts';
import { paymentDecider, paymentStreamId, type PaymentEvent } from '../domain/payment/decider.ts';
import { coverAutopayCycle } from '../projections/autopay-cover.ts';
import { projectPayments } from '../projections/payments.ts';

const TOPIC = topicOf('payments');

/** PaymentFacts (contracts/events/payments.ts) of a payments row as it now is. */
export const factsOf = (r: PaymentsTable, occurredAt: string) => ({
  paymentId: r.id,
  organizationId: r.org_id,
  locationId: r.location_id,
  category: r.category,
  type: r.type,
  status: r.status,
  memberId: r.member_id,
  memberName: r.member_name,
  trainerId: r.trainer_id,
  trainerName: r.trainer_name,
  amountPaise: Number(r.amount_paise),
  gstPaise: Number(r.gst_paise),
  totalPaise: Number(r.total_paise),
  refundedPaise: Number(r.refunded_paise),
  method: r.method,
  description: r.description,
  membershipType: r.membership_type,
  membershipPeriod: r.period_start && r.period_end ? { startDate: r.period_start, endDate: r.period_end } : null,
  paymentFrequency: r.payment_frequency,
  salaryPeriod: r.salary_month && r.salary_year ? { month: r.salary_month, year: r.salary_year } : null,
  dueDate: r.due_date,
  source: r.source,
  sourceId: r.source_id,
  billing: r.billing ?? null,
  gst: r.gst_split ?? null,
  occurredAt,
});

/**
 * The integration events of a payment event, built from the read row the projection just wrote in the command's
 * transaction (so every event carries the payment's whole current facts). The aggregate's toIntegrationEvents: live
 * commands only, never a rebuild.
 */
export const paymentIntegrationEvents = async (stored: StoredEvent<PaymentEvent>, { trx }: { trx: Transaction<PaymentsDb> }): Promise<EventEnvelope[]> => {
  const { event, metadata } = stored;
  const paymentId = event.data.paymentId;
  const row = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!row) return [];
  // A new event id per envelope (a completed recording announces two).
  const { eventId: _storedId, ...meta } = metadata;
  const base = { ...meta, locationId: row.location_id, aggregateId: paymentId };
  const out: EventEnvelope[] = [];
  const send = (env: EventEnvelope) => out.push(env);
  switch (event.type) {
    case 'PaymentRecorded': {
      const at = event.data.at;
      const facts = factsOf(row, at);
      send(makeEnvelope(PaymentEvents.PaymentRecorded, { ...base, occurredAt: at, data: { ...facts, recordedBy: event.data.by?.id ?? null } }));
      if (event.data.status === 'completed') {
        send(
          makeEnvelope(PaymentEvents.PaymentCompleted, {
            ...base,
            occurredAt: at,
            data: { ...facts, paidAt: at, completedVia: 'recorded', razorpayPaymentId: null, razorpayOrderId: null },
          }),
        );
      }
      return out;
    }
    case 'PaymentUpdated':
      send(makeEnvelope(PaymentEvents.PaymentUpdated, { ...base, occurredAt: event.data.at, data: factsOf(row, event.data.at) }));
      return out;
    case 'PaymentMarkedPaid':
      send(
        makeEnvelope(PaymentEvents.PaymentCompleted, {
          ...base,
          occurredAt: event.data.at,
          data: { ...factsOf(row, event.data.at), paidAt: event.data.paidAt, completedVia: 'mark_paid', razorpayPaymentId: null, razorpayOrderId: null },
        }),
      );
      return out;
    case 'PaymentCapturedOnline':
      send(
        makeEnvelope(PaymentEvents.PaymentCompleted, {
          ...base,
          occurredAt: event.data.paidAt,
          data: {
            ...factsOf(row, event.data.paidAt),
            paidAt: event.data.paidAt,
            completedVia: 'online',
            razorpayPaymentId: event.data.razorpayPaymentId,
            razorpayOrderId: event.data.razorpayOrderId,
          },
        }),
      );
      return out;
    case 'PaymentFailedOnline':
      send(
        makeEnvelope(PaymentEvents.PaymentFailed, {
          ...base,
          occurredAt: event.data.at,
          data: { ...factsOf(row, event.data.at), reason: event.data.reason, razorpayPaymentId: event.data.razorpayPaymentId },
        }),
      );
      return out;
    case 'PaymentRefunded': {
      const d = event.data;
      send(
        makeEnvelope(PaymentEvents.PaymentRefunded, {
          ...base,
          occurredAt: d.at,
          data: {
            ...factsOf(row, d.at),
            refundId: d.refundId,
            refundPaise: d.amountPaise,
            fully: d.fully,
            reason: d.reason,
            refundedAt: d.at,
            refundedBy: d.by?.id ?? null,
            ...(d.afterCancel ? { afterCancel: true } : {}),
          },
        }),
      );
      return out;
    }
    case 'PaymentCancelled':
      send(
        makeEnvelope(PaymentEvents.PaymentCancelled, {
          ...base,
          occurredAt: event.data.at,
          data: { ...factsOf(row, event.data.at), reason: event.data.reason, cancelledBy: event.data.by?.id ?? null },
        }),
      );
      return out;
    case 'ReminderRequested': {
      const d = event.data;
      if (!row.member_id) return out;
      const member = await trx.selectFrom('pay_members').selectAll().where('id', '=', row.member_id).executeTakeFirst();
      send(
        makeEnvelope(PaymentEvents.PaymentReminderRequested, {
          ...base,
          occurredAt: d.at,
          data: {
            reminderId: d.reminderId,
            paymentId,
            organizationId: row.org_id,
            locationId: row.location_id,
            memberId: row.member_id,
            memberName: row.member_name,
            email: member?.email ?? '',
            phone: member?.phone ?? '',
            amountPaise: Number(row.total_paise) - Number(row.refunded_paise),
            description: row.description,
            dueDate: row.due_date,
            paymentLinkUrl: d.paymentLinkUrl,
            locale: (member?.locale as Language | null | undefined) ?? null,
            message: d.message,
            requestedBy: d.by?.id ?? null,
            occurredAt: d.at,
          },
        }),
      );
      return out;
    }
    default:
      return out; // order and link openings stay inside the service
  }
};

/** The payment aggregate: its decider, the payments read table, and its integration events (from the read row). */
export const paymentAggregate = defineAggregate<
  PaymentsDb,
  Parameters<typeof paymentDecider.decide>[0],
  PaymentEvent,
  ReturnType<typeof paymentDecider.initialState>
>({
  name: 'payment',
  streamId: paymentStreamId,
  decider: paymentDecider,
  // After the row is projected: a failed autopay cycle's "Pay now" payment completed counts as that cycle's charge.
  projections: [(trx, stored) => projectPayments(trx as Executor<PaymentsDb>, stored), (trx, stored) => coverAutopayCycle(trx, stored)],
  toIntegrationEvents: paymentIntegrationEvents,
  topic: TOPIC,
});
