import { MEMBERSHIP_PAYMENT_TYPES, type CreatePaymentBody, type MemberMembershipBody, type Payment, type TrainerSalaryBody } from '@akhada/contracts';
import { assertLocation, executeCommand, inTransaction, metadataOf, newId, notFound, readThrough, type Executor, type RequestContext } from '@akhada/kit';
import { paymentAggregate } from '../aggregates/payment.ts';
import { paymentUniques, paymentRow } from './payment-writes.ts';
import { saveMemberCopy, saveTrainerCopy } from '../db/people-repo.ts';
import type { PaymentsDb, PayMembersTable, PayTrainersTable } from '../db/schema.ts';
import { rupeesToPaise } from '../domain/money.ts';
import type { PaymentDetails, RecordPayment } from '../domain/payment/decider.ts';
import { periodEnd } from '../domain/period.ts';
import { toPayment } from '../views/payment-view.ts';
import { actorOf } from './access.ts';
import { decideGst, type DecidedGst } from './gst.ts';
import { applyReferralCredit, spendReferralCredit } from './referral-credit.ts';
import { todayAt, type PaymentsDeps } from './deps.ts';

type Deps = Pick<PaymentsDeps, 'db' | 'clock' | 'directory' | 'timeZone' | 'people'>;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const TYPE_LABEL: Record<string, string> = { basic: 'Basic', premium: 'Premium', vip: 'VIP', annual: 'Annual' };

/**
 * A member of the caller's organization and locations, else 404: this service's copy from members' events, read
 * through from the members service when the copy lacks them (a member added a moment ago: "add, then take the fee").
 */
export const memberInScope = async (deps: Deps, ctx: RequestContext, id: string): Promise<PayMembersTable> => {
  const m = await readThrough({
    local: () => deps.db.selectFrom('pay_members').selectAll().where('id', '=', id).where('org_id', '=', ctx.orgId).executeTakeFirst(),
    remote: () => deps.people?.member(id, ctx) ?? Promise.resolve(null),
    save: (c) => saveMemberCopy(deps.db, ctx.orgId, c),
    key: `member:${id}:${ctx.bearer ?? ''}`,
  });
  if (!m || !ctx.locationIds.includes(m.location_id)) throw notFound('Member');
  return m as PayMembersTable;
};
/** A trainer of the caller's organization and locations (read through like memberInScope), else 404. */
export const trainerInScope = async (deps: Deps, ctx: RequestContext, id: string): Promise<PayTrainersTable> => {
  const t = await readThrough({
    local: () => deps.db.selectFrom('pay_trainers').selectAll().where('id', '=', id).where('org_id', '=', ctx.orgId).executeTakeFirst(),
    remote: () => deps.people?.trainer(id, ctx) ?? Promise.resolve(null),
    save: (c) => saveTrainerCopy(deps.db, ctx.orgId, c),
    key: `trainer:${id}:${ctx.bearer ?? ''}`,
  });
  if (!t || !ctx.locationIds.includes(t.location_id)) throw notFound('Trainer');
  return t as PayTrainersTable;
};
const nameOf = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

type RecordData = Omit<RecordPayment['data'], 'paymentId' | 'orgId' | 'at' | 'by'>;

/**
 * Records a payment. A member's membership payment (`credit`) takes the member's referral credits off its taxable
 * amount, its GST decided again on what is left (`gstOn`), in the same transaction as the payment.
 */
const record = async (
  deps: Deps,
  ctx: RequestContext,
  data: RecordData,
  credit?: { memberId: string; gstOn: (db: Executor<PaymentsDb>, amountPaise: number) => Promise<DecidedGst> },
): Promise<Payment> => {
  const paymentId = newId();
  const at = deps.clock().toISOString();
  await inTransaction(deps.db, async (trx) => {
    const credited = credit
      ? await applyReferralCredit(trx, {
          orgId: ctx.orgId,
          memberId: credit.memberId,
          gst: { amountPaise: data.amountPaise, gstPaise: data.gstPaise, split: data.gst ?? null },
          gstOn: (amountPaise) => credit.gstOn(trx, amountPaise),
        })
      : null;
    const details: RecordData = credited?.referralCreditPaise
      ? { ...data, amountPaise: credited.amountPaise, gstPaise: credited.gstPaise, gst: credited.split, referralCreditPaise: credited.referralCreditPaise }
      : data;
    const command: RecordPayment = { type: 'RecordPayment', data: { ...details, paymentId, orgId: ctx.orgId, at, by: actorOf(ctx) } };
    await executeCommand(trx, paymentAggregate, paymentId, command, metadataOf(ctx, { locationId: data.locationId }), { mapError: paymentUniques });
    if (credited) await spendReferralCredit(trx, ctx.orgId, paymentId, credited);
  });
  const row = await paymentRow(deps.db, paymentId);
  return toPayment(row);
};

/**
 * Record New Payment. The member's or trainer's location is the payment's (it must be one the caller manages: else
 * 404); otherwise the location given or the caller's first. Membership type and period only for membership payments,
 * salary month and year only for trainer payments.
 */
