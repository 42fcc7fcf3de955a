import { PaymentEvents, type EventEnvelope } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { saveDue } from '../db/dues-repo.ts';
import type { AttendanceDb } from '../db/schema.ts';

/**
 * Payments' events → this service's copy of what each member owes (db/dues-repo.ts), so a check-in decides about
 * overdue payments without asking payments. Every event carries the payment's whole facts, so each one upserts the
 * row; a member's payment only (category member with a member), the rule reads the membership ones.
 */
const save = (trx: Transaction<AttendanceDb>, env: EventEnvelope<PaymentEvents.PaymentFacts>) => {
  const d = env.data;
  if (d.category !== 'member' || !d.memberId) return Promise.resolve();
  return saveDue(trx, {
    payment_id: d.paymentId,
    org_id: env.orgId,
    location_id: d.locationId,
    member_id: d.memberId,
    type: d.type,
    status: d.status,
    total_paise: d.totalPaise,
    due_date: d.dueDate,
    updated_at: new Date(d.occurredAt),
  }).then(() => undefined);
};

export const paymentHandlers = [
  on(PaymentEvents.PaymentRecorded, save),
  on(PaymentEvents.PaymentUpdated, save),
  on(PaymentEvents.PaymentCompleted, save),
  on(PaymentEvents.PaymentFailed, save),
  on(PaymentEvents.PaymentCancelled, save),
  on(PaymentEvents.PaymentRefunded, save),
];
