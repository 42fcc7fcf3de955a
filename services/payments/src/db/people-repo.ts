import type { MemberCopy, TrainerCopy } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { PaymentsDb } from './schema.ts';

/**
 * A member as the members service answered a read-through (a member added a moment ago), written only where the copy
 * has no row yet: members' events (consumers/members.ts) stay the ones that change it, newer wins by updated_at.
 */
export const saveMemberCopy = async (db: Executor<PaymentsDb>, orgId: string, c: MemberCopy): Promise<void> => {
  await db
    .insertInto('pay_members')
    .values({
      id: c.memberId,
      // Answered under the caller's token: the member is of the caller's organization.
      org_id: orgId,
      location_id: c.locationId,
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      phone: c.phone,
      membership_type: c.membershipType,
      payment_frequency: c.paymentFrequency,
      fee_paise: c.feePaise,
      start_date: c.startDate,
      end_date: c.endDate,
      status: c.status,
      trainer_id: c.trainerId,
      locale: null,
      updated_at: new Date(c.updatedAt),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
};

/** A trainer as the trainers service answered a read-through (a trainer added a moment ago); as saveMemberCopy. */
export const saveTrainerCopy = async (db: Executor<PaymentsDb>, orgId: string, c: TrainerCopy): Promise<void> => {
  await db
    .insertInto('pay_trainers')
    .values({
      id: c.trainerId,
      org_id: orgId,
      location_id: c.locationId,
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      phone: c.phone,
      hourly_rate_paise: c.hourlyRatePaise,
      status: c.status,
      updated_at: new Date(c.updatedAt),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
};
