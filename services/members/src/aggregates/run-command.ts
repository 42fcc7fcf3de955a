import { appendToStream, ConcurrencyError, enqueue, fold, readStream, type CommandResult, type EventMetadata, type KitTables } from '@akhada/kit';
import type { Kysely, Transaction } from 'kysely';
import type { MembersDb } from '../db/schema.ts';
import type { MembershipCommand, MembershipEvent, MembershipState } from '../domain/membership/decider.ts';
import { membershipAggregate } from './membership.ts';

/**
 * The kit's executeCommand, inside a transaction the caller already holds: for commands whose rule needs more than the
 * stream (the plan's member count and the trainer's client count, each under an advisory lock taken first) and for
 * consumers (the inbox transaction). Loads the stream, decides, appends at the version read, projects, enqueues.
 */
export const runCommand = async (
  trx: Transaction<MembersDb>,
  memberId: string,
  command: MembershipCommand,
  metadata: EventMetadata,
): Promise<CommandResult<MembershipEvent, MembershipState>> => {
  const { decider, projections, topic } = membershipAggregate;
  const kitTrx = trx as unknown as Transaction<KitTables>;
  const streamId = membershipAggregate.streamId(memberId);
  const past = await readStream<MembershipEvent>(kitTrx, streamId);
  const state = fold(
    decider,
    past.events.map((p) => p.event),
  );
  const decided = decider.decide(command, state);
  const { stored, version } = await appendToStream(kitTrx, streamId, past.version, decided, metadata);
  for (const event of stored) {
    for (const project of projections) await project(trx, event);
    for (const envelope of membershipAggregate.toIntegrationEvents(event)) await enqueue(trx, topic, envelope);
  }
  return { state: decided.reduce((s, e) => decider.evolve(s, e), state), events: stored, version };
};

/** A transaction, run again (up to `retries` times) when another writer appended to a stream first. */
export const inTransaction = async <T>(db: Kysely<MembersDb>, work: (trx: Transaction<MembersDb>) => Promise<T>, retries = 3): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (err instanceof ConcurrencyError && attempt < retries) continue;
      throw err;
    }
  }
};
