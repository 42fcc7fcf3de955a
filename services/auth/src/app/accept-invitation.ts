import { AuthEvents } from '@akhada/contracts';
import { AppError, metadataOf, newId, type Executor } from '@akhada/kit';
import { hashResetToken } from '../adapters/reset-tokens.ts';
import { publish } from '../db/auth-events.ts';
import { findInvitation, markInvitationUsed } from '../db/invitations-repo.ts';
import { insertSession } from '../db/sessions-repo.ts';
import { activateWithPassword, findUserById } from '../db/users-repo.ts';
import { sessionExpiresAt } from '../domain/rules.ts';
import type { AuthDb } from '../db/schema.ts';
import type { AuthDeps, RequestIds } from './deps.ts';
import { issueSessionToken } from './issue-session-token.ts';
import { recordConsent } from '../db/data-rights-repo.ts';

const invalid = (message: string) => new AppError(400, 'INVALID_INVITATION', message);
const UNKNOWN = 'This invitation link is not valid. Ask your gym to send a new one.';
const USED = 'This invitation has already been used. Sign in with your email and password.';
const REPLACED = 'A newer invitation was sent to you: open the link in the latest email.';
const EXPIRED = 'This invitation link has expired. Ask your gym to send a new one.';

/** The invitation behind a link, if it can still be accepted; otherwise a 400 that says why. */
export const usableInvitation = async (db: Executor<AuthDb>, token: string, now: Date, { forUpdate }: { forUpdate: boolean }) => {
  const inv = await findInvitation(db, hashResetToken(token), { forUpdate });
  if (!inv) throw invalid(UNKNOWN);
  if (inv.used_at) throw invalid(USED);
  // A revoked link of an invited account was replaced by a newer one; of any other account, the account ended.
  if (inv.revoked_at) throw invalid(inv.status === 'invited' ? REPLACED : UNKNOWN);
  if (inv.expires_at <= now) throw invalid(EXPIRED);
  if (inv.status !== 'invited') throw invalid(UNKNOWN);
  return inv;
};

/**
 * The invited member or trainer sets their password with their link: the link is used up, the account becomes
 * active (auth.invitation_accepted) and they are signed in, with the same answer as sign-in.
 */
export const acceptInvitation = async (
  deps: Pick<AuthDeps, 'db' | 'clock' | 'keys' | 'passwords'>,
  ids: RequestIds,
  input: { token: string; password: string; ip: string; userAgent: string | undefined },
) => {
  const { db, passwords } = deps;
  const now = deps.clock();
  const passwordHash = await passwords.hash(input.password);
  return db.transaction().execute(async (trx) => {
    const inv = await usableInvitation(trx, input.token, now, { forUpdate: true });
    await markInvitationUsed(trx, inv.token_hash, now);
    await activateWithPassword(trx, inv.user_id, passwordHash, now);
    const user = await findUserById(trx, inv.user_id);
    // Setting the password from the invitation is the person's own agreement to the gym's terms (staff only invited them).
    await recordConsent(trx, { orgId: user.org_id, userId: user.id, purpose: 'terms', granted: true, channel: 'sign_up', actorId: user.id, at: now });
    await publish(
      trx,
      AuthEvents.InvitationAccepted,
      user.id,
      { userId: user.id, role: user.role },
      metadataOf({ ...ids, orgId: user.org_id, userId: user.id }),
      now,
    );
    const sessionId = newId();
    await insertSession(trx, {
      id: sessionId,
      user_id: user.id,
      expires_at: sessionExpiresAt(now),
      revoked_at: null,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip,
    });
    return issueSessionToken({ ...deps, db: trx }, now, user, sessionId);
  });
};
