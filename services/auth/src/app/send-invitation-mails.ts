import { within } from '@akhada/kit';
import { hashResetToken, newResetToken } from '../adapters/reset-tokens.ts';
import { claimDueInvitationMail, markInvitationMailCancelled, markInvitationMailFailed, markInvitationMailSent } from '../db/invitation-mails-repo.ts';
import { insertInvitation } from '../db/invitations-repo.ts';
import { invitationMail, invitationMailRetryAt } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';
import { DEFAULT_SEND_TIMEOUT_MS } from './send-reset-mails.ts';

export type InvitationMailDeps = Pick<AuthDeps, 'db' | 'clock' | 'mailer' | 'appUrl' | 'logger'>;

/**
 * Sends one due invitation mail, if there is one, the way reset mails go: claims it (other senders skip it), makes a
 * fresh single-use token, mails the link to the account's current address and, only once the mail server took it,
 * stores the token's hash (valid until the mail's expiry, 7 days from the request) and marks the mail sent, in one
 * transaction holding the claim. A refused mail is tried again later and no token of it is stored. A mail of an
 * account that is no longer invited (accepted, deactivated) is dropped. The token exists only in the mail.
 */
export const sendDueInvitationMail = async (
  { db, clock, mailer, appUrl, logger }: InvitationMailDeps,
  { sendTimeoutMs = DEFAULT_SEND_TIMEOUT_MS }: { sendTimeoutMs?: number } = {},
): Promise<'sent' | 'failed' | 'dropped' | 'none'> =>
  db.transaction().execute(async (trx) => {
    const now = clock();
    const due = await claimDueInvitationMail(trx, now);
    if (!due) return 'none';
    if (due.status !== 'invited' || due.expires_at <= now || (due.role !== 'member' && due.role !== 'trainer')) {
      await markInvitationMailCancelled(trx, due.id, now);
      return 'dropped';
    }
    const token = newResetToken();
    const link = `${appUrl.replace(/\/$/, '')}/accept-invitation?token=${token}`;
    try {
      await within(
        mailer.send(invitationMail({ to: due.email, firstName: due.first_name, gymName: due.gym_name, role: due.role, link, expiresAt: due.expires_at })),
        sendTimeoutMs,
        `the mail server did not answer within ${sendTimeoutMs} ms`,
      );
    } catch (err) {
      const attempts = due.attempts + 1;
      const retryAt = invitationMailRetryAt(attempts, now);
      await markInvitationMailFailed(trx, due.id, { retryAt, now, error: String((err as Error)?.message ?? err) });
      if (retryAt) logger.warn({ err, mailId: due.id, attempts }, 'could not send the invitation mail; will retry');
      else logger.error({ err, mailId: due.id, attempts }, 'could not send the invitation mail; giving up');
      return 'failed';
    }
    await insertInvitation(trx, { tokenHash: hashResetToken(token), userId: due.user_id, expiresAt: due.expires_at, now: clock() });
    await markInvitationMailSent(trx, due.id, clock());
    return 'sent';
  });

/** Sends every invitation mail that is due now, one transaction each; returns how many were sent. */
export const sendDueInvitationMails = async (deps: InvitationMailDeps, opts: { sendTimeoutMs?: number; isStopped?: () => boolean } = {}): Promise<number> => {
  let sent = 0;
  for (;;) {
    if (opts.isStopped?.()) return sent;
    const result = await sendDueInvitationMail(deps, opts);
    if (result === 'none') return sent;
    if (result === 'sent') sent++;
  }
};
