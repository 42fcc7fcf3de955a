import { executeCommand, type Executor, type StoredEvent } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { autopayAggregate } from '../aggregates/autopay.ts';
import type { PaymentsDb } from '../db/schema.ts';
import type { PaymentEvent } from '../domain/payment/decider.ts';

/** The source id of a failed autopay cycle's "Pay now" payment (app/autopay-dunning.ts): `due:<autopayId>:<cycle>`. */
export const DUE_PREFIX = 'due:';
export const autopayOfDue = (sourceId: string | null): string | null =>
  sourceId?.startsWith(DUE_PREFIX) ? (sourceId.slice(DUE_PREFIX.length).split(':')[0] ?? null) : null;

/**
 * When a failed autopay cycle's "Pay now" payment is completed (paid online, by its link, or marked paid at the desk),
 * in the same transaction: the autopay counts it as that cycle's charge (CoverCycle, once per payment), so its
 * paid-through date follows the membership the payment renews and a later Razorpay charge is the next period.
 */
export const coverAutopayCycle = async (trx: Transaction<PaymentsDb>, stored: StoredEvent<PaymentEvent>): Promise<void> => {
  const { event, metadata } = stored;
  if (event.type !== 'PaymentMarkedPaid' && event.type !== 'PaymentCapturedOnline') return;
  const db = trx as Executor<PaymentsDb>;
  const row = await db
    .selectFrom('payments')
    .select(['id', 'status', 'source', 'source_id', 'total_paise', 'location_id'])
    .where('id', '=', event.data.paymentId)
    .executeTakeFirst();
  if (!row || row.status !== 'completed' || row.source !== 'autopay') return;
  const autopayId = autopayOfDue(row.source_id);
  if (!autopayId) return;
  const { eventId, ...meta } = metadata;
  await executeCommand(
    trx,
    autopayAggregate,
    autopayId,
    { type: 'CoverCycle', data: { paymentId: row.id, amountPaise: Number(row.total_paise), at: event.data.paidAt } },
    { ...meta, causationId: eventId, locationId: row.location_id },
  );
};
