import { AuthEvents } from '@akhada/contracts';
import { metadataOf, type RequestContext } from '@akhada/kit';
import { publish } from '../db/auth-events.ts';
import { revokeSession } from '../db/sessions-repo.ts';
import type { AuthDeps } from './deps.ts';

/** Ends the session; every service learns it from `auth.session_revoked` and refuses the token. */
export const signOut = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, tokenExpiresAt: Date) => {
  const now = clock();
  await db.transaction().execute(async (trx) => {
    if (!(await revokeSession(trx, ctx.sessionId, ctx.userId, now))) return;
    await publish(
      trx,
      AuthEvents.SessionRevoked,
      ctx.userId,
      { sessionId: ctx.sessionId, userId: ctx.userId, expiresAt: tokenExpiresAt.toISOString() },
      metadataOf(ctx),
      now,
    );
  });
};
