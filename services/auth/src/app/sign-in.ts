import { AuthEvents } from '@akhada/contracts';
import { metadataOf, newId } from '@akhada/kit';
import { describeUserAgent } from '../adapters/user-agent.ts';
import { publish } from '../db/auth-events.ts';
import { clearFailures, recordFailures } from '../db/login-failures-repo.ts';
import { insertSession, recentUserAgentsOf } from '../db/sessions-repo.ts';
import { findUserByEmail } from '../db/users-repo.ts';
import { isNewDevice, sessionExpiresAt } from '../domain/rules.ts';
import type { AuthDeps, RequestIds } from './deps.ts';
import { issueSessionToken } from './issue-session-token.ts';
import { checkPassword } from './check-password.ts';
import { passesSecondFactor, SECOND_FACTOR_INVALID } from './two-factor.ts';

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
