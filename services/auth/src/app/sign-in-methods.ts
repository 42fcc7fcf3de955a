import type { SignInMethod } from '@akhada/contracts';
import { AppError, type Executor, type RequestContext } from '@akhada/kit';
import { notFound } from '@akhada/kit/domain';
import { identitiesOf, unlinkIdentity } from '../db/google-sign-in-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import { smsTwoFactorOf } from '../db/sms-codes-repo.ts';
import { findUserInOrg, lockUserInOrg } from '../db/users-repo.ts';
import { maskPhone } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';

const LAST_METHOD = () =>
  new AppError(409, 'LAST_SIGN_IN_METHOD', 'This is your only way to sign in, so it cannot be unlinked. Set a password first (Forgot password).');

/**
 * The caller's ways to sign in: the password (when one is set), each linked Google account, and SMS codes (a second
 * step, turned off under two-factor). A Google link may go while the password or another link stays.
 */
const methodsOf = async (db: Executor<AuthDb>, ctx: RequestContext): Promise<SignInMethod[]> => {
  const user = await findUserInOrg(db, ctx.userId, ctx.orgId);
  if (!user) throw notFound('User');
  const google = await identitiesOf(db, user.id);
  const sms = await smsTwoFactorOf(db, user.id);
  const hasPassword = !!user.password_hash;
  return [
    ...(hasPassword ? [{ id: 'password', kind: 'password' as const, label: null, linkedAt: null, canUnlink: false }] : []),
    ...google.map((g) => ({
      id: g.id,
      kind: 'google' as const,
      label: g.email,
      linkedAt: g.created_at.toISOString(),
      canUnlink: hasPassword || google.length > 1,
    })),
    ...(sms ? [{ id: 'sms', kind: 'sms' as const, label: maskPhone(sms.phone), linkedAt: sms.enabled_at.toISOString(), canUnlink: false }] : []),
  ];
};

export const listSignInMethods = (deps: Pick<AuthDeps, 'db'>, ctx: RequestContext) => methodsOf(deps.db, ctx);

/** Unlinks one of the caller's Google accounts (another person's or a gone one is 404; the last way in, 409). */
export const unlinkSignInMethod = async (deps: Pick<AuthDeps, 'db'>, ctx: RequestContext, id: string): Promise<SignInMethod[]> =>
  deps.db.transaction().execute(async (trx) => {
    // The user's row locked: two unlinks at once cannot both see the other link as the way that stays.
    await lockUserInOrg(trx, ctx.userId, ctx.orgId);
    const method = (await methodsOf(trx, ctx)).find((m) => m.kind === 'google' && m.id === id);
    if (!method) throw notFound('Sign-in method');
    if (!method.canUnlink) throw LAST_METHOD();
    if (!(await unlinkIdentity(trx, ctx.userId, id))) throw notFound('Sign-in method');
    return methodsOf(trx, ctx);
  });
