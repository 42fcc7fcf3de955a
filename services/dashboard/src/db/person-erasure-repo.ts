import { DataRightsEvents } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { DashboardDb } from './schema.ts';

/**
 * Erasure (DPDP): the search's copy of the person loses name, email and phone; their check-ins, payments, activity
 * lines and actor name keep their figures under an erased name (the gym's counts and revenue do not change).
 */
export const erasePerson = async (db: Executor<DashboardDb>, orgId: string, personId: string): Promise<void> => {
  const { ERASED_NAME, erasedEmail } = DataRightsEvents;
  await db
    .updateTable('people')
    .set({ first_name: ERASED_NAME, last_name: '', email: erasedEmail(personId), phone: '' })
    .where('org_id', '=', orgId)
    .where('id', '=', personId)
    .execute();
  await db.updateTable('check_ins').set({ name: ERASED_NAME }).where('org_id', '=', orgId).where('person_id', '=', personId).execute();
  await db.updateTable('payments').set({ member_name: ERASED_NAME }).where('org_id', '=', orgId).where('member_id', '=', personId).execute();
  await db.updateTable('activity').set({ name: ERASED_NAME }).where('org_id', '=', orgId).where('person_id', '=', personId).execute();
  await db.updateTable('actors').set({ name: ERASED_NAME }).where('org_id', '=', orgId).where('user_id', '=', personId).execute();
};
