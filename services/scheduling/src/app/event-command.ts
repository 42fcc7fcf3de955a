import { executeCommand, type EventMetadata } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import { gymEvent } from '../aggregates/gym-event.ts';
import type { SchedulingDb } from '../db/schema.ts';
import type { EventCommand } from '../domain/event/decider.ts';

/**
 * Every command on an event runs behind a transaction-scoped lock on that event (as a class's do, app/class-command.ts):
 * members racing for its last places queue at the database in the order they arrive, and the decider, seeing the
 * places held, never lets one more in.
 */
export const commandOnEvent = async (trx: Transaction<SchedulingDb>, eventId: string, command: EventCommand, metadata: EventMetadata) => {
  await sql`select pg_advisory_xact_lock(hashtext(${`scheduling-event:${eventId}`}))`.execute(trx);
  return executeCommand(trx, gymEvent, eventId, command, metadata);
};
