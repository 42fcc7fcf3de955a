import { DataRightsEvents } from '@akhada/contracts';
import { redactStoredEvents, type Executor } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { membershipStreamId } from '../domain/membership/decider.ts';
import type { MembersDb } from './schema.ts';

/**
 * Erasure (DPDP): the member keeps their row (ids, membership terms and fees stay for the gym's accounts) but loses
 * name, email, phone, birth date, gender and picture; body measurements are deleted; their stream's stored events are redacted.
 */
export const erasePerson = async (db: Executor<MembersDb>, orgId: string, memberId: string): Promise<void> => {
  await db
    .updateTable('members')
    .set({
      first_name: DataRightsEvents.ERASED_NAME,
      last_name: '',
      email: DataRightsEvents.erasedEmail(memberId),
      phone: '',
      date_of_birth: null,
      gender: null,
      avatar_url: null,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', memberId)
    .execute();
  await db.deleteFrom('measurements').where('org_id', '=', orgId).where('member_id', '=', memberId).execute();
  await redactStoredEvents(db as Transaction<MembersDb>, { streamId: membershipStreamId(memberId) }, memberId);
};
