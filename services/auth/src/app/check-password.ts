import { AppError } from '@akhada/kit';
import { countFailuresSince, pruneFailuresBefore, recordFailures } from '../db/login-failures-repo.ts';
import { findUserByEmail } from '../db/users-repo.ts';
import { isThrottled, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT_PER_ADDRESS, LOGIN_FAILURE_WINDOW_MS, throttleRetryAfterSeconds } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';
import { TooManyAttempts } from './too-many-attempts.ts';

const INVALID = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
const INVITATION_PENDING = () => new AppError(403, 'INVITATION_PENDING', 'Your invitation is waiting: open the link in your email to set a password.');
export const ACCOUNT_DEACTIVATED = () => new AppError(403, 'ACCOUNT_DEACTIVATED', 'This account is no longer active. Ask your gym.');
const THROTTLED = (retryAfterSeconds: number) => new TooManyAttempts('Too many sign-in attempts. Please wait a minute and try again.', retryAfterSeconds);

/**
 * Sign-in's first step, also asked before an SMS code is sent: throttled per account and address (429 with
 * Retry-After); a wrong password is recorded as a failure. Answers the active account and its throttling keys.
 */
export const checkPassword = async (deps: Pick<AuthDeps, 'db' | 'passwords'>, input: { email: string; password: string; ip: string }, now: Date) => {
  const { db, passwords } = deps;
  const keys = [`email:${input.email.toLowerCase()}`, `ip:${input.ip}`];
  const counts = await countFailuresSince(db, keys, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
  const throttled = counts.filter((c) => isThrottled(c.n, c.key.startsWith('ip:') ? LOGIN_FAILURE_LIMIT_PER_ADDRESS : LOGIN_FAILURE_LIMIT));
  if (throttled.length > 0) throw THROTTLED(Math.max(...throttled.map((c) => throttleRetryAfterSeconds(new Date(c.oldest), now))));

  const user = await findUserByEmail(db, input.email);
  const ok = await passwords.verify(user?.password_hash, input.password);
  if (user?.status === 'invited') throw INVITATION_PENDING();
  if (!user || !ok) {
    await recordFailures(db, keys, now);
    await pruneFailuresBefore(db, new Date(now.getTime() - 10 * LOGIN_FAILURE_WINDOW_MS));
    throw INVALID();
  }
  if (user.status === 'deactivated') throw ACCOUNT_DEACTIVATED();
  return { user, keys };
};
