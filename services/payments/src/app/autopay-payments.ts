import { executeCommand, type EventMetadata } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { paymentAggregate } from '../aggregates/payment.ts';
import type { PaymentsDb } from '../db/schema.ts';
import type { AutopayCharged, AutopayTerms } from '../domain/autopay/decider.ts';
import { deterministicId } from './deterministic-id.ts';
import { dayAt, decideGst } from './gst.ts';
import { paymentUniques } from './payment-writes.ts';

/** The payment an autopay charge is recorded as: one id per (organization, Razorpay payment), so it is recorded once. */
export const autopayPaymentId = (orgId: string, razorpayPaymentId: string): string => deterministicId(`${orgId}:autopay:${razorpayPaymentId}`);

const FREQUENCY: Record<number, 'monthly' | 'quarterly' | 'annually'> = { 1: 'monthly', 3: 'quarterly', 12: 'annually' };

/**
 * A captured autopay charge renews the membership the way any membership payment does: it is recorded as a completed
 * membership payment (source `autopay`, sourceId the Razorpay payment id, the charge's period), whose payment_completed
 * makes the member's next term in members and the invoice in the gym's series here. GST is taken out of the charge
 * (the Razorpay plan's amount includes it). In the webhook's transaction: the charge and its payment commit together.
 */
export const recordAutopayCharge = async (trx: Transaction<PaymentsDb>, terms: AutopayTerms, charge: AutopayCharged['data'], meta: EventMetadata) =>
  recordAutopayPayment(trx, terms, meta, {
    paymentId: autopayPaymentId(terms.orgId, charge.razorpayPaymentId),
    amountPaise: charge.amountPaise,
    periodStart: charge.periodStart,
    periodEnd: charge.periodEnd,
    description: `${terms.planName} (autopay) ${charge.periodStart} to ${charge.periodEnd}`,
    sourceId: charge.razorpayPaymentId,
    status: 'completed',
    dueDate: null,
    at: charge.at,
  });

/** A membership payment of an autopay (a captured charge, completed; or a failed cycle's "Pay now", pending). */
export const recordAutopayPayment = async (
  trx: Transaction<PaymentsDb>,
  terms: AutopayTerms,
  meta: EventMetadata,
  p: {
    paymentId: string;
    amountPaise: number;
    periodStart: string;
    periodEnd: string;
    description: string;
    sourceId: string;
    status: 'completed' | 'pending';
    dueDate: string | null;
    at: string;
  },
) => {
  const date = await dayAt(trx, terms.orgId, terms.locationId, new Date(p.at));
  const gst = await decideGst(trx, {
    orgId: terms.orgId,
    locationId: terms.locationId,
    category: 'member',
    amountPaise: p.amountPaise,
    sentGstPaise: 0,
    date,
    inclusive: true,
  });
  const member = await trx
    .selectFrom('pay_members')
    .select(['status', 'first_name', 'last_name'])
    .where('id', '=', terms.memberId)
    .where('org_id', '=', terms.orgId)
    .executeTakeFirst();
  await executeCommand(
    trx,
    paymentAggregate,
    p.paymentId,
    {
      type: 'RecordPayment',
      data: {
        paymentId: p.paymentId,
        orgId: terms.orgId,
        locationId: terms.locationId,
        category: 'member',
        type: member?.status === 'pending' ? 'membership_fee' : 'membership_renewal',
        memberId: terms.memberId,
        memberName: member ? `${member.first_name} ${member.last_name}`.trim() : terms.memberName,
        trainerId: null,
        trainerName: '',
        amountPaise: gst.amountPaise,
        gstPaise: gst.gstPaise,
        gst: gst.split,
        method: 'razorpay',
        description: p.description,
        notes: '',
        membershipType: terms.membershipType,
        membershipPeriod: { startDate: p.periodStart, endDate: p.periodEnd },
        paymentFrequency: FREQUENCY[terms.periodMonths] ?? null,
        salaryPeriod: null,
        dueDate: p.dueDate,
        source: 'autopay',
        sourceId: p.sourceId,
        status: p.status,
        at: p.at,
        by: null,
      },
    },
    meta,
    { mapError: paymentUniques },
  );
};
