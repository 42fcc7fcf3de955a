import type { TwoFactorStatus } from '@akhada/contracts';
import { AppError, type RequestContext } from '@akhada/kit';
import { conflict } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import { hashRecoveryCode, isRecoveryCode, newRecoveryCodes, newTotpSecret, totpStep, totpUri } from '../adapters/totp.ts';
import type { AuthDb } from '../db/schema.ts';
import {
  disableTwoFactor,
  enableSecret,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  savePendingSecret,
  setLastStep,
  twoFactorOf,
  useRecoveryCode,
} from '../db/two-factor-repo.ts';
import { findOrganization } from '../db/organizations-repo.ts';
import { findUserInOrg } from '../db/users-repo.ts';
import { smsTwoFactorOf } from '../db/sms-codes-repo.ts';
import { isRequirableStaff, maskPhone } from '../domain/rules.ts';
import { checkSmsCode, enableSmsTwoFactor } from './sms-two-factor.ts';
import { withCurrentPassword } from './change-password.ts';
import type { AuthDeps } from './deps.ts';

const INVALID_CODE = (status: 400 | 401) =>
  new AppError(status, 'TWO_FACTOR_INVALID', 'That code is not right. Check the time on your phone and try a new code.', [
    { path: status === 400 ? 'code' : 'twoFactorCode', message: 'That code is not right' },
  ]);

const statusOf = async (db: AuthDeps['db'] | Transaction<AuthDb>, userId: string): Promise<TwoFactorStatus> => {
  const row = await twoFactorOf(db, userId);
  const sms = await smsTwoFactorOf(db, userId);
  const methods = [...(row?.secret ? (['totp'] as const) : []), ...(sms ? (['sms'] as const) : [])];
  const enabled = methods.length > 0;
  const since = [row?.secret ? row.enabled_at : null, sms?.enabled_at].filter((d): d is Date => !!d).sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    enabled,
    method: methods[0] ?? null,
    enabledAt: since?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, userId) : 0,
    methods,
    smsPhone: sms ? maskPhone(sms.phone) : null,
  };
};

export const twoFactorStatus = (deps: Pick<AuthDeps, 'db'>, ctx: RequestContext) => statusOf(deps.db, ctx.userId);

/** A new secret to scan (kept sealed as pending until a code of it confirms it). */
export const setupTwoFactor = async (deps: Pick<AuthDeps, 'db' | 'secrets'>, ctx: RequestContext) => {
  const user = await findUserInOrg(deps.db, ctx.userId, ctx.orgId);
  if (!user) throw new AppError(404, 'NOT_FOUND', 'User not found');
  if ((await twoFactorOf(deps.db, ctx.userId))?.secret)
    throw conflict('CONFLICT', 'Two-factor authentication is already on. Turn it off first to set up a new app.');
  const secret = newTotpSecret();
  await savePendingSecret(deps.db, ctx.userId, deps.secrets.seal(secret));
  return { secret, otpauthUri: totpUri(secret, user.email) };
};

const WRONG_PASSWORD = () => new AppError(400, 'WRONG_PASSWORD', 'Your password is incorrect', [{ path: 'password', message: 'Your password is incorrect' }]);

/**
 * On with a code of the pending secret (answers recovery codes, once); off with the password and a current code (of
 * the authenticator, an SMS sign-in code, or a recovery code), throttled with change-password's failure counter.
 */
