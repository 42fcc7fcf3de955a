import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { AuthDb } from './schema.ts';

/** The NOTIFY channel that wakes the reset-mail senders of a schema (one per service schema, like the kit's outbox). */
export const resetMailsChannel = (schema: string): string => `auth_reset_mails_${schema}`;

/**
 * Queues a reset mail for the account with this email, unless it has no account that can sign in (an invited account
 * sets its first password through its invitation; a deactivated one cannot come back this way) or asked `limit` times since `since`,
 * and wakes the senders at commit. ONE statement, the same for known and unknown addresses (no branch in the caller,
 * so the answer takes the same time either way); returns whether a mail was queued.
 */
export const queueResetMail = async (
  db: Executor<AuthDb>,
  { id, email, now, since, limit }: { id: string; email: string; now: Date; since: Date; limit: number },
): Promise<boolean> => {
  const { rows } = await sql<{ queued: boolean }>`
    with queued as (
      insert into password_reset_mails (id, user_id, requested_at, next_attempt_at)
      select ${id}::uuid, u.id, ${now}::timestamptz, ${now}::timestamptz
      from users u
      where lower(u.email) = ${email.toLowerCase()}
        and u.status in ('active', 'pending')
        and (select count(*) from password_reset_mails m where m.user_id = u.id and m.requested_at > ${since}::timestamptz) < ${limit}::int
      returning id
    )
    select true as queued, pg_notify(${sql.lit('auth_reset_mails_')} || current_schema(), '') from queued`.execute(db);
  return rows.length > 0;
};

/**
 * The next due mail, locked for this transaction; rows another sender holds are skipped (several instances send
 * side by side, each mail once).
 */
export const claimDueResetMail = (trx: Executor<AuthDb>, now: Date) =>
  trx
    .selectFrom('password_reset_mails as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'm.attempts', 'u.email', 'u.first_name'])
    .where('m.sent_at', 'is', null)
    .where('m.failed_at', 'is', null)
    .where('m.next_attempt_at', '<=', now)
    .orderBy('m.next_attempt_at')
    .limit(1)
    .forUpdate('m')
    .skipLocked()
    .executeTakeFirst();

export const markResetMailSent = async (trx: Executor<AuthDb>, id: string, now: Date) => {
  await trx
    .updateTable('password_reset_mails')
    .set((eb) => ({ sent_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
};

/** Records a failed attempt: tried again at `retryAt`, or given up when there is none. */
export const markResetMailFailed = async (trx: Executor<AuthDb>, id: string, { retryAt, now, error }: { retryAt: Date | null; now: Date; error: string }) => {
  await trx
    .updateTable('password_reset_mails')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 500),
      ...(retryAt ? { next_attempt_at: retryAt } : { failed_at: now }),
    }))
    .where('id', '=', id)
    .execute();
};
