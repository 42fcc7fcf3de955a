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

/** `value` with every personal key overwritten, at any depth (a stored event is `{ data: { … } }`, terms and contacts nest). */
const redacted = (value: unknown, email: string): unknown => {
  if (Array.isArray(value)) return value.map((v) => redacted(v, email));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      const how = PERSONAL_KEYS[k];
      if (!how) return [k, redacted(v, email)];
      return [k, how === 'name' ? DataRightsEvents.ERASED_NAME : how === 'empty' ? '' : how === 'email' ? email : null];
    }),
  );
};

/**
 * Overwrites the personal fields of one stream's stored events (an event-sourced record of the person: a member's or
 * trainer's stream, or every event whose `dataKey` names the person, at the top of its data or in its `data`), so a
 * rebuild or an audit read cannot bring the erased data back. Other fields stay as they were. The event store keeps a
 * decider's event without its type, `{ data: { firstName, … } }`: the keys are found at any depth (a first version
 * rewrote only the top level and left real events as they were; its test had seeded flat rows).
 */
export const redactStoredEvents = async (
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's transaction: the events table is the kit's
  trx: Transaction<any>,
  which: { streamId: string } | { dataKey: string; equals: string },
  userId: string,
): Promise<void> => {
  const email = DataRightsEvents.erasedEmail(userId);
  const where =
    'streamId' in which
      ? sql`stream_id = ${which.streamId}`
      : sql`(data->>${which.dataKey} = ${which.equals} or data->'data'->>${which.dataKey} = ${which.equals})`;
  const { rows } = await sql<{ global_position: string; data: unknown }>`select global_position, data from events where ${where} for update`.execute(trx);
  for (const row of rows) {
    const next = redacted(row.data, email);
    if (JSON.stringify(next) === JSON.stringify(row.data)) continue;
    await sql`update events set data = ${JSON.stringify(next)}::jsonb where global_position = ${row.global_position}`.execute(trx);
  }
};
