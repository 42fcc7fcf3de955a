import { DataRightsEvents } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { NotificationsDb } from './schema.ts';

/**
 * Erasure (DPDP): nothing more is sent to the person (their pending email/WhatsApp messages are skipped and lose the
 * address, their messaging consent ends), and every copy of their name, email and phone here is removed.
 */
export const erasePerson = async (db: Executor<NotificationsDb>, orgId: string, personId: string, now: Date): Promise<void> => {
  const { ERASED_NAME } = DataRightsEvents;
  await db.updateTable('recipients').set({ name: ERASED_NAME, email: null }).where('org_id', '=', orgId).where('user_id', '=', personId).execute();
  await db
    .updateTable('member_copies')
    .set({ first_name: ERASED_NAME, last_name: '', email: null, phone: null })
    .where('org_id', '=', orgId)
    .where('member_id', '=', personId)
    .execute();
  await db
    .updateTable('messaging_consent')
    .set({ granted: false, phone: null, withdrawn_at: now, updated_at: now })
    .where('org_id', '=', orgId)
    .where('user_id', '=', personId)
    .execute();
  await db
    .updateTable('deliveries')
    .set({ status: 'skipped', last_error: 'person erased', next_attempt_at: now })
    .where('org_id', '=', orgId)
    .where('recipient_id', '=', personId)
    .where('status', 'in', ['pending', 'sending'])
    .execute();
  await db.updateTable('deliveries').set({ address: '' }).where('org_id', '=', orgId).where('recipient_id', '=', personId).execute();
  await db.updateTable('payment_copies').set({ member_name: ERASED_NAME }).where('org_id', '=', orgId).where('member_id', '=', personId).execute();
};
