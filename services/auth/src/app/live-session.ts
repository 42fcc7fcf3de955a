import { unauthenticated, type RequestContext } from '@akhada/kit';
import type { AuthDb } from '../db/schema.ts';
import { findSession } from '../db/sessions-repo.ts';
import type { Executor } from '@akhada/kit';

/** The auth service's own view of a session is authoritative: a revoked or idle session is refused at once here. */
export const assertLiveSession = async (db: Executor<AuthDb>, now: Date, ctx: RequestContext) => {
  const s = await findSession(db, ctx.sessionId, ctx.userId);
  if (!s || s.revoked_at || s.expires_at < now) throw unauthenticated('Your session has ended. Please sign in again.', 'SESSION_REVOKED');
  return s;
};
