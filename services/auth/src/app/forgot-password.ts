import { newId } from '@akhada/kit';
import { queueResetMail } from '../db/password-reset-mails-repo.ts';
import { RESET_REQUEST_WINDOW_MS, RESET_REQUESTS_PER_WINDOW } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';

/**
 * Always the same answer, in the same time, whether or not the address has an account: one statement queues the reset
 * mail when there is an account that asked fewer than 3 times in 15 minutes (quietly otherwise: the earlier mails are
 * still valid). The mail leaves after the reply, through the reset-mail sender (send-reset-mails.ts).
 */
export const forgotPassword = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, email: string): Promise<void> => {
  const now = clock();
  await queueResetMail(db, { id: newId(), email, now, since: new Date(now.getTime() - RESET_REQUEST_WINDOW_MS), limit: RESET_REQUESTS_PER_WINDOW });
};
