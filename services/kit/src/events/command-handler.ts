import type { Kysely, Transaction } from 'kysely';
import { ConcurrencyError } from '../errors.ts';
import type { KitTables } from '../db/kit-migrations.ts';
import { fold, type Decider } from './decider.ts';
import type { EventMetadata } from './envelope.ts';
import { appendToStream, readStream, type StoredEvent } from './event-store.ts';

export interface CommandResult<E extends { type: string }, S> {
  events: StoredEvent<E>[];
  state: S;
  version: number;
}

/**
 * The one shape of a write: load the stream → decide → append with optimistic concurrency, and in the same
 * transaction let the caller update inline projections and enqueue integration events (`onAppended`).
 * Retries a few times when another writer got there first.
 */
export const handleCommand = async <DB extends KitTables, C, E extends { type: string }, S>({
  db,
  decider,
  streamId,
  command,
  metadata,
  onAppended,
  maxRetries = 3,
}: {
  db: Kysely<DB>;
  decider: Decider<C, E, S>;
  streamId: string;
  command: C;
  metadata: EventMetadata;
  onAppended: (trx: Transaction<DB>, result: CommandResult<E, S>) => Promise<void>;
  maxRetries?: number;
}): Promise<CommandResult<E, S>> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const kitTrx = trx as unknown as Transaction<KitTables>;
        const { events: past, version } = await readStream<E>(kitTrx, streamId);
        const state = fold(
          decider,
          past.map((p) => p.event),
        );
        const newEvents = decider.decide(command, state);
        const { stored, version: newVersion } = await appendToStream(kitTrx, streamId, version, newEvents, metadata);
        const result = { events: stored, state: newEvents.reduce((s, e) => decider.evolve(s, e), state), version: newVersion };
        if (stored.length > 0) await onAppended(trx, result);
        return result;
      });
    } catch (err) {
      if (err instanceof ConcurrencyError && attempt < maxRetries) continue;
      throw err;
    }
  }
};
