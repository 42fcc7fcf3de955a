import type { Executor, StoredEvent } from '@akhada/kit';
import type { MembersDb, MembersTable } from '../db/tables.ts';
import type { MembershipEvent, MemberRegistered } from '../domain/membership/decider.ts';

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
 * The members read table, projected from membership events. Runs inline in the command's transaction and in rebuild.
 * Everything written comes from the event (no `now()`), so a rebuild reproduces the table exactly. Upserts only move a
 * row forward (`version < excluded.version`), so applying an event twice changes nothing.
 * The unique (org, lower(email)) index is deliberately not an arbiter here: a duplicate email must fail the command.
 */
export const projectMembers = async (db: Executor<MembersDb>, stored: StoredEvent<MembershipEvent>): Promise<void> => {
  const { event, streamVersion } = stored;
  switch (event.type) {
    case 'MemberRegistered': {
      await db
        .insertInto('members')
        .values(registeredRow(event.data, streamVersion))
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
              membership_status: eb.ref('excluded.membership_status'),
              payment_frequency: eb.ref('excluded.payment_frequency'),
              fee_paise: eb.ref('excluded.fee_paise'),
              start_date: eb.ref('excluded.start_date'),
              end_date: eb.ref('excluded.end_date'),
              registered_at: eb.ref('excluded.registered_at'),
              version: eb.ref('excluded.version'),
            }))
            .where('members.version', '<', (eb) => eb.ref('excluded.version')),
        )
        .execute();
      return;
    }
    default:
      return;
  }
};
