import { executeCommandIn, retryOnConflict, type CommandResult, type EventMetadata } from '@akhada/kit';
import type { Kysely, Transaction } from 'kysely';
import type { MembersDb } from '../db/schema.ts';
import type { MembershipCommand, MembershipEvent, MembershipState } from '../domain/membership/decider.ts';
import { membershipAggregate } from './membership.ts';

/**
 * The membership command inside a transaction the caller already holds (the kit's executeCommandIn): for commands whose rule needs more than
 * the stream (the plan's member count and the trainer's client count, each under an advisory lock taken first) and for
 * consumers (the inbox transaction).
 */
export const runCommand = (
  trx: Transaction<MembersDb>,
  memberId: string,
  command: MembershipCommand,
  metadata: EventMetadata,
): Promise<CommandResult<MembershipEvent, MembershipState>> => executeCommandIn(trx, membershipAggregate, memberId, command, metadata);

/** A transaction, run again (up to `retries` times) when another writer appended to a stream first. */
export const inTransaction = <T>(db: Kysely<MembersDb>, work: (trx: Transaction<MembersDb>) => Promise<T>, retries = 3): Promise<T> =>
  retryOnConflict(() => db.transaction().execute(work), { maxRetries: retries });
