import { AuthEvents } from '@akhada/contracts';
import { AppError, metadataOf, newId } from '@akhada/kit';
import { describeUserAgent } from '../adapters/user-agent.ts';
import { publish } from '../db/auth-events.ts';
import { clearFailures, countFailuresSince, pruneFailuresBefore, recordFailures } from '../db/login-failures-repo.ts';
import { insertSession, recentUserAgentsOf } from '../db/sessions-repo.ts';
import { findUserByEmail } from '../db/users-repo.ts';
import {
  isNewDevice,
  isThrottled,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_LIMIT_PER_ADDRESS,
  LOGIN_FAILURE_WINDOW_MS,
  sessionExpiresAt,
  throttleRetryAfterSeconds,
} from '../domain/rules.ts';
import type { AuthDeps, RequestIds } from './deps.ts';
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
  input: { email: string; password: string; twoFactorCode?: string | undefined; ip: string; userAgent: string | undefined; ids?: RequestIds },
) => {
  const now = deps.clock();
  const { user, keys } = await checkPassword(deps, input, now);
  // The second step: a wrong code counts as a failure like a wrong password (5 a minute lock the account).
  if (!(await passesSecondFactor(deps, user.id, input.twoFactorCode, now))) {
    await recordFailures(deps.db, keys, now);
    throw SECOND_FACTOR_INVALID();
  }
  await clearFailures(deps.db, keys[0]!);
  return openSession(deps, user, input, now);
};

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

/** A new session of a signed-in account (password and second step passed, or Google's): a new device is announced. */
export const openSession = async (
  deps: Pick<AuthDeps, 'db' | 'keys'>,
  user: NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>,
  input: { ip: string; userAgent: string | undefined; ids?: RequestIds | undefined },
  now: Date,
) => {
  const { db } = deps;
  const sessionId = newId();
  const userAgent = input.userAgent?.slice(0, 300) ?? null;
  const device = describeUserAgent(userAgent).device;
  await db.transaction().execute(async (trx) => {
    const earlier = await recentUserAgentsOf(trx, user.id);
    await insertSession(trx, { id: sessionId, user_id: user.id, expires_at: sessionExpiresAt(now), revoked_at: null, user_agent: userAgent, ip: input.ip });
    // A device not seen before: the user is told (the very first sign-in of an account is no news).
    if (
      isNewDevice(
        device,
        earlier.map((ua) => describeUserAgent(ua).device),
      )
    )
      await publish(
        trx,
        AuthEvents.NewDeviceSignedIn,
        user.id,
        { userId: user.id, sessionId, device, place: input.ip, signedInAt: now.toISOString() },
        metadataOf({ ...(input.ids ?? { requestId: sessionId, correlationId: sessionId }), orgId: user.org_id, userId: user.id }),
        now,
      );
  });
  return issueSessionToken(deps, now, user, sessionId);
};
