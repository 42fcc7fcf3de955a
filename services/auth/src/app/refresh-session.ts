import { unauthenticated, type RequestContext } from '@akhada/kit';
import { extendSession } from '../db/sessions-repo.ts';
import { findUserInOrg } from '../db/users-repo.ts';
import { sessionExpiresAt } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';
import { issueSessionToken } from './issue-session-token.ts';
import { assertLiveSession } from './live-session.ts';

/** A fresh short-lived token for the same session; the session's idle window slides forward. */
export const refreshSession = async (deps: Pick<AuthDeps, 'db' | 'clock' | 'keys'>, ctx: RequestContext) => {
  const { db } = deps;
  const now = deps.clock();
  await assertLiveSession(db, now, ctx);
  const user = await findUserInOrg(db, ctx.userId, ctx.orgId);
  // The status is read again on every refresh: an approved trainer's next token is a normal one; an ended account gets none.
  if (!user || user.status === 'deactivated' || user.status === 'invited')
    throw unauthenticated('Your session has ended. Please sign in again.', 'SESSION_REVOKED');
  await extendSession(db, ctx.sessionId, now, sessionExpiresAt(now));
  return issueSessionToken(deps, now, user, ctx.sessionId);
};
