import { AuthEvents } from '@akhada/contracts';
import { AppError, newId, unauthenticated, type RequestContext } from '@akhada/kit';
import { sql, type Kysely } from 'kysely';
import type { AuthDb } from '../db/schema.ts';
import { isThrottled, LOGIN_FAILURE_WINDOW_MS, sessionExpiresAt } from '../domain/rules.ts';
import { verifyPassword } from './passwords.ts';
import { publish } from './publish.ts';
import type { SigningKeys } from './signing-keys.ts';
import { allowedLocations, loadUserView } from './users.ts';

interface Deps {
  db: Kysely<AuthDb>;
  keys: SigningKeys;
  now: Date;
}

const INVALID = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
const THROTTLED = () => new AppError(429, 'RATE_LIMITED', 'Too many sign-in attempts. Please wait a minute and try again.');

const issue = async (
  { db, keys, now }: Deps,
  user: { id: string; org_id: string; role: AuthDb['users']['role']; first_name: string; last_name: string },
  sessionId: string,
) => {
  const locations = await allowedLocations(db, user);
  const { token, expiresAt } = await keys.sign(
    { userId: user.id, orgId: user.org_id, role: user.role, locationIds: locations.map((l) => l.id), sessionId, name: `${user.first_name} ${user.last_name}` },
    now,
  );
  return { user: await loadUserView(db, user.id, user.org_id), token, expiresAt: expiresAt.toISOString() };
};

/** Unknown email and wrong password answer the same; 5 failures a minute per account or per address lock sign-in. */
export const login = async (deps: Deps, input: { email: string; password: string; ip: string; userAgent: string | undefined }) => {
  const { db, now } = deps;
  const keys = [`email:${input.email.toLowerCase()}`, `ip:${input.ip}`];
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const counts = await db
    .selectFrom('login_failures')
    .select(['key', sql<number>`count(*)::int`.as('n')])
    .where('key', 'in', keys)
    .where('at', '>', since)
    .groupBy('key')
    .execute();
  if (counts.some((c) => isThrottled(c.n))) throw THROTTLED();

  const user = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash, input.password);
  if (!user || !ok) {
    await db
      .insertInto('login_failures')
      .values(keys.map((key) => ({ key })))
      .execute();
    await db
      .deleteFrom('login_failures')
      .where('at', '<', new Date(now.getTime() - 10 * LOGIN_FAILURE_WINDOW_MS))
      .execute();
    throw INVALID();
  }
  await db.deleteFrom('login_failures').where('key', '=', keys[0]!).execute();
  const sessionId = newId();
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: user.id,
      expires_at: sessionExpiresAt(now),
      revoked_at: null,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip,
    })
    .execute();
  return issue(deps, user, sessionId);
};

/** The auth service's own view of a session is authoritative: a revoked or idle session is refused at once here. */
const liveSession = async ({ db, now }: Deps, ctx: RequestContext) => {
  const s = await db.selectFrom('sessions').selectAll().where('id', '=', ctx.sessionId).where('user_id', '=', ctx.userId).executeTakeFirst();
  if (!s || s.revoked_at || s.expires_at < now) throw unauthenticated('Your session has ended. Please sign in again.', 'SESSION_REVOKED');
  return s;
};

export const me = async (deps: Deps, ctx: RequestContext) => {
  await liveSession(deps, ctx);
  return loadUserView(deps.db, ctx.userId, ctx.orgId);
};

/** A fresh short-lived token for the same session; the session's idle window slides forward. */
export const refresh = async (deps: Deps, ctx: RequestContext) => {
  await liveSession(deps, ctx);
  const user = await deps.db.selectFrom('users').selectAll().where('id', '=', ctx.userId).where('org_id', '=', ctx.orgId).executeTakeFirst();
  if (!user) throw unauthenticated();
  await deps.db
    .updateTable('sessions')
    .set({ last_seen_at: deps.now, expires_at: sessionExpiresAt(deps.now) })
    .where('id', '=', ctx.sessionId)
    .execute();
  return issue(deps, user, ctx.sessionId);
};

/** Ends the session; every service learns it from `auth.session_revoked` and refuses the token. */
export const logout = async ({ db, now }: Deps, ctx: RequestContext, tokenExpiresAt: Date) => {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', ctx.sessionId)
      .where('user_id', '=', ctx.userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return;
    await publish(
      trx,
      AuthEvents.SessionRevoked,
      ctx.userId,
      { sessionId: ctx.sessionId, userId: ctx.userId, expiresAt: tokenExpiresAt.toISOString() },
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
