import type { StoredEvent } from '@akhada/kit';
import type { Kysely, Transaction } from 'kysely';
import type { MembersDb, MembersTable } from '../db/tables.ts';
import type { MembershipEvent } from '../domain/membership/decider.ts';

type Exec = Kysely<MembersDb> | Transaction<MembersDb>;

/**
 * The members read table, projected from membership events. Runs inline in the command's transaction and in rebuild.
 * Everything written comes from the event (no `now()`), so a rebuild reproduces the table exactly. Upserts only move a
 * row forward (`version < excluded.version`), so applying an event twice changes nothing.
 * The unique (org, lower(email)) index is deliberately not an arbiter here: a duplicate email must fail the command.
 */
export const projectMembers = async (db: Exec, stored: StoredEvent<MembershipEvent>): Promise<MembersTable | undefined> => {
  const { event, streamVersion } = stored;
  switch (event.type) {
    case 'MemberRegistered': {
      const d = event.data;
      return db
        .insertInto('members')
        .values({
          id: d.memberId,
          org_id: d.orgId,
          location_id: d.locationId,
          first_name: d.firstName,
          last_name: d.lastName,
          email: d.email,
          phone: d.phone,
          membership_type: d.membershipType,
          membership_status: 'active',
          payment_frequency: d.paymentFrequency,
          fee_paise: d.feePaise,
          start_date: d.startDate,
          end_date: d.endDate,
          date_of_birth: null,
          gender: null,
          registered_at: new Date(d.registeredAt),
          version: streamVersion,
        })
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
        .returningAll()
        .executeTakeFirst();
    }
    default:
      return undefined;
  }
};
