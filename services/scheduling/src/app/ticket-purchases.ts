import { metadataOf } from '@akhada/kit';
import type { EventEnvelope } from '@akhada/contracts';
import type { Transaction } from 'kysely';
import type { SchedulingDb } from '../db/schema.ts';
import { commandOnEvent } from './event-command.ts';

type Trx = Transaction<SchedulingDb>;

/**
 * A paid ticket's money, as payments reports it on akhada.payments.events (source `scheduling`, sourceId the purchase).
 * Each is a no-op for a purchase that is not a ticket's (a pack's) or of another organization. The ticket's own
 * changes go through the event's decider behind its lock (a capture redelivered confirms nothing twice); the purchase's
 * payment and refund are the read tables' (they change no place).
 */
const purchaseOf = (trx: Trx, orgId: string, purchaseId: string) =>
  trx.selectFrom('ticket_purchases').selectAll().where('id', '=', purchaseId).where('org_id', '=', orgId).executeTakeFirst();

/** payments.purchase_payment_created: the payment to pay (online) is known; the member's ticket shows it. */
export const ticketPaymentCreated = async (trx: Trx, orgId: string, purchaseId: string, paymentId: string) => {
  const p = await purchaseOf(trx, orgId, purchaseId);
  if (!p) return false;
  await trx
    .updateTable('ticket_purchases')
    .set({ payment_id: paymentId, status: 'pending' })
    .where('id', '=', p.id)
    .where('status', '=', 'requested')
    .execute();
  await trx.updateTable('ticket_purchases').set({ payment_id: paymentId }).where('id', '=', p.id).where('payment_id', 'is', null).execute();
  await trx.updateTable('event_tickets').set({ payment_id: paymentId }).where('purchase_id', '=', p.id).execute();
  return true;
};

/** payments.payment_completed: the ticket is confirmed (CapturePayment; too late or no place left → refunded instead). */
export const ticketPaid = async (trx: Trx, env: EventEnvelope<unknown>, orgId: string, purchaseId: string, paymentId: string, paidAt: string) => {
  const p = await purchaseOf(trx, orgId, purchaseId);
  if (!p) return false;
  await commandOnEvent(
    trx,
    p.event_id,
    { type: 'CapturePayment', data: { memberId: p.member_id, purchaseId: p.id, paymentId, amountPaise: p.price_paise, at: paidAt } },
    metadataOf(env, { locationId: p.location_id }),
  );
  return true;
};

/** payments.payment_cancelled: an unpaid purchase is gone, and its pending ticket gives its place back. */
export const ticketPaymentCancelled = async (trx: Trx, env: EventEnvelope<unknown>, orgId: string, purchaseId: string) => {
  const p = await purchaseOf(trx, orgId, purchaseId);
  if (!p) return false;
  await trx
    .updateTable('ticket_purchases')
    .set({ status: 'cancelled', updated_at: new Date(env.occurredAt) })
    .where('id', '=', p.id)
    .where('status', 'in', ['requested', 'pending'])
    .execute();
  await commandOnEvent(
    trx,
    p.event_id,
    { type: 'ReleaseHold', data: { memberId: p.member_id, purchaseId: p.id, at: env.occurredAt } },
    metadataOf(env, { locationId: p.location_id }),
  );
  return true;
};

/** payments.payment_refunded (in full): the purchase and the ticket it paid for are marked refunded. */
export const ticketRefunded = async (trx: Trx, orgId: string, purchaseId: string, fully: boolean, at: string) => {
  const p = await purchaseOf(trx, orgId, purchaseId);
  if (!p || !fully) return Boolean(p);
  await trx
    .updateTable('ticket_purchases')
    .set({ status: 'refunded', updated_at: new Date(at) })
    .where('id', '=', p.id)
    .execute();
  await trx.updateTable('event_tickets').set({ refund: 'refunded' }).where('purchase_id', '=', p.id).execute();
  return true;
};
