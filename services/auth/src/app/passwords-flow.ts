import { AuthEvents } from '@akhada/contracts';
import { AppError, type Logger, type RequestContext } from '@akhada/kit';
import type { Kysely } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import type { AuthDb } from '../db/schema.ts';
import { RESET_REQUEST_WINDOW_MS, RESET_REQUESTS_PER_WINDOW, RESET_TOKEN_TTL_MS, revocationCutoff } from '../domain/rules.ts';
import type { Mailer } from './mailer.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { publish } from './publish.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** New password; every other session of the user ends (the current one stays). */
export const changePassword = async (
  { db, now }: { db: Kysely<AuthDb>; now: Date },
  ctx: RequestContext,
  body: { currentPassword: string; newPassword: string },
) => {
  const user = await db.selectFrom('users').select(['id', 'password_hash']).where('id', '=', ctx.userId).where('org_id', '=', ctx.orgId).executeTakeFirst();
  if (!user || !(await verifyPassword(user.password_hash, body.currentPassword))) {
    throw new AppError(400, 'WRONG_PASSWORD', 'Current password is incorrect', [{ path: 'currentPassword', message: 'Current password is incorrect' }]);
  }
  if (body.currentPassword === body.newPassword) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The new password must differ from the current one', [
      { path: 'newPassword', message: 'The new password must differ from the current one' },
    ]);
  }
  const hash = await hashPassword(body.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', user.id).execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', user.id)
      .where('id', '!=', ctx.sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await publish(
      trx,
      AuthEvents.UserSessionsRevoked,
      user.id,
      { userId: user.id, before: revocationCutoff(now).toISOString(), exceptSessionId: ctx.sessionId },
      {
        orgId: ctx.orgId,
        actorId: ctx.userId,
        correlationId: ctx.correlationId,
        causationId: ctx.requestId,
        occurredAt: now,
      },
    );
  });
};

/** Always the same answer, whether or not the address has an account. Mails a single-use link valid 30 minutes. */
export const forgotPassword = async (
  { db, now, mailer, appUrl, logger }: { db: Kysely<AuthDb>; now: Date; mailer: Mailer; appUrl: string; logger: Logger },
  email: string,
) => {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (!user) return;
  const recent = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('created_at', '>', new Date(now.getTime() - RESET_REQUEST_WINDOW_MS))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= RESET_REQUESTS_PER_WINDOW) return; // quietly: the earlier mails are still valid
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('password_resets')
    .values({ token_hash: sha256(token), user_id: user.id, expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS), used_at: null })
    .execute();
  const link = `${appUrl.replace(/\/$/, '')}/reset-password?token=${token}`;
  await mailer
    .send({
      to: user.email,
      subject: 'Reset your Akhada password',
      text: `Hello ${user.first_name},\n\nSomeone asked to reset the password of your Akhada account. Open this link within 30 minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n\n— Akhada`,
    })
    .catch((err: unknown) => logger.error({ err }, 'could not send the password reset mail'));
};

/** Single use: the link works once, within 30 minutes, and every session of the user ends. */
export const resetPassword = async ({ db, now }: { db: Kysely<AuthDb>; now: Date }, body: { token: string; password: string }, requestId: string) => {
  const hash = await hashPassword(body.password);
  await db.transaction().execute(async (trx) => {
    const reset = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', sha256(body.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!reset) throw new AppError(400, 'INVALID_RESET_TOKEN', 'This reset link is invalid or has expired. Ask for a new one.');
    const user = await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: now })
      .where('id', '=', reset.user_id)
      .returning(['id', 'org_id'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    await publish(
      trx,
      AuthEvents.UserSessionsRevoked,
      user.id,
      { userId: user.id, before: revocationCutoff(now).toISOString(), exceptSessionId: null },
      {
        orgId: user.org_id,
        actorId: user.id,
        correlationId: requestId,
        causationId: requestId,
        occurredAt: now,
      },
    );
  });
};