export const updateTwoFactor = async (
  deps: Pick<AuthDeps, 'db' | 'secrets' | 'clock' | 'passwords'>,
  ctx: RequestContext,
  body: { enabled: boolean; method?: 'totp' | 'sms' | undefined; code?: string | undefined; password?: string | undefined },
): Promise<{ status: TwoFactorStatus; recoveryCodes: string[] | null }> => {
  const now = deps.clock();
  if (!body.enabled) {
    const caller = await findUserInOrg(deps.db, ctx.userId, ctx.orgId);
    if (caller && isRequirableStaff(caller.role) && (await findOrganization(deps.db, ctx.orgId)).require_staff_two_factor)
      throw new AppError(403, 'TWO_FACTOR_ENROLMENT_REQUIRED', 'Your gym requires two-factor authentication for staff, so it cannot be turned off.');
    // A wrong code counts like a wrong password: a stolen password alone cannot turn the second step off.
    await withCurrentPassword(deps, ctx, body.password ?? '', now, WRONG_PASSWORD, async (user) => {
      if (!(await passesSecondFactor(deps, user.id, body.code || undefined, now))) throw INVALID_CODE(400);
    });
    await deps.db.transaction().execute((trx) => disableTwoFactor(trx, ctx.userId));
    return { status: await statusOf(deps.db, ctx.userId), recoveryCodes: null };
  }
  if (body.method === 'sms') {
    if (await smsTwoFactorOf(deps.db, ctx.userId)) throw conflict('CONFLICT', 'SMS codes are already on.');
    if (!(await enableSmsTwoFactor(deps, ctx.userId, body.code ?? '', now))) throw INVALID_CODE(400);
    return deps.db.transaction().execute(async (trx) => {
      // The first method on hands out the recovery codes; a second one keeps them.
      if ((await recoveryCodesLeft(trx, ctx.userId)) > 0) return { status: await statusOf(trx, ctx.userId), recoveryCodes: null };
      const codes = newRecoveryCodes();
      await replaceRecoveryCodes(trx, ctx.userId, codes.map(hashRecoveryCode));
      return { status: await statusOf(trx, ctx.userId), recoveryCodes: codes };
    });
  }
  return deps.db.transaction().execute(async (trx) => {
    const row = await twoFactorOf(trx, ctx.userId, { forUpdate: true });
    if (row?.secret) throw conflict('CONFLICT', 'Two-factor authentication is already on.');
    if (!row?.pending_secret) throw conflict('CONFLICT', 'Set up an authenticator app first.');
    const step = totpStep(deps.secrets.open(row.pending_secret), body.code ?? '', now);
    if (step === null) throw INVALID_CODE(400);
    await enableSecret(trx, ctx.userId, row.pending_secret, now, step);
    if (await smsTwoFactorOf(trx, ctx.userId)) return { status: await statusOf(trx, ctx.userId), recoveryCodes: null };
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(trx, ctx.userId, codes.map(hashRecoveryCode));
    return { status: await statusOf(trx, ctx.userId), recoveryCodes: codes };
  });
};

/**
 * Sign-in's second step for an account with two-factor on: a code of the authenticator (a step not used before, so a
 * code works once) or an unused recovery code. Returns false when the code is wrong; throws TWO_FACTOR_REQUIRED when
 * none was sent. Accounts without two-factor pass.
 */
export const passesSecondFactor = async (deps: Pick<AuthDeps, 'db' | 'secrets'>, userId: string, code: string | undefined, now: Date): Promise<boolean> => {
  const totpOn = !!(await twoFactorOf(deps.db, userId))?.secret;
  const smsOn = !!(await smsTwoFactorOf(deps.db, userId));
  if (!totpOn && !smsOn) return true;
  if (!code)
    throw new AppError(
      401,
      'TWO_FACTOR_REQUIRED',
      totpOn ? 'Enter the 6-digit code from your authenticator app.' : 'Enter the 6-digit code we sent you by SMS.',
      // Which second steps the account has: the form offers "Send code by SMS" only with sms (not a form field).
      [{ path: 'twoFactorMethods', message: [totpOn ? 'totp' : '', smsOn ? 'sms' : ''].filter(Boolean).join(' ') }],
    );
  if (isRecoveryCode(code)) return useRecoveryCode(deps.db, userId, hashRecoveryCode(code), now);
  // A code sent by SMS is tried first (it is there only when asked for); else the authenticator's.
  if (smsOn && (await checkSmsCode(deps.db, userId, 'sign-in', code, now)).ok) return true;
  if (!totpOn) return false;
  return deps.db.transaction().execute(async (trx) => {
    const row = await twoFactorOf(trx, userId, { forUpdate: true });
    if (!row?.secret) return true;
    const step = totpStep(deps.secrets.open(row.secret), code, now);
    if (step === null || step <= Number(row.last_step)) return false;
    await setLastStep(trx, userId, step);
    return true;
  });
};

export const SECOND_FACTOR_INVALID = () => INVALID_CODE(401);
