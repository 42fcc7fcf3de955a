import { DataRightsEvents } from '@akhada/contracts';
import { redactStoredEvents, type Executor } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { sessionStreamId } from '../domain/session/decider.ts';
import type { AttendanceDb } from './schema.ts';

const { ERASED_NAME, erasedEmail } = DataRightsEvents;

/**
 * Erasure (DPDP): the person's visits stay (counts, durations, streaks) without their name and email, in the sessions
 * and in this service's copies of members and trainers; their own check-in stream's stored events are redacted.
 */
export const erasePerson = async (db: Executor<AttendanceDb>, orgId: string, personId: string): Promise<void> => {
  const email = erasedEmail(personId);
  await db
    .updateTable('sessions')
    .set({ first_name: ERASED_NAME, last_name: '', email })
    .where('org_id', '=', orgId)
    .where('person_id', '=', personId)
    .execute();
  await db
    .updateTable('sessions')
    .set({ trainer_first_name: ERASED_NAME, trainer_last_name: '', trainer_email: email })
    .where('org_id', '=', orgId)
    .where('trainer_id', '=', personId)
    .execute();
  await db
    .updateTable('members')
    .set({ first_name: ERASED_NAME, last_name: '', email, phone: '' })
    .where('org_id', '=', orgId)
    .where('id', '=', personId)
    .execute();
  await db.updateTable('trainers').set({ first_name: ERASED_NAME, last_name: '', email }).where('org_id', '=', orgId).where('id', '=', personId).execute();
  await redactStoredEvents(db as Transaction<AttendanceDb>, { streamId: sessionStreamId(personId) }, personId);
};
