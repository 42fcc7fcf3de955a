import { executeCommand, preparedSql, type CommandOf, type EventMetadata } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import { classOccurrence } from '../aggregates/class-occurrence.ts';
import type { LocationSettings } from '../db/settings-repo.ts';
import type { SchedulingDb } from '../db/schema.ts';
import type { BookingRules, OccurrenceCommand, OccurrenceState } from '../domain/occurrence/decider.ts';

type Trx = Transaction<SchedulingDb>;

/**
 * Every command on a class runs behind a transaction-scoped lock on that class: commands of one class queue in the
 * order they arrive at the database (the waitlist's order is the order requests were accepted), and a burst of bookings
 * for the last places never turns into a storm of optimistic-concurrency retries. Several classes: in a fixed order.
 */
export const lockClasses = async (trx: Trx, classIds: string[]): Promise<void> => {
  for (const id of [...classIds].sort()) await sql`select pg_advisory_xact_lock(hashtext(${`scheduling-class:${id}`}))`.execute(trx);
};

/** One command on one class, inside the caller's transaction and behind the class's lock. */
export const commandOnClass = async (trx: Trx, classId: string, command: OccurrenceCommand, metadata: EventMetadata) => {
  await lockClasses(trx, [classId]);
  return commandOnLockedClass(trx, classId, command, metadata);
};

/** One command on a class whose lock the caller's transaction already holds (a booking takes the member's with it). */
export const commandOnLockedClass = (trx: Trx, classId: string, command: CommandOf<OccurrenceCommand, OccurrenceState>, metadata: EventMetadata) =>
  executeCommand(trx, classOccurrence, classId, command, metadata);

/** A booking's locks in one round trip: the class's (its queue), then the member's (their monthly count). */
export const lockClassAndMember = async (trx: Trx, classId: string, memberId: string): Promise<void> => {
  await trx.executeQuery(lockClassAndMemberQuery([`scheduling-class:${classId}`, `scheduling-member:${memberId}`]));
};
const lockClassAndMemberQuery = preparedSql('select pg_advisory_xact_lock(hashtext($1)), pg_advisory_xact_lock(hashtext($2))');

export const rulesOf = (s: LocationSettings): BookingRules => ({
  opensDaysBefore: s.opens_days_before,
  closesMinutesBefore: s.closes_minutes_before,
  lateCancelMinutes: s.late_cancel_minutes,
  confirmMinutes: s.confirm_minutes,
});
