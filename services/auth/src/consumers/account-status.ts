import { AuthEvents, MemberEvents, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { metadataOf, on, type EventHandler } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { publish } from '../db/auth-events.ts';
import { cancelUnsentInvitationMailsOf } from '../db/invitation-mails-repo.ts';
import { revokeInvitationsOf } from '../db/invitations-repo.ts';
import { useAllResetsOf } from '../db/password-resets-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import { revokeSessionsOf } from '../db/sessions-repo.ts';
import { lockUserInOrg, setUserStatus } from '../db/users-repo.ts';
import { deactivationCutoff } from '../domain/rules.ts';

/**
 * The member or trainer record was archived: the account can no longer sign in. Every session ends (services learn
 * it from auth.user_sessions_revoked and refuse the tokens), outstanding invitation and reset links stop, and
 * auth.user_deactivated is announced. Already deactivated, or no account with this id in the organization: nothing.
 *
 * The revocation cutoff is the wall clock, not the event's time: a token refreshed between the archiving and this
 * moment must be refused too.
 */
export const deactivateAccount = async (trx: Transaction<AuthDb>, env: EventEnvelope<unknown>, userId: string, clock: () => Date): Promise<void> => {
  const user = await lockUserInOrg(trx, userId, env.orgId);
  if (!user || user.status === 'deactivated') return;
  const now = clock();
  const occurredAt = new Date(env.occurredAt);
  const meta = metadataOf(env);
  await setUserStatus(trx, user.id, 'deactivated', occurredAt);
  await revokeSessionsOf(trx, user.id, now);
  await cancelUnsentInvitationMailsOf(trx, user.id, now);
  await revokeInvitationsOf(trx, user.id, now);
  await useAllResetsOf(trx, user.id, now);
  await publish(
    trx,
    AuthEvents.UserSessionsRevoked,
    user.id,
    { userId: user.id, before: deactivationCutoff(now).toISOString(), exceptSessionId: null },
    meta,
    occurredAt,
  );
  await publish(trx, AuthEvents.UserDeactivated, user.id, { userId: user.id }, meta, occurredAt);
};

/**
 * An admin approved a trainer who registered with the join code: the account is active, and their next token (the
 * next refresh re-reads the status) no longer carries `pending`. Nothing else changes; nothing is announced.
 */
export const approveAccount = async (trx: Transaction<AuthDb>, env: EventEnvelope<unknown>, userId: string): Promise<void> => {
  const user = await lockUserInOrg(trx, userId, env.orgId);
  if (!user || user.status !== 'pending') return;
  await setUserStatus(trx, user.id, 'active', new Date(env.occurredAt));
};

/** The handlers of the account-status events; `clock` gives the revocation cutoff. */
export const accountStatusHandlers = (clock: () => Date): { members: EventHandler<AuthDb>[]; trainers: EventHandler<AuthDb>[] } => ({
  members: [on(MemberEvents.MemberArchived, (trx: Transaction<AuthDb>, env) => deactivateAccount(trx, env, env.data.memberId, clock))],
  trainers: [
    on(TrainerEvents.TrainerArchived, (trx: Transaction<AuthDb>, env) => deactivateAccount(trx, env, env.data.trainerId, clock)),
    on(TrainerEvents.TrainerApproved, (trx: Transaction<AuthDb>, env) => approveAccount(trx, env, env.data.trainerId)),
  ],
});
