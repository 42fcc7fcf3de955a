import { PaymentEvents, SchedulingEvents } from '@akhada/contracts';
import { type EventHandler, on } from '@akhada/kit';
import { linkPayment, packCancelled, packPaid, packRefunded, useCredit } from '../app/pack-sales.ts';
import type { SchedulingDb } from '../db/schema.ts';

/**
 * Session packs learn their money from payments (topic akhada.payments.events): the purchase's payment made, completed
 * (credits granted), refunded (unused credits removed) or cancelled. Only payments with source `scheduling` whose
 * sourceId is a pack purchase of the envelope's organization; others (event tickets) are left to their owner. The
 * inbox makes each event count once; the ledger decides idempotently too.
 */
export const packPaymentHandlers: EventHandler<SchedulingDb>[] = [
  on(PaymentEvents.PurchasePaymentCreated, async (trx, env) => {
    const d = env.data;
    if (d.organizationId !== env.orgId) return;
    await linkPayment(trx, d.organizationId, d.purchaseId, d.paymentId, d.status === 'pending');
  }),
  on(PaymentEvents.PaymentCompleted, async (trx, env) => {
    const d = env.data;
    if (d.source !== 'scheduling' || !d.sourceId || d.organizationId !== env.orgId) return;
    await packPaid(trx, d.organizationId, d.sourceId, d.paymentId, d.paidAt);
  }),
  on(PaymentEvents.PaymentRefunded, async (trx, env) => {
    const d = env.data;
    if (d.source !== 'scheduling' || !d.sourceId || d.organizationId !== env.orgId) return;
    await packRefunded(trx, d.organizationId, d.sourceId, d.refundedAt);
  }),
  on(PaymentEvents.PaymentCancelled, async (trx, env) => {
    const d = env.data;
    if (d.source !== 'scheduling' || !d.sourceId || d.organizationId !== env.orgId) return;
    await packCancelled(trx, d.organizationId, d.sourceId);
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
