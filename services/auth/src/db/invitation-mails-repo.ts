import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { AuthDb } from './schema.ts';

/** The NOTIFY channel that wakes the invitation-mail senders of a schema. */
export const invitationMailsChannel = (schema: string): string => `auth_invitation_mails_${schema}`;

/** Queues an invitation mail for the user and wakes the senders at commit. */
export const queueInvitationMail = async (db: Executor<AuthDb>, mail: { id: string; userId: string; requestedAt: Date; expiresAt: Date }) => {
  await db
    .insertInto('invitation_mails')
    .values({
      id: mail.id,
      user_id: mail.userId,
      requested_at: mail.requestedAt,
      expires_at: mail.expiresAt,
      next_attempt_at: mail.requestedAt,
      sent_at: null,
      failed_at: null,
      cancelled_at: null,
      last_error: null,
    })
    .execute();
  await sql`select pg_notify(${sql.lit('auth_invitation_mails_')} || current_schema(), '')`.execute(db);
};

/**
 * The user's mails that have not left yet will not be sent (a newer invitation replaces them, or the account ended).
 * A mail a sender holds right now is waited for: its link is then revoked with the others by the caller.
 */
export const cancelUnsentInvitationMailsOf = async (db: Executor<AuthDb>, userId: string, now: Date) => {
  await db
    .updateTable('invitation_mails')
    .set({ cancelled_at: now })
    .where('user_id', '=', userId)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .execute();
};

/**
 * The next due mail with what it needs (the user's current email and name, the gym's name), locked for this
 * transaction; rows another sender holds are skipped. Only for accounts still invited.
 */
export const claimDueInvitationMail = (trx: Executor<AuthDb>, now: Date) =>
  trx
    .selectFrom('invitation_mails as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('organizations as o', 'o.id', 'u.org_id')
    .select(['m.id', 'm.user_id', 'm.attempts', 'm.expires_at', 'u.email', 'u.first_name', 'u.role', 'u.status', 'o.name as gym_name'])
    .where('m.sent_at', 'is', null)
    .where('m.failed_at', 'is', null)
    .where('m.cancelled_at', 'is', null)
    .where('m.next_attempt_at', '<=', now)
    .orderBy('m.next_attempt_at')
    .limit(1)
    .forUpdate('m')
    .skipLocked()
    .executeTakeFirst();

export const markInvitationMailSent = async (trx: Executor<AuthDb>, id: string, now: Date) => {
  await trx
    .updateTable('invitation_mails')
    .set((eb) => ({ sent_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
};

export const markInvitationMailCancelled = async (trx: Executor<AuthDb>, id: string, now: Date) => {
  await trx.updateTable('invitation_mails').set({ cancelled_at: now }).where('id', '=', id).execute();
};

/** Records a failed attempt: tried again at `retryAt`, or given up when there is none. */
export const markInvitationMailFailed = async (
  trx: Executor<AuthDb>,
  id: string,
  { retryAt, now, error }: { retryAt: Date | null; now: Date; error: string },
) => {
  await trx
    .updateTable('invitation_mails')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 500),
      ...(retryAt ? { next_attempt_at: retryAt } : { failed_at: now }),
    }))
    .where('id', '=', id)
    .execute();
};
