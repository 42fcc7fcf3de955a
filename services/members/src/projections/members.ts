import type { Executor, StoredEvent } from '@akhada/kit';
import { upsertMember } from '../db/members-repo.ts';
import type { MembersDb, MembersTable } from '../db/schema.ts';
import type { MemberRegistered, MembershipEvent } from '../domain/membership/decider.ts';

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
  date_of_birth: null,
  gender: null,
  registered_at: new Date(data.registeredAt),
  version,
});

/**
 * The members read table, projected from membership events: inline in the command's transaction (registered with the
 * membership aggregate) and in rebuild. Everything written comes from the event, so a rebuild reproduces the table
 * exactly; the upsert only moves a row forward by stream version.
 */
export const projectMembers = async (db: Executor<MembersDb>, { event, streamVersion }: StoredEvent<MembershipEvent>): Promise<void> => {
  switch (event.type) {
    case 'MemberRegistered':
      return upsertMember(db, registeredRow(event.data, streamVersion));
    default:
      return; // events this version does not project
  }
};
