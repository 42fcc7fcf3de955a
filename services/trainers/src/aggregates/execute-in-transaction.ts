import { conflict, executeCommandIn, retryOnConflict, type Aggregate, type CommandResult, type EventMetadata, type KitTables } from '@akhada/kit';
import type { Transaction } from 'kysely';

/**
 * The kit's executeCommandIn for trainer commands: a consumer's inbox transaction, or a command that must check
 * something under a lock first (the plan's allowance). `expectedVersion`, when given, is the version the client saw: a
 * stream that moved on since answers 409 CONCURRENCY_CONFLICT without retrying.
 */
export const executeInTransaction = <DB extends KitTables, C, E extends { type: string }, S>(
  trx: Transaction<DB>,
  aggregate: Aggregate<DB, C, E, S>,
  id: string,
  command: C,
  metadata: EventMetadata,
  { expectedVersion }: { expectedVersion?: number | undefined } = {},
): Promise<CommandResult<E, S>> =>
  executeCommandIn(trx, aggregate, id, command, metadata, {
    expectedVersion,
    onStale: () => conflict('CONCURRENCY_CONFLICT', 'Someone else changed this trainer since you opened it. Reload and try again.'),
  });

/** Runs `work` in a transaction, again (up to `maxRetries` times) when another writer appended to the stream first. */
export const withRetry = retryOnConflict;
