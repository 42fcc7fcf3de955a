import { executeCommandIn, retryOnConflict, type CommandResult, type EventMetadata } from '@akhada/kit';
import type { Kysely, Transaction } from 'kysely';
import type { AttendanceDb } from '../db/schema.ts';
import type { SessionCommand, SessionEvent, SessionState } from '../domain/session/decider.ts';
import { sessionAggregate } from './session.ts';

/**
 * The session command inside a transaction the caller already holds (the kit's executeCommandIn): a check-in also reads the member's
 * state and marks a QR code used in the same transaction.
 */
export const runCommand = (
  trx: Transaction<AttendanceDb>,
  personId: string,
  command: SessionCommand,
  metadata: EventMetadata,
): Promise<CommandResult<SessionEvent, SessionState>> => executeCommandIn(trx, sessionAggregate, personId, command, metadata);

/** A transaction, run again (up to `retries` times) when another writer appended to a stream first. */
export const inTransaction = <T>(db: Kysely<AttendanceDb>, work: (trx: Transaction<AttendanceDb>) => Promise<T>, retries = 3): Promise<T> =>
  retryOnConflict(() => db.transaction().execute(work), { maxRetries: retries });
