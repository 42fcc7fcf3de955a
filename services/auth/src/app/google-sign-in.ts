import type { GoogleCallbackResult } from '@akhada/contracts';
import { AppError, newId } from '@akhada/kit';
import { GoogleStateMismatch } from '../adapters/google-oidc.ts';
import {
  deleteOidcFlow,
  holdOidcFlowForSecondStep,
  insertOidcFlow,
  linkIdentity,
  markOidcFlowUsed,
  oidcFlowForUpdate,
  pruneOidcFlows,
  userIdOfIdentity,
} from '../db/google-sign-in-repo.ts';
import { clearFailures, countFailuresSince, recordFailures } from '../db/login-failures-repo.ts';
import { findUserByEmail, findUserById } from '../db/users-repo.ts';
import { isThrottled, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS, throttleRetryAfterSeconds } from '../domain/rules.ts';
import type { AuthDeps, RequestIds } from './deps.ts';
import { ACCOUNT_DEACTIVATED, openSession } from './sign-in.ts';
import { TooManyAttempts } from './too-many-attempts.ts';
import { passesSecondFactor, SECOND_FACTOR_INVALID } from './two-factor.ts';

const PROVIDER = 'google';
const FLOW_TTL_MS = 10 * 60_000;

const NOT_CONFIGURED = () => new AppError(404, 'GOOGLE_SIGN_IN_FAILED', 'Google sign-in is not available. Please use your email and password.');
const FAILED = (status: 400 | 502 = 502) => new AppError(status, 'GOOGLE_SIGN_IN_FAILED', 'Google sign-in did not work. Please try again.');
const STATE_MISMATCH = () =>
  new AppError(400, 'GOOGLE_STATE_MISMATCH', 'This Google sign-in is unknown, used or expired. Please start again from the sign-in page.');
const UNVERIFIED = () =>
  new AppError(
    403,
    'GOOGLE_EMAIL_UNVERIFIED',
    'Google has not verified the email of this account, so it cannot sign in to Akhada. Please use your email and password.',
  );
const INVITATION_PENDING = () => new AppError(403, 'INVITATION_PENDING', 'Your invitation is waiting: open the link in your email to set a password.');

export const googleSignInConfig = (deps: Pick<AuthDeps, 'google'>) => ({ enabled: !!deps.google });

/** A new Google sign-in: its secrets (state, nonce, PKCE verifier) stay here; the browser keeps only the flow's id. */
export const startGoogleSignIn = async (deps: Pick<AuthDeps, 'db' | 'google' | 'clock' | 'logger'>) => {
  const { google } = deps;
  if (!google) throw NOT_CONFIGURED();
  const now = deps.clock();
  let started: Awaited<ReturnType<typeof google.start>>;
  try {
    started = await google.start();
  } catch (err) {
    deps.logger.warn({ err }, 'Google sign-in: discovery failed');
    throw FAILED();
  }
  const id = newId();
  await pruneOidcFlows(deps.db, new Date(now.getTime() - 24 * 60 * 60_000));
  await insertOidcFlow(deps.db, {
    id,
    state: started.state,
    nonce: started.nonce,
    code_verifier: started.codeVerifier,
    created_at: now,
    expires_at: new Date(now.getTime() + FLOW_TTL_MS),
  });
  return { flowId: id, authorizationUrl: started.authorizationUrl };
};

type Input = { flowId: string; query?: string | undefined; twoFactorCode?: string | undefined; ip: string; userAgent: string | undefined; ids: RequestIds };

/**
 * Google's answer for a flow (good once, for 10 minutes): its state must be the flow's; the id_token is checked by
 * openid-client. A verified email of an account (or the Google account linked to one before) signs into it, through
 * its second step when it has one; an unverified email is refused; an unknown one goes on to registration, prefilled.
 */
export const finishGoogleSignIn = async (
  deps: Pick<AuthDeps, 'db' | 'google' | 'clock' | 'logger' | 'keys' | 'secrets'>,
  input: Input,
): Promise<GoogleCallbackResult> => {
  const { google, db } = deps;
  if (!google) throw NOT_CONFIGURED();
  const now = deps.clock();
  const flow = await db.transaction().execute(async (trx) => {
    const row = await oidcFlowForUpdate(trx, input.flowId);
    if (!row || row.expires_at <= now || (row.used_at && !row.user_id)) return null;
    if (!row.user_id) await markOidcFlowUsed(trx, row.id, now); // one callback per flow, even in a race
    return row;
  });
  if (!flow) throw STATE_MISMATCH();

  // The second step of an account Google signed into already (the same flow, now with the code).
  if (flow.user_id) {
    const user = await findUserById(db, flow.user_id);
    const keys = [`email:${user.email.toLowerCase()}`, `ip:${input.ip}`];
    const counts = await countFailuresSince(db, [keys[0]!], new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
    const c = counts[0];
    if (c && isThrottled(c.n, LOGIN_FAILURE_LIMIT))
      throw new TooManyAttempts('Too many sign-in attempts. Please wait a minute and try again.', throttleRetryAfterSeconds(new Date(c.oldest), now));
    if (!(await passesSecondFactor(deps, user.id, input.twoFactorCode, now))) {
      await recordFailures(db, keys, now);
      throw SECOND_FACTOR_INVALID();
    }
    await clearFailures(db, keys[0]!);
    await deleteOidcFlow(db, flow.id);
    return { outcome: 'signed-in', ...(await openSession(deps, user, input, now)) };
  }

  if (!input.query) throw STATE_MISMATCH();
  let identity: Awaited<ReturnType<typeof google.finish>>;
  try {
    identity = await google.finish(input.query, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
  } catch (err) {
    if (err instanceof GoogleStateMismatch) throw STATE_MISMATCH();
    deps.logger.warn({ err }, 'Google sign-in: the callback did not check out');
    throw FAILED(new URLSearchParams(input.query).has('error') ? 400 : 502);
  }
  if (!identity.email || !identity.emailVerified) throw UNVERIFIED();

  const linked = await userIdOfIdentity(db, PROVIDER, identity.subject);
  const user = linked ? await findUserById(db, linked) : await findUserByEmail(db, identity.email);
  if (!user)
    return {
      outcome: 'register',
      prefill: { email: identity.email, firstName: identity.givenName.slice(0, 50), lastName: identity.familyName.slice(0, 50) },
    };
  if (user.status === 'invited') throw INVITATION_PENDING();
  if (user.status === 'deactivated') throw ACCOUNT_DEACTIVATED();
  await linkIdentity(db, { provider: PROVIDER, subject: identity.subject, user_id: user.id, email: identity.email, created_at: now });
  // Two-factor sign-in on: the flow waits for the code (401 TWO_FACTOR_REQUIRED names the methods).
  await holdOidcFlowForSecondStep(db, flow.id, user.id);
  await passesSecondFactor(deps, user.id, undefined, now);
  await deleteOidcFlow(db, flow.id);
  return { outcome: 'signed-in', ...(await openSession(deps, user, input, now)) };
};
