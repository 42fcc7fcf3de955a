import type { EventEnvelope } from '@akhada/contracts';
import { executeCommand, metadataOf } from '@akhada/kit';
import { paymentAggregate } from '../aggregates/payment.ts';
import { paymentUniques } from '../app/payment-writes.ts';
import type { Transaction } from 'kysely';
import { dayAt, decideGst } from '../app/gst.ts';
import { payMembers } from '../db/people-repo.ts';
import type { PaymentsDb, PayMembersTable } from '../db/schema.ts';
import { deterministicId } from '../app/deterministic-id.ts';
import { requestAutopayAction } from '../app/autopay-actions.ts';
import { applyReferralCredit, spendReferralCredit } from '../app/referral-credit.ts';

type Trx = Transaction<PaymentsDb>;

/**
 * A member's fee from the members service becomes a payment here, once: the payment's id is derived from the
 * members event's term (`members:<memberId>:<termNo>`), so a redelivery or a replay records nothing new. A renewal
 * that members made FROM one of our payments (its `paymentId`) is skipped: that money is counted already.
 */
const recordFee = async (
  trx: Trx,
  env: EventEnvelope<unknown>,
  f: {
    memberId: string;
    locationId: string;
    name: string;
    termNo: number;
    membershipType: PayMembersTable['membership_type'];
    paymentFrequency: PayMembersTable['payment_frequency'];
    feePaise: number;
    method: 'cash' | 'upi' | 'card' | 'netbanking' | 'cheque' | 'razorpay' | 'phonepe' | 'paytm' | null;
    startDate: string;
    endDate: string;
  },
) => {
  if (f.feePaise <= 0) return;
  const sourceId = `members:${f.memberId}:${f.termNo}`;
  const paymentId = deterministicId(`${env.orgId}:${sourceId}`);
  const paid = f.method !== null;
  const gstDate = await dayAt(trx, env.orgId, f.locationId, new Date(env.occurredAt));
  // The fee members records is what the member pays, GST included: the rule takes the GST out of it, once.
  const gst = await decideGst(trx, {
    orgId: env.orgId,
    locationId: f.locationId,
    category: 'member',
    amountPaise: f.feePaise,
    sentGstPaise: 0,
    date: gstDate,
    inclusive: true,
  });
  // A fee still owed takes the member's referral credits off its taxable amount (GST on what is left); one members
  // recorded as paid was collected in full already, so the credits wait for the next payment.
  const credited = paid
    ? null
    : await applyReferralCredit(trx, {
        orgId: env.orgId,
        memberId: f.memberId,
        gst,
        gstOn: (amountPaise) => decideGst(trx, { orgId: env.orgId, locationId: f.locationId, category: 'member', amountPaise, sentGstPaise: 0, date: gstDate }),
      });
  const { events } = await executeCommand(
    trx,
    paymentAggregate,
    paymentId,
    {
      type: 'RecordPayment',
      data: {
        paymentId,
        orgId: env.orgId,
        locationId: f.locationId,
        category: 'member',
        type: f.termNo === 1 ? 'membership_fee' : 'membership_renewal',
        memberId: f.memberId,
        memberName: f.name,
        trainerId: null,
        trainerName: '',
        amountPaise: (credited ?? gst).amountPaise,
        gstPaise: (credited ?? gst).gstPaise,
        gst: (credited ?? gst).split,
        ...(credited?.referralCreditPaise ? { referralCreditPaise: credited.referralCreditPaise } : {}),
        method: f.method ?? 'cash',
        description: `${f.membershipType.charAt(0).toUpperCase()}${f.membershipType.slice(1)} membership ${f.startDate} to ${f.endDate}`,
        notes: '',
        membershipType: f.membershipType,
        membershipPeriod: { startDate: f.startDate, endDate: f.endDate },
        paymentFrequency: f.paymentFrequency,
        salaryPeriod: null,
        dueDate: paid ? null : f.startDate,
        source: 'members',
        sourceId,
        status: paid ? 'completed' : 'pending',
        at: env.occurredAt,
        by: null,
      },
    },
    metadataOf(env, { locationId: f.locationId }),
    { mapError: paymentUniques },
  );
  // A redelivery records nothing new (the same id): the credits are spent only by the payment just recorded.
  if (credited && events.length > 0) await spendReferralCredit(trx, env.orgId, paymentId, credited);
};

/** Members' events into this service's copy (db/people-repo.ts), and the fee of a registration or renewal recorded as a payment. */
export const memberHandlers = payMembers.handlers({
  // A freeze pauses the member's autopay, the unfreeze resumes it (asked of Razorpay by the autopay-actions job).
  MembershipFrozen: async (trx, env) => requestAutopayAction(trx, env, env.data.memberId, 'pause'),
  MembershipUnfrozen: async (trx, env) => requestAutopayAction(trx, env, env.data.memberId, 'resume'),
  // A registration's fee has no method in the event: owed from the start date until staff mark it paid.
  MemberRegistered: (trx, env) => {
    const d = env.data;
    return recordFee(trx, env, {
      memberId: d.memberId,
      locationId: d.locationId,
      name: `${d.firstName} ${d.lastName}`.trim(),
      termNo: 1,
      membershipType: d.membershipType,
      paymentFrequency: d.paymentFrequency,
      feePaise: d.feePaise,
      method: null,
      startDate: d.startDate,
      endDate: d.endDate,
    });
  },
  MembershipRenewed: async (trx, env) => {
    const { memberId, term } = env.data;
    if ((env.data as { paymentId?: string | null }).paymentId) return; // made from our payment: counted already
    const m = await trx.selectFrom('pay_members').select(['first_name', 'last_name', 'location_id']).where('id', '=', memberId).executeTakeFirst();
    await recordFee(trx, env, {
      memberId,
      locationId: env.data.locationId || m?.location_id || env.locationId || '',
      name: m ? `${m.first_name} ${m.last_name}`.trim() : '',
      termNo: term.termNo,
      membershipType: term.membershipType,
      paymentFrequency: term.paymentFrequency,
      feePaise: term.feePaise,
      method: term.paymentMethod,
      startDate: term.startDate,
      endDate: term.endDate,
    });
  },
});
