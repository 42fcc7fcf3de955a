import {
  appendToStream,
  conflict,
  ConcurrencyError,
  enqueue,
  fold,
  readStream,
  type Aggregate,
  type CommandResult,
  type EventMetadata,
  type KitTables,
} from '@akhada/kit';
import type { Transaction } from 'kysely';

/**
 * The kit's executeCommand, inside a transaction the caller already holds: a consumer's inbox transaction (its effect
 * commits with the inbox row) or a command that must check something under a lock first (the plan's allowance). Same
 * steps: load, decide, append at the version read, project inline, enqueue integration events. A ConcurrencyError
 * reaches the caller, who retries the whole transaction. `expectedVersion`, when given, is the version the client saw:
 * a stream that moved on since answers 409 CONCURRENCY_CONFLICT without retrying.
 */
export const executeInTransaction = async <DB extends KitTables, C, E extends { type: string }, S>(
  trx: Transaction<DB>,
  aggregate: Aggregate<DB, C, E, S>,
  id: string,
  command: C,
  metadata: EventMetadata,
  { expectedVersion }: { expectedVersion?: number | undefined } = {},
): Promise<CommandResult<E, S>> => {
  const streamId = aggregate.streamId(id);
  const kitTrx = trx as unknown as Transaction<KitTables>;
  const past = await readStream<E>(kitTrx, streamId);
  if (expectedVersion !== undefined && expectedVersion !== past.version) {
    throw conflict('CONCURRENCY_CONFLICT', 'Someone else changed this trainer since you opened it. Reload and try again.');
  }
  const { decider } = aggregate;
  const state = fold(
    decider,
    past.events.map((p) => p.event),
  );
  const decided = decider.decide(command, state);
  const { stored, version } = await appendToStream(kitTrx, streamId, past.version, decided, metadata);
  for (const event of stored) {
    for (const project of aggregate.projections) await project(trx, event);
    for (const envelope of aggregate.toIntegrationEvents(event)) await enqueue(trx, aggregate.topic, envelope);
  }
  return { state: decided.reduce((s, e) => decider.evolve(s, e), state), events: stored, version };
};

/** Runs `work` in a transaction, again (up to `maxRetries` times) when another writer appended to the stream first. */
export const withRetry = async <T>(work: () => Promise<T>, { maxRetries = 3 }: { maxRetries?: number } = {}): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ConcurrencyError && attempt < maxRetries) continue;
      throw err;
    }
  }
};
