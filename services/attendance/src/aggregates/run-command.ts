import { appendToStream, ConcurrencyError, enqueue, fold, readStream, type CommandResult, type EventMetadata, type KitTables } from '@akhada/kit';
import type { Kysely, Transaction } from 'kysely';
import type { AttendanceDb } from '../db/schema.ts';
import type { SessionCommand, SessionEvent, SessionState } from '../domain/session/decider.ts';
import { sessionAggregate } from './session.ts';

/**
 * The kit's executeCommand inside a transaction the caller holds: a check-in also reads the member's state and marks a
 * QR code used in the same transaction. Loads the stream, decides, appends at the version read, projects, enqueues.
 */
export const runCommand = async (
  trx: Transaction<AttendanceDb>,
  personId: string,
  command: SessionCommand,
  metadata: EventMetadata,
): Promise<CommandResult<SessionEvent, SessionState>> => {
  const { decider, projections, topic } = sessionAggregate;
  const kitTrx = trx as unknown as Transaction<KitTables>;
  const streamId = sessionAggregate.streamId(personId);
  const past = await readStream<SessionEvent>(kitTrx, streamId);
  const state = fold(
    decider,
    past.events.map((p) => p.event),
  );
  const decided = decider.decide(command, state);
  const { stored, version } = await appendToStream(kitTrx, streamId, past.version, decided, metadata);
  for (const event of stored) {
    for (const project of projections) await project(trx, event);
    for (const envelope of sessionAggregate.toIntegrationEvents(event)) await enqueue(trx, topic, envelope);
  }
  return { state: decided.reduce((s, e) => decider.evolve(s, e), state), events: stored, version };
};

/** A transaction, run again (up to `retries` times) when another writer appended to the stream first. */
export const inTransaction = async <T>(db: Kysely<AttendanceDb>, work: (trx: Transaction<AttendanceDb>) => Promise<T>, retries = 3): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (err instanceof ConcurrencyError && attempt < retries) continue;
      throw err;
    }
  }
};
