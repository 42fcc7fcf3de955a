import { AuthEvents } from '@akhada/contracts';
import { hashResetToken } from '../adapters/reset-tokens.ts';
import { AppError, metadataOf } from '@akhada/kit';
import { publish } from '../db/auth-events.ts';
import { useAllResetsOf, useReset } from '../db/password-resets-repo.ts';
import { revokeSessionsOf } from '../db/sessions-repo.ts';
import { setPasswordHash } from '../db/users-repo.ts';
import { revocationCutoff } from '../domain/rules.ts';
import type { AuthDeps, RequestIds } from './deps.ts';

/** Single use: the link works once, within 30 minutes, and every session of the user ends. */
export const resetPassword = async (
  { db, clock, passwords }: Pick<AuthDeps, 'db' | 'clock' | 'passwords'>,
  ids: RequestIds,
  body: { token: string; password: string },
) => {
  const now = clock();
  const hash = await passwords.hash(body.password);
  await db.transaction().execute(async (trx) => {
    const reset = await useReset(trx, hashResetToken(body.token), now);
    if (!reset) throw new AppError(400, 'INVALID_RESET_TOKEN', 'This reset link is invalid or has expired. Ask for a new one.');
    const user = await setPasswordHash(trx, reset.user_id, hash, now);
    await revokeSessionsOf(trx, user.id, now);
    await useAllResetsOf(trx, user.id, now);
    await publish(
      trx,
      AuthEvents.UserSessionsRevoked,
      user.id,
      { userId: user.id, before: revocationCutoff(now).toISOString(), exceptSessionId: null },
      metadataOf({ ...ids, orgId: user.org_id, userId: user.id }),
      now,
    );
  });
};
