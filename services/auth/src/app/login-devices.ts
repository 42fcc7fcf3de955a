import { AuthEvents, type LoginDevice } from '@akhada/contracts';
import { metadataOf, type RequestContext } from '@akhada/kit';
import { notFound } from '@akhada/kit/domain';
import { describeUserAgent } from '../adapters/user-agent.ts';
import { publish } from '../db/auth-events.ts';
import { liveSessionsOf, revokeSession, revokeSessionsOf } from '../db/sessions-repo.ts';
import { revocationCutoff } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';

/** The caller's live sessions as devices: this one first, then the most recently used. */
export const listDevices = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext): Promise<LoginDevice[]> => {
  const rows = await liveSessionsOf(db, ctx.userId, clock());
  return rows
    .map((r) => ({
      _id: r.id,
      ...describeUserAgent(r.user_agent),
      ip: r.ip,
      firstUsedAt: r.created_at.toISOString(),
      lastUsedAt: r.last_seen_at.toISOString(),
      current: r.id === ctx.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
};

/** Signs one of the caller's own devices out (another person's or an ended session is 404); services learn it by event. */
export const signOutDevice = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, sessionId: string): Promise<void> => {
  const now = clock();
  await db.transaction().execute(async (trx) => {
    const live = await liveSessionsOf(trx, ctx.userId, now);
    const session = live.find((s) => s.id === sessionId);
    if (!session || !(await revokeSession(trx, sessionId, ctx.userId, now))) throw notFound('Device');
    await publish(
      trx,
      AuthEvents.SessionRevoked,
      ctx.userId,
      // The session's own end bounds every token issued on it: the services can forget the revocation after that.
      { sessionId, userId: ctx.userId, expiresAt: session.expires_at.toISOString() },
      metadataOf(ctx),
      now,
    );
  });
};

/** Every device of the caller but this one; returns how many were signed out. */
export const signOutOtherDevices = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext): Promise<number> => {
  const now = clock();
  return db.transaction().execute(async (trx) => {
    const n = await revokeSessionsOf(trx, ctx.userId, now, ctx.sessionId);
    if (n > 0)
      await publish(
        trx,
        AuthEvents.UserSessionsRevoked,
        ctx.userId,
        { userId: ctx.userId, before: revocationCutoff(now).toISOString(), exceptSessionId: ctx.sessionId },
        metadataOf(ctx),
        now,
      );
    return n;
  });
};
