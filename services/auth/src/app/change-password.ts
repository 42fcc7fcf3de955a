import { AuthEvents } from '@akhada/contracts';
import { AppError, metadataOf, type RequestContext } from '@akhada/kit';
import type { Selectable } from 'kysely';
import { publish } from '../db/auth-events.ts';
import { attemptsSince, clearFailures, deleteAttempt, pruneFailuresBefore, recordAttempt } from '../db/login-failures-repo.ts';
import { revokeSessionsOf } from '../db/sessions-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import { findUserInOrg, setPasswordHash } from '../db/users-repo.ts';
import { isThrottled, LOGIN_FAILURE_WINDOW_MS, revocationCutoff, throttleRetryAfterSeconds } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';
import { TooManyAttempts } from './too-many-attempts.ts';

type UserRow = Selectable<AuthDb['users']>;

const WRONG_PASSWORD = () =>
  new AppError(400, 'WRONG_PASSWORD', 'Current password is incorrect', [{ path: 'currentPassword', message: 'Current password is incorrect' }]);

/**
 * The caller's current password, asked before a change to how they sign in (a new password; two-factor off). Guesses
 * are throttled like sign-in, on one counter for all of them: after 5 wrong ones in a minute the account's next
 * attempts get 429 (even with the right password) until the oldest of them is a minute old. Each attempt is recorded
 * before the password is checked, so parallel guesses count each other and at most 5 are ever checked in a minute.
 * `alsoCheck` (a second step's code) fails like a wrong password; once everything passes the failures are forgotten.
 */
export const withCurrentPassword = async (
  { db, passwords }: Pick<AuthDeps, 'db' | 'passwords'>,
  ctx: RequestContext,
  password: string,
  now: Date,
  wrongPassword: () => AppError,
  alsoCheck?: (user: UserRow) => Promise<void>,
): Promise<UserRow> => {
  const key = `change-password:${ctx.userId}`;
  const attempt = await recordAttempt(db, key, now);
  const recent = await attemptsSince(db, key, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
  if (isThrottled(recent.n - 1)) {
    await deleteAttempt(db, attempt); // refused unchecked: it does not count as a failure
    const seconds = throttleRetryAfterSeconds(recent.oldest ?? now, now);
    throw new TooManyAttempts(
      `Too many attempts with a wrong current password. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
      seconds,
    );
  }
  const user = await findUserInOrg(db, ctx.userId, ctx.orgId);
  if (!user || !(await passwords.verify(user.password_hash, password))) {
    await pruneFailuresBefore(db, new Date(now.getTime() - 10 * LOGIN_FAILURE_WINDOW_MS));
    throw wrongPassword(); // the recorded attempt stays: a failure
  }
  await alsoCheck?.(user); // a throw leaves the attempt recorded: a failure too
  await clearFailures(db, key);
  return user;
};

/** New password, given the current one (throttled: withCurrentPassword); every other session of the user ends (the current one stays). */
export const changePassword = async (
  { db, clock, passwords }: Pick<AuthDeps, 'db' | 'clock' | 'passwords'>,
  ctx: RequestContext,
  body: { currentPassword: string; newPassword: string },
) => {
  const now = clock();
  const user = await withCurrentPassword({ db, passwords }, ctx, body.currentPassword, now, WRONG_PASSWORD);
  if (body.currentPassword === body.newPassword) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The new password must differ from the current one', [
      { path: 'newPassword', message: 'The new password must differ from the current one' },
    ]);
  }
  const hash = await passwords.hash(body.newPassword);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, hash, now);
    await revokeSessionsOf(trx, user.id, now, ctx.sessionId);
    await publish(
      trx,
      AuthEvents.UserSessionsRevoked,
      user.id,
      { userId: user.id, before: revocationCutoff(now).toISOString(), exceptSessionId: ctx.sessionId },
      metadataOf(ctx),
      now,
    );
  });
};
