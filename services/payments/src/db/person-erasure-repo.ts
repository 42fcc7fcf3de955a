import { DataRightsEvents } from '@akhada/contracts';
import { redactStoredEvents, type Executor } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { PaymentsDb } from './schema.ts';

const { ERASED_NAME, erasedEmail } = DataRightsEvents;

/**
 * Erasure (DPDP) with the GST law's records kept: payments and invoices stay, with every amount, number and date as
 * issued (so every total is unchanged), but a consumer's name and address on them are minimized. A business customer
 * (a GSTIN on the invoice) keeps its legal name and address: those are the business's, and the law requires them.
 * The person's copies (pay_members, pay_trainers) lose name, email and phone; their payments' stored events are redacted.
 */
export const erasePerson = async (db: Executor<PaymentsDb>, orgId: string, personId: string): Promise<void> => {
  await db.updateTable('payments').set({ member_name: ERASED_NAME }).where('org_id', '=', orgId).where('member_id', '=', personId).execute();
  await db.updateTable('payments').set({ trainer_name: ERASED_NAME }).where('org_id', '=', orgId).where('trainer_id', '=', personId).execute();
  await db
    .updateTable('invoices')
    .set({ recipient_name: ERASED_NAME, recipient_address: null })
    .where('org_id', '=', orgId)
    .where('member_id', '=', personId)
    .where('recipient_gstin', 'is', null)
    .execute();
  const contact = { first_name: ERASED_NAME, last_name: '', email: erasedEmail(personId), phone: '' };
  await db.updateTable('pay_members').set(contact).where('org_id', '=', orgId).where('id', '=', personId).execute();
  await db.updateTable('pay_trainers').set(contact).where('org_id', '=', orgId).where('id', '=', personId).execute();
  await redactStoredEvents(db as Transaction<PaymentsDb>, { dataKey: 'memberId', equals: personId }, personId);
};
