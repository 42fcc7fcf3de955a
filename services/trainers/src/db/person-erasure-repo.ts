import { DataRightsEvents } from '@akhada/contracts';
import { redactStoredEvents, type Executor } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { trainerStreamId } from '../domain/trainer/decider.ts';
import type { TrainersDb } from './schema.ts';

const { ERASED_NAME, erasedEmail } = DataRightsEvents;

/**
 * Erasure (DPDP): a member leaves no name, email or phone in the trainers' client lists (appointments hold only ids); a trainer
 * keeps their row (earnings and ratings stay countable) without name, email, phone, bio or picture, and their stream is redacted.
 */
export const erasePerson = async (db: Executor<TrainersDb>, orgId: string, p: { memberId: string | null; trainerId: string | null }): Promise<void> => {
  if (p.memberId) {
    await db
      .updateTable('trainer_clients')
      .set({ first_name: ERASED_NAME, last_name: '', email: erasedEmail(p.memberId), phone: '' })
      .where('org_id', '=', orgId)
      .where('member_id', '=', p.memberId)
      .execute();
  }
  if (p.trainerId) {
    await db
      .updateTable('trainers')
      .set({ first_name: ERASED_NAME, last_name: '', email: erasedEmail(p.trainerId), phone: '', bio: '', avatar_url: null })
      .where('org_id', '=', orgId)
      .where('id', '=', p.trainerId)
      .execute();
    await redactStoredEvents(db as Transaction<TrainersDb>, { streamId: trainerStreamId(p.trainerId) }, p.trainerId);
  }
};
