import { AuthEvents } from '@akhada/contracts';
import { AppError, metadataOf, type RequestContext } from '@akhada/kit';
import { publish } from '../db/auth-events.ts';
import { revokeSessionsOf } from '../db/sessions-repo.ts';
import { findUserInOrg, setPasswordHash } from '../db/users-repo.ts';
import { revocationCutoff } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';

/** New password; every other session of the user ends (the current one stays). */
export const changePassword = async (
  { db, clock, passwords }: Pick<AuthDeps, 'db' | 'clock' | 'passwords'>,
  ctx: RequestContext,
  body: { currentPassword: string; newPassword: string },
) => {
  const now = clock();
  const user = await findUserInOrg(db, ctx.userId, ctx.orgId);
  if (!user || !(await passwords.verify(user.password_hash, body.currentPassword))) {
    throw new AppError(400, 'WRONG_PASSWORD', 'Current password is incorrect', [{ path: 'currentPassword', message: 'Current password is incorrect' }]);
  }
  if (body.currentPassword === body.newPassword) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The new password must differ from the current one', [
      { path: 'newPassword', message: 'The new password must differ from the current one' },
    ]);
  }
  const hash = await passwords.hash(body.newPassword);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, hash, now);
    await revokeSessionsOf(trx, user.id, now, ctx.sessionId);
    await publish(
      trx,
      AuthEvents.UserSessionsRevoked,
      user.id,
      { userId: user.id, before: revocationCutoff(now).toISOString(), exceptSessionId: ctx.sessionId },
      metadataOf(ctx),
      now,
    );
  });
};
