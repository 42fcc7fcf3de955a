import { DataRightsEvents } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { ChatDb } from './schema.ts';

/**
 * Erasure (DPDP): the person's entry in chat's directory loses name, email and picture, so every conversation shows them as
 * erased. What they wrote stays with the other participants (it is the other people's conversation too).
 */
export const erasePerson = async (db: Executor<ChatDb>, orgId: string, personId: string): Promise<void> => {
  await db
    .updateTable('chat_people')
    .set({ first_name: DataRightsEvents.ERASED_NAME, last_name: '', email: DataRightsEvents.erasedEmail(personId), avatar_url: null, active: false })
    .where('org_id', '=', orgId)
    .where('id', '=', personId)
    .execute();
};
