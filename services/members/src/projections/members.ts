import type { Executor, StoredEvent } from '@akhada/kit';
import { sql } from 'kysely';
import { upsertMember } from '../db/members-repo.ts';
import type { MembersDb, MembersTable } from '../db/schema.ts';
import type { MemberRegistered, MemberSignedUp, MembershipEvent } from '../domain/membership/decider.ts';

/** The row a registration puts into the members table (everything from the event, nothing from the clock). */
export const registeredRow = (data: MemberRegistered['data'], version: number): MembersTable => ({
  id: data.memberId,
  org_id: data.orgId,
  location_id: data.locationId,
  first_name: data.firstName,
  last_name: data.lastName,
  email: data.email,
  phone: data.phone,
  membership_type: data.membershipType,
  membership_status: 'active',
  payment_frequency: data.paymentFrequency,
  fee_paise: data.feePaise,
  start_date: data.startDate,
  end_date: data.endDate,
  date_of_birth: data.dateOfBirth ?? null,
  gender: data.gender ?? null,
  registered_at: new Date(data.registeredAt),
  version,
  frozen_from: null,
  account_status: 'invited',
  joined_with_code: false,
  trainer_id: null,
  payment_method: data.paymentMethod ?? null,
  archived_at: null,
  avatar_url: null,
  last_check_in: null,
  total_workouts: 0,
  acquisition_source: data.acquisitionSource ?? null,
  enquiry_id: data.enquiryId ?? null,
});

/** A join-code sign-up: awaiting a plan, their account already active; dates are the sign-up day, fee 0. */
export const signedUpRow = (data: MemberSignedUp['data'], version: number): MembersTable => ({
  ...registeredRow(
    {
      ...data,
      membershipType: 'basic',
      paymentFrequency: 'monthly',
      feePaise: 0,
      startDate: data.signedUpAt.slice(0, 10),
      endDate: data.signedUpAt.slice(0, 10),
      registeredAt: data.signedUpAt,
    },
    version,
  ),
  membership_status: 'pending',
  account_status: 'active',
  joined_with_code: true,
});

/** Moves a row forward to `version` only if it is behind (a replayed event changes nothing). */
const update = (db: Executor<MembersDb>, memberId: string, version: number, set: Partial<MembersTable>) =>
  db
    .updateTable('members')
    .set({ ...set, version })
    .where('id', '=', memberId)
    .where('version', '<', version)
    .executeTakeFirst();

/** The members row's dates, type and fee follow the latest term. */
const followLatestTerm = (db: Executor<MembersDb>, memberId: string) =>
  sql`update members m set start_date = t.start_date, end_date = t.end_date, membership_type = t.membership_type,
        payment_frequency = t.payment_frequency, fee_paise = t.fee_paise, payment_method = t.payment_method
      from (select * from membership_terms where member_id = ${memberId} order by term_no desc limit 1) t
      where m.id = ${memberId}`.execute(db);

/**
 * The members and membership_terms read tables, projected from membership events: inline in the command's transaction
 * (registered with the membership aggregate) and in rebuild. Everything written comes from the event, so a rebuild
 * reproduces the tables exactly; rows only move forward by stream version.
 */
