import { DataRightsEvents, dataRightsTopic, type EventEnvelope } from '@akhada/contracts';
import { sql, type Transaction } from 'kysely';
import { on, type EventHandler } from './consumer.ts';
import { makeEnvelope } from './envelope.ts';
import { metadataOf } from './metadata.ts';
import { enqueue } from './outbox.ts';

/**
 * A service's part of a DPDP erasure: `erase` removes or pseudonymizes the person's personal data in the consumer's
 * transaction (with the inbox row, so a redelivery does nothing twice), then `<service>.person_erased` is answered in
 * the same transaction for auth to count, on the data-rights topic (auth reads that one, not every service's). An
 * event of another organization than its envelope's is ignored.
 */
export const personErasureHandler = <DB>(
  service: DataRightsEvents.ErasingService,
  erase: (trx: Transaction<DB>, person: DataRightsEvents.PersonErasureData, env: EventEnvelope<DataRightsEvents.PersonErasureData>) => Promise<void>,
): EventHandler<DB> =>
  on(DataRightsEvents.PersonErasureRequested, async (trx: Transaction<DB>, env) => {
    const p = env.data;
    if (p.organizationId !== env.orgId) return;
    await erase(trx, p, env);
    await enqueue(
      trx,
      dataRightsTopic(),
      makeEnvelope(DataRightsEvents.PersonErased[service], {
        ...metadataOf(env),
        aggregateId: p.userId,
        occurredAt: env.occurredAt,
        data: { requestId: p.requestId, organizationId: p.organizationId, userId: p.userId, service },
      }),
    );
  });

/** The personal fields of stored events, and what an erasure writes over them (the keys stay, so old events still parse). */
const PERSONAL_KEYS: Record<string, 'name' | 'empty' | 'email' | 'null'> = {
  firstName: 'name',
  lastName: 'empty',
  email: 'email',
  phone: 'empty',
  dateOfBirth: 'null',
  address: 'null',
  emergencyContact: 'null',
  memberName: 'name',
};

/**
 * Overwrites the personal fields of one stream's stored events (an event-sourced record of the person: a member's or
 * trainer's stream, or every event whose `dataKey` names the person), so a rebuild or an audit read cannot bring the
 * erased data back. Other fields stay as they were.
 */
export const redactStoredEvents = async (
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's transaction: the events table is the kit's
  trx: Transaction<any>,
  which: { streamId: string } | { dataKey: string; equals: string },
  userId: string,
): Promise<void> => {
  const email = DataRightsEvents.erasedEmail(userId);
  const cases = Object.entries(PERSONAL_KEYS).map(
    ([k, v]) =>
      sql`when ${k} then ${v === 'name' ? sql`to_jsonb(${DataRightsEvents.ERASED_NAME}::text)` : v === 'empty' ? sql`'""'::jsonb` : v === 'email' ? sql`to_jsonb(${email}::text)` : sql`'null'::jsonb`}`,
  );
  await sql`update events set data = (
      select coalesce(jsonb_object_agg(key, case key ${sql.join(cases, sql` `)} else value end), '{}'::jsonb) from jsonb_each(data)
    ) where ${'streamId' in which ? sql`stream_id = ${which.streamId}` : sql`data->>${which.dataKey} = ${which.equals}`} and jsonb_typeof(data) = 'object'`.execute(
    trx,
  );
};