export const createPayment = async (deps: Deps, ctx: RequestContext, body: CreatePaymentBody): Promise<Payment> => {
  const member = body.paymentCategory === 'member' && body.member ? await memberInScope(deps, ctx, body.member) : null;
  const trainer = body.paymentCategory === 'trainer' && body.trainer ? await trainerInScope(deps, ctx, body.trainer) : null;
  const locationId = member?.location_id ?? trainer?.location_id ?? body.locationId ?? ctx.locationIds[0];
  if (!locationId) throw notFound('Location');
  assertLocation(ctx, locationId);
  const isMembership = body.paymentCategory === 'member' && (MEMBERSHIP_PAYMENT_TYPES as readonly string[]).includes(body.paymentType);
  // The server's GST (the rule on the location's day), not the one sent: see decideGst.
  const gstInput = {
    orgId: ctx.orgId,
    locationId,
    category: body.paymentCategory,
    amountPaise: rupeesToPaise(body.amount),
    sentGstPaise: rupeesToPaise(body.gstAmount),
    date: await todayAt(deps, locationId),
    billingGstin: body.billing?.gstin ?? null,
  };
  const gst = await decideGst(deps.db, gstInput);
  const details: Omit<PaymentDetails, 'paymentId' | 'orgId'> = {
    locationId,
    category: body.paymentCategory,
    type: body.paymentType,
    memberId: member?.id ?? null,
    memberName: member ? nameOf(member) : '',
    trainerId: trainer?.id ?? null,
    trainerName: trainer ? nameOf(trainer) : '',
    amountPaise: gst.amountPaise,
    gstPaise: gst.gstPaise,
    gst: gst.split,
    method: body.paymentMethod,
    description: body.description,
    notes: body.notes ?? '',
    membershipType: isMembership ? (body.membershipType ?? member?.membership_type ?? null) : null,
    membershipPeriod: isMembership ? (body.membershipPeriod ?? null) : null,
    paymentFrequency: null,
    salaryPeriod: body.paymentCategory === 'trainer' ? (body.salaryPeriod ?? null) : null,
    dueDate: body.dueDate ?? null,
    source: 'staff',
    sourceId: null,
    billing: body.billing ? { gstin: body.billing.gstin, name: body.billing.name, address: body.billing.address } : null,
  };
  // A membership payment of a member takes their referral credits (GST on what is left).
  const credit =
    isMembership && member
      ? { memberId: member.id, gstOn: (db: Executor<PaymentsDb>, amountPaise: number) => decideGst(db, { ...gstInput, amountPaise }) }
      : undefined;
  return record(deps, ctx, { ...details, status: body.status }, credit);
};

/**
 * A membership payment for the member's next term: it starts the day the current term ends (or today, when that is
 * past), or on the start date given; its end follows the frequency. Completed, it becomes a term in members.
 */
export const recordMembershipPayment = async (deps: Deps, ctx: RequestContext, memberId: string, body: MemberMembershipBody): Promise<Payment> => {
  const member = await memberInScope(deps, ctx, memberId);
  const today = await todayAt(deps, member.location_id);
  const startDate = body.startDate ?? (member.status === 'pending' || member.end_date < today ? today : member.end_date);
  const endDate = periodEnd(startDate, body.paymentFrequency);
  const gstInput = {
    orgId: ctx.orgId,
    locationId: member.location_id,
    category: 'member',
    amountPaise: rupeesToPaise(body.amount),
    sentGstPaise: 0,
    date: today,
  };
  const gst = await decideGst(deps.db, gstInput);
  const credit = { memberId: member.id, gstOn: (db: Executor<PaymentsDb>, amountPaise: number) => decideGst(db, { ...gstInput, amountPaise }) };
  return record(
    deps,
    ctx,
    {
      locationId: member.location_id,
      category: 'member',
      type: member.status === 'pending' ? 'membership_fee' : 'membership_renewal',
      memberId: member.id,
      memberName: nameOf(member),
      trainerId: null,
      trainerName: '',
      amountPaise: gst.amountPaise,
      gstPaise: gst.gstPaise,
      gst: gst.split,
      method: body.paymentMethod,
      description: `${TYPE_LABEL[body.membershipType] ?? body.membershipType} membership ${startDate} to ${endDate}`,
      notes: body.notes ?? '',
      membershipType: body.membershipType,
      membershipPeriod: { startDate, endDate },
      paymentFrequency: body.paymentFrequency,
      salaryPeriod: null,
      dueDate: body.dueDate ?? null,
      source: 'staff',
      sourceId: null,
      status: body.status,
    },
    credit,
  );
};

/** A trainer's salary (or commission, bonus, incentive) for a month; a salary once per trainer per month (409). */
export const recordTrainerSalary = async (deps: Deps, ctx: RequestContext, trainerId: string, body: TrainerSalaryBody): Promise<Payment> => {
  const trainer = await trainerInScope(deps, ctx, trainerId);
  const label = body.paymentType === 'salary' ? 'Salary' : body.paymentType.charAt(0).toUpperCase() + body.paymentType.slice(1);
  return record(deps, ctx, {
    locationId: trainer.location_id,
    category: 'trainer',
    type: body.paymentType,
    memberId: null,
    memberName: '',
    trainerId: trainer.id,
    trainerName: nameOf(trainer),
    amountPaise: rupeesToPaise(body.amount),
    gstPaise: 0,
    method: body.paymentMethod,
    description: `${label} for ${MONTHS[body.month - 1]} ${body.year}`,
    notes: body.notes ?? '',
    membershipType: null,
    membershipPeriod: null,
    paymentFrequency: null,
    salaryPeriod: { month: body.month, year: body.year },
    dueDate: null,
    source: 'staff',
    sourceId: null,
    status: body.status,
  });
};