export const projectMembers = async (db: Executor<MembersDb>, { event, streamVersion: v, recordedAt }: StoredEvent<MembershipEvent>): Promise<void> => {
  switch (event.type) {
    case 'MemberRegistered': {
      const d = event.data;
      await upsertMember(db, registeredRow(d, v));
      await db
        .insertInto('membership_terms')
        .values({
          member_id: d.memberId,
          term_no: 1,
          org_id: d.orgId,
          membership_type: d.membershipType,
          payment_frequency: d.paymentFrequency,
          payment_method: d.paymentMethod ?? null,
          fee_paise: d.feePaise,
          start_date: d.startDate,
          end_date: d.endDate,
          days_frozen: 0,
          created_at: new Date(d.registeredAt),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    }
    case 'MemberSignedUp':
      return upsertMember(db, signedUpRow(event.data, v));
    case 'MembershipRenewed': {
      const { memberId, term, renewedAt } = event.data;
      const res = await update(db, memberId, v, { membership_status: 'active', frozen_from: null });
      if (!res.numUpdatedRows) return;
      const org = await db.selectFrom('members').select('org_id').where('id', '=', memberId).executeTakeFirstOrThrow();
      await db
        .insertInto('membership_terms')
        .values({
          member_id: memberId,
          term_no: term.termNo,
          org_id: org.org_id,
          membership_type: term.membershipType,
          payment_frequency: term.paymentFrequency,
          payment_method: term.paymentMethod,
          fee_paise: term.feePaise,
          start_date: term.startDate,
          end_date: term.endDate,
          days_frozen: 0,
          created_at: new Date(renewedAt),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await followLatestTerm(db, memberId);
      return;
    }
    case 'MembershipFrozen':
      await update(db, event.data.memberId, v, { membership_status: 'frozen', frozen_from: event.data.frozenFrom });
      return;
    case 'MembershipUnfrozen': {
      const { memberId, daysFrozen } = event.data;
      const row = await db.selectFrom('members').select(['frozen_from', 'version']).where('id', '=', memberId).executeTakeFirst();
      if (!row || row.version >= v || !row.frozen_from) return;
      const from = row.frozen_from;
      // The same shift as the decider's: the term the freeze began in ends later; later terms move whole.
      await sql`update membership_terms set start_date = start_date + ${daysFrozen}::int, end_date = end_date + ${daysFrozen}::int
                where member_id = ${memberId} and start_date > ${from}::date`.execute(db);
      await sql`update membership_terms set end_date = end_date + ${daysFrozen}::int, days_frozen = days_frozen + ${daysFrozen}::int
                where member_id = ${memberId} and start_date <= ${from}::date and end_date > ${from}::date`.execute(db);
      await update(db, memberId, v, { membership_status: 'active', frozen_from: null });
      await followLatestTerm(db, memberId);
      return;
    }
    case 'MembershipExpired':
      await update(db, event.data.memberId, v, { membership_status: 'expired' });
      return;
    case 'MembershipCancelled':
      await update(db, event.data.memberId, v, { membership_status: 'cancelled', frozen_from: null });
      return;
    case 'MemberTrainerAssigned':
      await update(db, event.data.memberId, v, { trainer_id: event.data.trainerId });
      return;
    case 'MemberTrainerUnassigned':
      await update(db, event.data.memberId, v, { trainer_id: null });
      return;
    case 'MemberProfileChanged': {
      const d = event.data;
      await update(db, d.memberId, v, {
        first_name: d.firstName,
        last_name: d.lastName,
        email: d.email,
        phone: d.phone,
        date_of_birth: d.dateOfBirth,
        gender: d.gender,
      });
      return;
    }
    case 'MemberArchived':
      await update(db, event.data.memberId, v, { membership_status: 'archived', frozen_from: null, archived_at: new Date(event.data.archivedAt) });
      return;
    case 'ReferralRewarded': {
      const d = event.data;
      const res = await update(db, d.memberId, v, {});
      if (!res.numUpdatedRows) return;
      const row = await db.selectFrom('members').select('org_id').where('id', '=', d.memberId).executeTakeFirstOrThrow();
      await sql`update membership_terms set end_date = ${d.endDate}::date
                where member_id = ${d.memberId} and term_no = (select max(term_no) from membership_terms where member_id = ${d.memberId})`.execute(db);
      await followLatestTerm(db, d.memberId);
      await db
        .insertInto('referral_rewards')
        .values({
          lead_id: d.leadId,
          org_id: row.org_id,
          member_id: d.memberId,
          referred_member_id: d.referredMemberId,
          days: d.days,
          end_date: d.endDate,
          rewarded_at: recordedAt,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    }
    case 'ReferralCreditGranted': {
      const d = event.data;
      const res = await update(db, d.memberId, v, {});
      if (!res.numUpdatedRows) return;
      const row = await db.selectFrom('members').select('org_id').where('id', '=', d.memberId).executeTakeFirstOrThrow();
      await db
        .insertInto('referral_credits')
        .values({
          lead_id: d.leadId,
          org_id: row.org_id,
          member_id: d.memberId,
          referred_member_id: d.referredMemberId,
          credit_paise: d.creditPaise,
          granted_at: recordedAt,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    }
    case 'MemberInvitationResendRequested':
      await update(db, event.data.memberId, v, {});
      return;
    default:
      return; // events this version does not project
  }
};
