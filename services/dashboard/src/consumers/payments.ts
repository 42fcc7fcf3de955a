import { PaymentEvents, type EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { addActivity, setInvoiceNumber, upsertPayment } from '../db/read-model-repo.ts';
import { figuresChanged, handlersFor, type ApplyOptions, type Trx } from './record.ts';

type PaymentFacts = z.infer<typeof PaymentEvents.PaymentFacts>;
type Completed = z.infer<typeof PaymentEvents.PaymentCompleted.data>;
type Invoice = z.infer<typeof PaymentEvents.InvoiceIssued.data>;
const PENDING = 'pending';

/** The payment as it is after the event: status, total, refunds; when it was paid and when it stopped being owed. */
const project = async (trx: Trx, env: EventEnvelope<PaymentFacts>, o: ApplyOptions, paidAt: string | null = null) => {
  const f = env.data;
  const at = new Date(env.occurredAt);
  await upsertPayment(trx, {
    id: f.paymentId,
    org_id: env.orgId,
    location_id: f.locationId,
    member_id: f.memberId ?? f.trainerId,
    member_name: f.memberName || f.trainerName,
    invoice_number: null,
    amount_paise: f.totalPaise,
    refunded_paise: f.refundedPaise,
    category: f.category,
    status: f.status,
    created_at: at,
    paid_at: paidAt ? new Date(paidAt) : null,
    settled_at: f.status === PENDING || f.status === 'failed' ? null : at,
    updated_at: at,
  });
  await figuresChanged(trx, env, o, 'payments', f.locationId);
};

const activity = (trx: Trx, env: EventEnvelope<PaymentFacts>, at: string) =>
  addActivity(trx, {
    event_id: env.eventId,
    org_id: env.orgId,
    location_id: env.data.locationId,
    kind: 'payment',
    at: new Date(at),
    person_id: env.data.memberId ?? env.data.trainerId,
    name: env.data.memberName || env.data.trainerName,
    amount_paise: env.data.totalPaise,
    detail: env.data.status,
  });

/** The payments topic: Monthly Revenue, Pending Payments, payments in the search and Recent Activity, audit. */
export const paymentHandlers = (o: ApplyOptions) =>
  handlersFor('payments', PaymentEvents, {
    [PaymentEvents.PaymentRecorded.type]: async (trx, env: EventEnvelope<PaymentFacts>) => {
      await project(trx, env, o);
      // A payment recorded as completed is followed by payment_completed, which makes its line.
      if (env.data.status === PENDING) await activity(trx, env, env.occurredAt);
    },
    [PaymentEvents.PaymentUpdated.type]: (trx, env: EventEnvelope<PaymentFacts>) => project(trx, env, o),
    [PaymentEvents.PaymentCompleted.type]: async (trx, env: EventEnvelope<Completed>) => {
      await project(trx, env, o, env.data.paidAt);
      await activity(trx, env, env.data.paidAt);
    },
    [PaymentEvents.PaymentFailed.type]: (trx, env: EventEnvelope<PaymentFacts>) => project(trx, env, o),
    [PaymentEvents.PaymentRefunded.type]: (trx, env: EventEnvelope<PaymentFacts>) => project(trx, env, o),
    [PaymentEvents.PaymentCancelled.type]: (trx, env: EventEnvelope<PaymentFacts>) => project(trx, env, o),
    [PaymentEvents.InvoiceIssued.type]: (trx, env: EventEnvelope<Invoice>) =>
      setInvoiceNumber(trx, {
        id: env.data.paymentId,
        org_id: env.orgId,
        location_id: env.data.locationId,
        member_id: env.data.memberId,
        number: env.data.number,
        total_paise: env.data.totalPaise,
      }),
  });
