import { createHash, randomBytes } from 'node:crypto';
import { countResetsSince, insertReset } from '../db/password-resets-repo.ts';
import { findUserByEmail } from '../db/users-repo.ts';
import { RESET_REQUEST_WINDOW_MS, RESET_REQUESTS_PER_WINDOW, RESET_TOKEN_TTL_MS } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Always the same answer, whether or not the address has an account. Mails a single-use link valid 30 minutes. */
export const forgotPassword = async ({ db, clock, mailer, appUrl, logger }: Pick<AuthDeps, 'db' | 'clock' | 'mailer' | 'appUrl' | 'logger'>, email: string) => {
  const now = clock();
  const user = await findUserByEmail(db, email);
  if (!user) return;
  if ((await countResetsSince(db, user.id, new Date(now.getTime() - RESET_REQUEST_WINDOW_MS))) >= RESET_REQUESTS_PER_WINDOW) return; // quietly: the earlier mails are still valid
  const token = randomBytes(32).toString('base64url');
  await insertReset(db, { tokenHash: sha256(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
  const link = `${appUrl.replace(/\/$/, '')}/reset-password?token=${token}`;
  await mailer
    .send({
      to: user.email,
      subject: 'Reset your Akhada password',
      text: `Hello ${user.first_name},\n\nSomeone asked to reset the password of your Akhada account. Open this link within 30 minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n\n— Akhada`,
    })
    .catch((err: unknown) => logger.error({ err }, 'could not send the password reset mail'));
};
