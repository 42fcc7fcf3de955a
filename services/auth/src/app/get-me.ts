import type { RequestContext } from '@akhada/kit';
import { loadUserView } from '../views/user-view.ts';
import type { AuthDeps } from './deps.ts';
import { assertLiveSession } from './live-session.ts';

/** The signed-in user, as long as the session is live. */
export const getMe = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext) => {
  await assertLiveSession(db, clock(), ctx);
  return loadUserView(db, ctx.userId, ctx.orgId);
};
