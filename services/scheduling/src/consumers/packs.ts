import { PaymentEvents, SchedulingEvents } from '@akhada/contracts';
import { type EventHandler, on } from '@akhada/kit';
import { linkPayment, packCancelled, packPaid, packRefunded, useCredit } from '../app/pack-sales.ts';
import { ticketPaid, ticketPaymentCancelled, ticketPaymentCreated, ticketRefunded } from '../app/ticket-purchases.ts';
import type { SchedulingDb } from '../db/schema.ts';

/**
 * Session packs and event tickets learn their money from payments (topic akhada.payments.events): the purchase's
 * payment made, completed (a pack's credits granted; a ticket confirmed), refunded (a pack's unused credits removed; a
 * ticket marked refunded) or cancelled (a ticket's held place released). Only payments with source `scheduling` whose
 * sourceId is a purchase of the envelope's organization; each step finds the purchase in its own table (a pack's or a
 * ticket's) and does nothing for the other. The inbox makes each event count once; the ledger and the event's
 * decider decide idempotently too.
 */
export const packPaymentHandlers: EventHandler<SchedulingDb>[] = [
  on(PaymentEvents.PurchasePaymentCreated, async (trx, env) => {
    const d = env.data;
    if (d.organizationId !== env.orgId) return;
    await linkPayment(trx, d.organizationId, d.purchaseId, d.paymentId, d.status === 'pending');
    await ticketPaymentCreated(trx, d.organizationId, d.purchaseId, d.paymentId);
  }),
  on(PaymentEvents.PaymentCompleted, async (trx, env) => {
    const d = env.data;
    if (d.source !== 'scheduling' || !d.sourceId || d.organizationId !== env.orgId) return;
    if (!(await packPaid(trx, d.organizationId, d.sourceId, d.paymentId, d.paidAt)))
      await ticketPaid(trx, env, d.organizationId, d.sourceId, d.paymentId, d.paidAt);
  }),
  on(PaymentEvents.PaymentRefunded, async (trx, env) => {
    const d = env.data;
    if (d.source !== 'scheduling' || !d.sourceId || d.organizationId !== env.orgId) return;
    if (!(await packRefunded(trx, d.organizationId, d.sourceId, d.refundedAt))) await ticketRefunded(trx, d.organizationId, d.sourceId, d.fully, d.refundedAt);
  }),
  on(PaymentEvents.PaymentCancelled, async (trx, env) => {
    const d = env.data;
    if (d.source !== 'scheduling' || !d.sourceId || d.organizationId !== env.orgId) return;
    await packCancelled(trx, d.organizationId, d.sourceId);
    await ticketPaymentCancelled(trx, env, d.organizationId, d.sourceId);
  }),
];

/** Scheduling's own appointment events (akhada.scheduling.events): a session that counts uses one credit. */
export const packAppointmentHandlers: EventHandler<SchedulingDb>[] = [
  on(SchedulingEvents.AppointmentAttended, (trx, env) => useCredit(trx, { ...facts(env), reason: 'attended' })),
  on(SchedulingEvents.AppointmentNoShow, (trx, env) => useCredit(trx, { ...facts(env), reason: 'no_show' })),
  on(SchedulingEvents.AppointmentCancelled, async (trx, env) => {
    if (env.data.late) await useCredit(trx, { ...facts(env), reason: 'late_cancel' });
  }),
];

const facts = (env: { orgId: string; occurredAt: string; data: { appointmentId: string; locationId: string; memberId: string; startsAt: string } }) => ({
  orgId: env.orgId,
  locationId: env.data.locationId,
  memberId: env.data.memberId,
  appointmentId: env.data.appointmentId,
  startsAt: env.data.startsAt,
  at: env.occurredAt,
});
