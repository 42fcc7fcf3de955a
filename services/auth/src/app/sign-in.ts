import { AppError, newId } from '@akhada/kit';
import { clearFailures, countFailuresSince, pruneFailuresBefore, recordFailures } from '../db/login-failures-repo.ts';
import { insertSession } from '../db/sessions-repo.ts';
import { findUserByEmail } from '../db/users-repo.ts';
import {
  isThrottled,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_LIMIT_PER_ADDRESS,
  LOGIN_FAILURE_WINDOW_MS,
  sessionExpiresAt,
  throttleRetryAfterSeconds,
} from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';
import { issueSessionToken } from './issue-session-token.ts';
import { TooManyAttempts } from './too-many-attempts.ts';
import { passesSecondFactor, SECOND_FACTOR_INVALID } from './two-factor.ts';

const INVALID = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
const INVITATION_PENDING = () => new AppError(403, 'INVITATION_PENDING', 'Your invitation is waiting: open the link in your email to set a password.');
export const ACCOUNT_DEACTIVATED = () => new AppError(403, 'ACCOUNT_DEACTIVATED', 'This account is no longer active. Ask your gym.');
const THROTTLED = (retryAfterSeconds: number) => new TooManyAttempts('Too many sign-in attempts. Please wait a minute and try again.', retryAfterSeconds);

/**
 * Unknown email and wrong password answer the same; 5 failures a minute lock an account's sign-in, 30 a minute an
 * address's (a gym's Wi-Fi is shared); the 429 says when to try again (Retry-After).
 * An invited account has no password yet: whatever was typed, it is told where its invitation is. A deactivated
 * account is told it ended only after the right password (a guess learns nothing about the address).
 */
export const signIn = async (
  deps: Pick<AuthDeps, 'db' | 'clock' | 'keys' | 'passwords' | 'secrets'>,
  input: { email: string; password: string; twoFactorCode?: string | undefined; ip: string; userAgent: string | undefined },
) => {
  const { db, passwords } = deps;
  const now = deps.clock();
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
  // The second step: a wrong code counts as a failure like a wrong password (5 a minute lock the account).
  if (!(await passesSecondFactor(deps, user.id, input.twoFactorCode, now))) {
    await recordFailures(db, keys, now);
    throw SECOND_FACTOR_INVALID();
  }
  await clearFailures(db, keys[0]!);
  const sessionId = newId();
  await insertSession(db, {
    id: sessionId,
    user_id: user.id,
    expires_at: sessionExpiresAt(now),
    revoked_at: null,
    user_agent: input.userAgent?.slice(0, 300) ?? null,
    ip: input.ip,
  });
  return issueSessionToken(deps, now, user, sessionId);
};
