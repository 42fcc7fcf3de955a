import type { GoogleCallbackResult } from '@akhada/contracts';
import { AppError, newId } from '@akhada/kit';
import { GoogleCallbackRejected, GoogleStateMismatch } from '../adapters/google-oidc.ts';
import { hashResetToken, newResetToken } from '../adapters/reset-tokens.ts';
import {
  countLinkTicketAttempt,
  deleteOidcFlow,
  holdOidcFlowForSecondStep,
  insertLinkTicket,
  insertOidcFlow,
  linkIdentity,
  linkTicketForUpdate,
  markOidcFlowUsed,
  oidcFlowForUpdate,
  pruneOidcFlows,
  useLinkTicket,
  userIdOfIdentity,
} from '../db/google-sign-in-repo.ts';
import { clearFailures, countFailuresSince, recordFailures } from '../db/login-failures-repo.ts';
import { findUserByEmail, findUserById } from '../db/users-repo.ts';
import { isThrottled, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS, throttleRetryAfterSeconds } from '../domain/rules.ts';
import type { AuthDeps, RequestIds } from './deps.ts';
import { ACCOUNT_DEACTIVATED, checkPassword } from './check-password.ts';
import { openSession } from './sign-in.ts';
import { TooManyAttempts } from './too-many-attempts.ts';
import { passesSecondFactor, SECOND_FACTOR_INVALID } from './two-factor.ts';

const PROVIDER = 'google';
const FLOW_TTL_MS = 10 * 60_000;
/** "Confirm it's you" is good for 10 minutes and five wrong passwords. */
const LINK_TICKET_TTL_MS = 10 * 60_000;
const LINK_TICKET_ATTEMPTS = 5;

const NOT_CONFIGURED = () => new AppError(404, 'GOOGLE_SIGN_IN_FAILED', 'Google sign-in is not available. Please use your email and password.');
const FAILED = () => new AppError(502, 'GOOGLE_SIGN_IN_FAILED', 'Google sign-in did not work. Please try again.');
/** Google's answer does not belong to this sign-in (nonce, issuer, audience, expiry, a spent code, an error sent back). */
const REJECTED = () =>
  new AppError(400, 'GOOGLE_SIGN_IN_FAILED', 'Google sign-in could not be verified for this sign-in. Please start again from the sign-in page.');
const LINK_EXPIRED = () =>
  new AppError(400, 'GOOGLE_LINK_EXPIRED', 'This Google sign-in has expired or was already used. Please start again from the sign-in page.');
const WRONG_PASSWORD = () => new AppError(401, 'WRONG_PASSWORD', 'Your password is incorrect', [{ path: 'password', message: 'Your password is incorrect' }]);
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
    if (err instanceof GoogleCallbackRejected || new URLSearchParams(input.query).has('error')) {
      deps.logger.info({ err }, 'Google sign-in: the callback did not check out');
      throw REJECTED();
    }
    deps.logger.warn({ err }, 'Google sign-in: Google could not be reached');
    throw FAILED();
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
  if (!linked) {
    // An email alone proves nothing about the account: whoever controls a Google account with it would sign in as its
    // owner. Nothing is linked until the account's password confirms it (POST /auth/google/link with this ticket).
    const ticket = newResetToken();
    await insertLinkTicket(db, {
      token_hash: hashResetToken(ticket),
      user_id: user.id,
      provider: PROVIDER,
      subject: identity.subject,
      email: identity.email,
      created_at: now,
      expires_at: new Date(now.getTime() + LINK_TICKET_TTL_MS),
    });
    await deleteOidcFlow(db, flow.id);
    return { outcome: 'confirm-link', linkTicket: ticket, email: identity.email };
  }
  // Two-factor sign-in on: the flow waits for the code (401 TWO_FACTOR_REQUIRED names the methods).
  await holdOidcFlowForSecondStep(db, flow.id, user.id);
  await passesSecondFactor(deps, user.id, undefined, now);
  await deleteOidcFlow(db, flow.id);
  return { outcome: 'signed-in', ...(await openSession(deps, user, input, now)) };
};

type LinkInput = { linkTicket: string; password: string; twoFactorCode?: string | undefined; ip: string; userAgent: string | undefined; ids: RequestIds };

/**
 * "Confirm it's you": the password of the account a Google callback found (its failures count with sign-in's: 5 a
 * minute lock the account, 429 with Retry-After), then its second step when it has one, link the Google account and
 * sign in. The ticket is good once, for 10 minutes and five wrong passwords.
 */
export const confirmGoogleLink = async (deps: Pick<AuthDeps, 'db' | 'clock' | 'keys' | 'passwords' | 'secrets'>, input: LinkInput) => {
  const { db } = deps;
  const now = deps.clock();
  const tokenHash = hashResetToken(input.linkTicket);
  const ticket = await linkTicketForUpdate(db, tokenHash);
  if (!ticket || ticket.used_at || ticket.expires_at <= now || ticket.attempts >= LINK_TICKET_ATTEMPTS) throw LINK_EXPIRED();
  const owner = await findUserById(db, ticket.user_id);
  let checked: Awaited<ReturnType<typeof checkPassword>>;
  try {
    checked = await checkPassword(deps, { email: owner.email, password: input.password, ip: input.ip }, now);
  } catch (err) {
    if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') {
      await countLinkTicketAttempt(db, tokenHash);
      throw WRONG_PASSWORD();
    }
    throw err;
  }
  const { user, keys } = checked;
  if (!(await passesSecondFactor(deps, user.id, input.twoFactorCode, now))) {
    await recordFailures(db, keys, now);
    throw SECOND_FACTOR_INVALID();
  }
  await clearFailures(db, keys[0]!);
  await db.transaction().execute(async (trx) => {
    if (!(await useLinkTicket(trx, tokenHash, now))) throw LINK_EXPIRED();
    await linkIdentity(trx, { provider: ticket.provider, subject: ticket.subject, user_id: user.id, email: ticket.email, created_at: now });
  });
  return openSession(deps, user, input, now);
};
