import { MemberEvents, type EventEnvelope } from '@akhada/contracts';
import { executeCommand, metadataOf, on } from '@akhada/kit';
import { paymentAggregate } from '../aggregates/payment.ts';
import { paymentUniques } from '../app/payment-writes.ts';
import { sql, type Transaction } from 'kysely';
import { dayAt, decideGst } from '../app/gst.ts';
import type { PaymentsDb, PayMembersTable } from '../db/schema.ts';
import { deterministicId } from '../app/deterministic-id.ts';

type Trx = Transaction<PaymentsDb>;

/** Upserts this service's copy of a member; an older event never overwrites a newer one. */
const upsert = async (trx: Trx, row: PayMembersTable) => {
  await trx
    .insertInto('pay_members')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          location_id: eb.ref('excluded.location_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          email: eb.ref('excluded.email'),
          phone: eb.ref('excluded.phone'),
          membership_type: eb.ref('excluded.membership_type'),
          payment_frequency: eb.ref('excluded.payment_frequency'),
          fee_paise: eb.ref('excluded.fee_paise'),
          start_date: eb.ref('excluded.start_date'),
          end_date: eb.ref('excluded.end_date'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('pay_members.updated_at', '<=', sql<Date>`excluded.updated_at`),
    )
    .execute();
};
const patch = async (trx: Trx, memberId: string, at: string, set: Partial<PayMembersTable>): Promise<void> => {
  await trx
    .updateTable('pay_members')
    .set({ ...set, updated_at: new Date(at) })
    .where('id', '=', memberId)
    .where('updated_at', '<=', new Date(at))
    .execute();
};

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
  // The fee members records is what the member pays, GST included: the rule takes the GST out of it, once.
  const gst = await decideGst(trx, {
    orgId: env.orgId,
    locationId: f.locationId,
    category: 'member',
    amountPaise: f.feePaise,
    sentGstPaise: 0,
    date: await dayAt(trx, env.orgId, f.locationId, new Date(env.occurredAt)),
    inclusive: true,
  });
  await executeCommand(
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
        amountPaise: gst.amountPaise,
        gstPaise: gst.gstPaise,
        gst: gst.split,
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
};

export const onMemberRegistered = on(MemberEvents.MemberRegistered, async (trx: Trx, env) => {
  const d = env.data;
  await upsert(trx, {
    id: d.memberId,
    org_id: env.orgId,
    location_id: d.locationId,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    phone: d.phone,
    membership_type: d.membershipType,
    payment_frequency: d.paymentFrequency,
    fee_paise: d.feePaise,
    start_date: d.startDate,
    end_date: d.endDate,
    status: 'active',
    trainer_id: null,
    locale: null,
    updated_at: new Date(env.occurredAt),
  });
  // A registration's fee has no method in the event: owed from the start date until staff mark it paid.
  await recordFee(trx, env, {
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
});

export const onMemberSignedUp = on(MemberEvents.MemberSignedUp, async (trx: Trx, env) => {
  const d = env.data;
  const day = env.occurredAt.slice(0, 10);
  await upsert(trx, {
    id: d.memberId,
    org_id: env.orgId,
    location_id: d.locationId,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    phone: d.phone,
    membership_type: 'basic',
    payment_frequency: 'monthly',
    fee_paise: 0,
    start_date: day,
    end_date: day,
    status: 'pending',
    trainer_id: null,
    locale: null,
    updated_at: new Date(env.occurredAt),
  });
});

export const onMembershipRenewed = on(MemberEvents.MembershipRenewed, async (trx: Trx, env) => {
  const { memberId, term } = env.data;
  await patch(trx, memberId, env.occurredAt, {
    membership_type: term.membershipType,
    payment_frequency: term.paymentFrequency,
    fee_paise: term.feePaise,
    start_date: term.startDate,
    end_date: term.endDate,
    status: 'active',
  });
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
});

export const onMembershipFrozen = on(MemberEvents.MembershipFrozen, (trx: Trx, env) => patch(trx, env.data.memberId, env.occurredAt, { status: 'frozen' }));
export const onMembershipUnfrozen = on(MemberEvents.MembershipUnfrozen, (trx: Trx, env) =>
  patch(trx, env.data.memberId, env.occurredAt, { status: 'active', end_date: env.data.endDate }),
);
export const onMembershipExpired = on(MemberEvents.MembershipExpired, (trx: Trx, env) => patch(trx, env.data.memberId, env.occurredAt, { status: 'expired' }));
export const onMembershipCancelled = on(MemberEvents.MembershipCancelled, (trx: Trx, env) =>
  patch(trx, env.data.memberId, env.occurredAt, { status: 'cancelled' }),
);
export const onMemberArchived = on(MemberEvents.MemberArchived, (trx: Trx, env) => patch(trx, env.data.memberId, env.occurredAt, { status: 'archived' }));
export const onMemberTrainerAssigned = on(MemberEvents.MemberTrainerAssigned, (trx: Trx, env) =>
  patch(trx, env.data.memberId, env.occurredAt, { trainer_id: env.data.trainerId }),
);
export const onMemberTrainerUnassigned = on(MemberEvents.MemberTrainerUnassigned, (trx: Trx, env) =>
  patch(trx, env.data.memberId, env.occurredAt, { trainer_id: null }),
);
export const onMemberProfileChanged = on(MemberEvents.MemberProfileChanged, (trx: Trx, env) =>
  patch(trx, env.data.memberId, env.occurredAt, { first_name: env.data.firstName, last_name: env.data.lastName, email: env.data.email, phone: env.data.phone }),
);

export const memberHandlers = [
  onMemberRegistered,
  onMemberSignedUp,
  onMembershipRenewed,
  onMembershipFrozen,
  onMembershipUnfrozen,
  onMembershipExpired,
  onMembershipCancelled,
  onMemberArchived,
  onMemberTrainerAssigned,
  onMemberTrainerUnassigned,
  onMemberProfileChanged,
];
