import { AuthEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { EnquiriesDb } from '../db/schema.ts';

/**
 * auth.user_registered of a staff member (owner, admin, trainer) → their name in `staff`, so a lead's owner and the
 * funnel's rows by owner read as a name. Members are passed over; a redelivery writes the same row.
 */
export const onUserRegistered = on(AuthEvents.UserRegistered, async (trx: Transaction<EnquiriesDb>, env) => {
  const d = env.data;
  if (d.role !== 'owner' && d.role !== 'admin' && d.role !== 'trainer') return;
  await trx
    .insertInto('staff')
    .values({ id: d.userId, org_id: d.orgId, first_name: d.firstName.trim(), last_name: d.lastName.trim() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ org_id: d.orgId, first_name: d.firstName.trim(), last_name: d.lastName.trim() }))
    .execute();
});
