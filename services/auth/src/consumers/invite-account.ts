import { AuthEvents, MemberEvents, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { metadataOf, newId, on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { publish } from '../db/auth-events.ts';
import { queueInvitationMail } from '../db/invitation-mails-repo.ts';
import { locationIdsInOrg } from '../db/locations-repo.ts';
import { organizationExists } from '../db/organizations-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import { findUserByEmail, insertUser, insertUserLocations, userIdExists } from '../db/users-repo.ts';
import { invitationExpiresAt } from '../domain/rules.ts';

export interface Invitee {
  /** The member's or trainer's id: their account gets the same id. */
  userId: string;
  role: 'member' | 'trainer';
  locationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * A member or trainer added by staff gets an account in the organization of the event (status invited, no password),
 * at their location, and an invitation mail is queued (its link valid 7 days from the event): auth.user_registered
 * (via invitation) and auth.invitation_sent. When the email is another account's, only auth.invitation_failed.
 * An account with this id already (the same record announced again) changes nothing, and so does an organization auth
 * does not have (auth makes every organization, so such an event was never one of ours: retrying it would only hold
 * back the invitations queued behind it). Time is the event's.
 */
export const inviteAccount = async (trx: Transaction<AuthDb>, env: EventEnvelope<unknown>, who: Invitee): Promise<void> => {
  if (await userIdExists(trx, who.userId)) return;
  if (!(await organizationExists(trx, env.orgId))) return;
  const now = new Date(env.occurredAt);
  const meta = metadataOf(env, { locationId: who.locationId });
  if (await findUserByEmail(trx, who.email)) {
    await publish(trx, AuthEvents.InvitationFailed, who.userId, { userId: who.userId, role: who.role, reason: 'email_in_use' }, meta, now);
    return;
  }
  // Only a location of the event's organization (an id from another gym is never linked).
  const locationIds = (await locationIdsInOrg(trx, env.orgId, [who.locationId])).map((l) => l.id);
  await insertUser(trx, {
    id: who.userId,
    org_id: env.orgId,
    email: who.email,
    password_hash: null,
    first_name: who.firstName,
    last_name: who.lastName,
    phone: who.phone,
    role: who.role,
    status: 'invited',
    date_of_birth: null,
    gender: null,
    address: '{}',
    emergency_contact: '{}',
    created_at: now,
    updated_at: now,
  });
  if (locationIds.length > 0) await insertUserLocations(trx, who.userId, locationIds);
  const expiresAt = invitationExpiresAt(now);
  await queueInvitationMail(trx, { id: newId(), userId: who.userId, requestedAt: now, expiresAt });
  await publish(
    trx,
    AuthEvents.UserRegistered,
    who.userId,
    {
      userId: who.userId,
      orgId: env.orgId,
      role: who.role,
      firstName: who.firstName,
      lastName: who.lastName,
      email: who.email,
      locationIds,
      via: 'invitation',
    },
    meta,
    now,
  );
  await publish(
    trx,
    AuthEvents.InvitationSent,
    who.userId,
    { userId: who.userId, role: who.role, email: who.email, expiresAt: expiresAt.toISOString() },
    meta,
    now,
  );
};

export const onMemberRegistered = on(MemberEvents.MemberRegistered, (trx: Transaction<AuthDb>, env) =>
  inviteAccount(trx, env, { ...env.data, userId: env.data.memberId, role: 'member' }),
);

/** Only trainers added by staff are invited; one who registered with the join code has an account already (pending). */
export const onTrainerCreated = on(TrainerEvents.TrainerCreated, async (trx: Transaction<AuthDb>, env) => {
  if (env.data.source !== 'staff') return;
  await inviteAccount(trx, env, { ...env.data, userId: env.data.trainerId, role: 'trainer' });
});
