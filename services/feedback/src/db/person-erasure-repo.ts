import { DataRightsEvents } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { FeedbackDb } from './schema.ts';

/**
 * Erasure (DPDP): the person's feedback stays (ratings and the gym's answers count) without their name; this
 * service's copies of them lose their names.
 */
export const erasePerson = async (db: Executor<FeedbackDb>, orgId: string, personId: string): Promise<void> => {
  const name = { first_name: DataRightsEvents.ERASED_NAME, last_name: '' };
  await db.updateTable('feedback').set({ author_name: DataRightsEvents.ERASED_NAME }).where('org_id', '=', orgId).where('author_id', '=', personId).execute();
  await db.updateTable('members').set(name).where('org_id', '=', orgId).where('id', '=', personId).execute();
  await db.updateTable('trainers').set(name).where('org_id', '=', orgId).where('id', '=', personId).execute();
  await db.updateTable('staff').set(name).where('org_id', '=', orgId).where('id', '=', personId).execute();
};
