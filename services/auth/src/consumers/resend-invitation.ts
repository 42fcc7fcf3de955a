import { AuthEvents, MemberEvents, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { metadataOf, newId, on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { publish } from '../db/auth-events.ts';
import { cancelUnsentInvitationMailsOf, queueInvitationMail } from '../db/invitation-mails-repo.ts';
import { revokeInvitationsOf } from '../db/invitations-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import { findUserByEmail, lockUserInOrg, patchUser } from '../db/users-repo.ts';
import { invitationExpiresAt } from '../domain/rules.ts';

/**
 * Staff asked to send the invitation again (only while the account is still invited): the outstanding link and any
 * mail not sent yet stop, a new mail is queued (valid 7 days) and auth.invitation_sent is announced again. The event
 * carries the person's current email and name: the account takes them (an email that is another account's gives
 * auth.invitation_failed and changes nothing).
 */
export const resendInvitation = async (
  trx: Transaction<AuthDb>,
  env: EventEnvelope<unknown>,
  who: { userId: string; role: 'member' | 'trainer'; email: string; firstName: string; lastName: string },
): Promise<void> => {
  const user = await lockUserInOrg(trx, who.userId, env.orgId);
  if (!user || user.status !== 'invited' || user.role !== who.role) return;
  const now = new Date(env.occurredAt);
  const meta = metadataOf(env);
  if (user.email.toLowerCase() !== who.email.toLowerCase()) {
    const other = await findUserByEmail(trx, who.email);
    if (other && other.id !== user.id) {
      await publish(trx, AuthEvents.InvitationFailed, user.id, { userId: user.id, role: who.role, reason: 'email_in_use' }, meta, now);
      return;
    }
  }
  await patchUser(trx, user.id, env.orgId, { email: who.email, first_name: who.firstName, last_name: who.lastName, updated_at: now });
  // The mails first: one a sender is sending right now is waited for, so the link it stores is revoked just below.
  await cancelUnsentInvitationMailsOf(trx, user.id, now);
  await revokeInvitationsOf(trx, user.id, now);
  const expiresAt = invitationExpiresAt(now);
  await queueInvitationMail(trx, { id: newId(), userId: user.id, requestedAt: now, expiresAt });
  await publish(trx, AuthEvents.InvitationSent, user.id, { userId: user.id, role: who.role, email: who.email, expiresAt: expiresAt.toISOString() }, meta, now);
};

export const onMemberInvitationResendRequested = on(MemberEvents.MemberInvitationResendRequested, (trx: Transaction<AuthDb>, env) =>
  resendInvitation(trx, env, { ...env.data, userId: env.data.memberId, role: 'member' }),
);

export const onTrainerInvitationResendRequested = on(TrainerEvents.TrainerInvitationResendRequested, (trx: Transaction<AuthDb>, env) =>
  resendInvitation(trx, env, { ...env.data, userId: env.data.trainerId, role: 'trainer' }),
);
