import { within } from '@akhada/kit';
import { hashResetToken, newResetToken } from '../adapters/reset-tokens.ts';
import { claimDueResetMail, markResetMailFailed, markResetMailSent } from '../db/password-reset-mails-repo.ts';
import { insertReset } from '../db/password-resets-repo.ts';
import { RESET_TOKEN_TTL_MS, resetMail, resetMailRetryAt } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';

export type ResetMailDeps = Pick<AuthDeps, 'db' | 'clock' | 'mailer' | 'appUrl' | 'logger'>;

/** A mail server that neither answers nor fails is given up on after this long (the attempt counts as failed). */
export const DEFAULT_SEND_TIMEOUT_MS = 30_000;

/**
 * Sends one due reset mail, if there is one: claims it (other senders skip it), makes a fresh single-use token, mails
 * the link and, only once the mail server took it, stores the token's hash (valid 30 minutes from now) and marks the
 * mail sent — all in one transaction holding the claim. A refused mail is tried again later (resetMailRetryAt) and
 * no token of it is stored. The token exists only in the mail and as a hash; it never goes through Kafka.
 */
export const sendDueResetMail = async (
  { db, clock, mailer, appUrl, logger }: ResetMailDeps,
  { sendTimeoutMs = DEFAULT_SEND_TIMEOUT_MS }: { sendTimeoutMs?: number } = {},
): Promise<'sent' | 'failed' | 'none'> =>
  db.transaction().execute(async (trx) => {
    const now = clock();
    const due = await claimDueResetMail(trx, now);
    if (!due) return 'none';
    const token = newResetToken();
    const link = `${appUrl.replace(/\/$/, '')}/reset-password?token=${token}`;
    try {
      await within(
        mailer.send(resetMail({ to: due.email, firstName: due.first_name, link })),
        sendTimeoutMs,
        `the mail server did not answer within ${sendTimeoutMs} ms`,
      );
    } catch (err) {
      const attempts = due.attempts + 1;
      const retryAt = resetMailRetryAt(attempts, now);
      await markResetMailFailed(trx, due.id, { retryAt, now, error: String((err as Error)?.message ?? err) });
      if (retryAt) logger.warn({ err, mailId: due.id, attempts }, 'could not send the password reset mail; will retry');
      else logger.error({ err, mailId: due.id, attempts }, 'could not send the password reset mail; giving up');
      return 'failed';
    }
    await insertReset(trx, { tokenHash: hashResetToken(token), userId: due.user_id, expiresAt: new Date(clock().getTime() + RESET_TOKEN_TTL_MS) });
    await markResetMailSent(trx, due.id, clock());
    return 'sent';
  });

/** Sends every mail that is due now, one transaction each; returns how many were sent. */
export const sendDueResetMails = async (deps: ResetMailDeps, opts: { sendTimeoutMs?: number; isStopped?: () => boolean } = {}): Promise<number> => {
  let sent = 0;
  for (;;) {
    if (opts.isStopped?.()) return sent;
    const result = await sendDueResetMail(deps, opts);
    if (result === 'none') return sent;
    if (result === 'sent') sent++;
  }
};
