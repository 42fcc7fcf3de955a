import { AuthEvents, type StaffMember } from '@akhada/contracts';
import { conflict, forbidden, isUniqueViolation, metadataOf, newId, notFound, type Executor, type RequestContext } from '@akhada/kit';
import { publish } from '../db/auth-events.ts';
import { locationIdsOfUsers, replaceUserLocations, staffOfOrg } from '../db/gym-settings-repo.ts';
import { cancelUnsentInvitationMailsOf, queueInvitationMail } from '../db/invitation-mails-repo.ts';
import { revokeInvitationsOf } from '../db/invitations-repo.ts';
import { locationIdsInOrg } from '../db/locations-repo.ts';
import { useAllResetsOf } from '../db/password-resets-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import { revokeSessionsOf } from '../db/sessions-repo.ts';
import { insertUser, insertUserLocations, lockUserInOrg, setUserStatus, USERS_EMAIL_UNIQUE } from '../db/users-repo.ts';
import { deactivationCutoff, invitationExpiresAt } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';

const staffView = async (db: Executor<AuthDb>, orgId: string): Promise<StaffMember[]> => {
  const rows = await staffOfOrg(db, orgId);
  const locs = await locationIdsOfUsers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    _id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    role: r.role as StaffMember['role'],
    status: r.status,
    locationIds: locs.get(r.id) ?? [],
    createdAt: r.created_at.toISOString(),
  }));
};
const oneStaff = async (db: Executor<AuthDb>, orgId: string, userId: string) => {
  const found = (await staffView(db, orgId)).find((s) => s._id === userId);
  if (!found) throw notFound('Staff member');
  return found;
};

export const listStaff = ({ db }: Pick<AuthDeps, 'db'>, ctx: RequestContext) => {
  return staffView(db, ctx.orgId);
};

const checkLocations = async (db: Executor<AuthDb>, orgId: string, ids: string[]) => {
  const locationIds = [...new Set(ids)];
  const inOrg = await locationIdsInOrg(db, orgId, locationIds);
  if (inOrg.length !== locationIds.length) throw forbidden('You cannot act in that location');
  return locationIds;
};

/**
 * An admin or trainer invited by email: an account without a password (status invited) in the chosen locations, and
 * an invitation mail through the same outbox and links as members and trainers added by staff.
 */
export const inviteStaff = async (
  { db, clock }: Pick<AuthDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  body: { firstName: string; lastName: string; email: string; role: 'admin' | 'trainer'; locationIds: string[] },
) => {
  const locationIds = await checkLocations(db, ctx.orgId, body.locationIds);
  const now = clock();
  const userId = newId();
  const meta = metadataOf(ctx, { locationId: locationIds[0] });
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id: userId,
        org_id: ctx.orgId,
        email: body.email,
        password_hash: null,
        first_name: body.firstName,
        last_name: body.lastName,
        phone: '',
        role: body.role,
        status: 'invited',
        date_of_birth: null,
        gender: null,
        address: '{}',
        emergency_contact: '{}',
      });
      await insertUserLocations(trx, userId, locationIds);
      const expiresAt = invitationExpiresAt(now);
      await queueInvitationMail(trx, { id: newId(), userId, requestedAt: now, expiresAt });
      await publish(
        trx,
        AuthEvents.UserRegistered,
        userId,
        { userId, orgId: ctx.orgId, role: body.role, firstName: body.firstName, lastName: body.lastName, email: body.email, locationIds, via: 'staff' },
        meta,
        now,
      );
      await publish(trx, AuthEvents.InvitationSent, userId, { userId, role: body.role, email: body.email, expiresAt: expiresAt.toISOString() }, meta, now);
    });
  } catch (err) {
    if (isUniqueViolation(err, USERS_EMAIL_UNIQUE)) throw conflict('EMAIL_TAKEN', 'An account with this email already exists');
    throw err;
  }
  return oneStaff(db, ctx.orgId, userId);
};

/** Which locations an admin or trainer works in (their next token carries them). The owner has them all. */
export const setStaffLocations = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, userId: string, ids: string[]) => {
  const locationIds = await checkLocations(db, ctx.orgId, ids);
  await db.transaction().execute(async (trx) => {
    const user = await lockUserInOrg(trx, userId, ctx.orgId);
    if (!user || user.role === 'member') throw notFound('Staff member');
    if (user.role === 'owner') throw forbidden('The owner works in every location');
    await replaceUserLocations(trx, userId, locationIds);
    await publish(trx, AuthEvents.StaffLocationsChanged, userId, { userId, locationIds }, metadataOf(ctx), clock());
  });
  return oneStaff(db, ctx.orgId, userId);
};

/**
 * Removes an admin's or trainer's access: the account is deactivated, every session ends (services refuse its tokens
 * from auth.user_sessions_revoked, through the kit's revocation list), open invitation and reset links stop.
 */
export const removeStaff = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, userId: string) => {
  await db.transaction().execute(async (trx) => {
    const user = await lockUserInOrg(trx, userId, ctx.orgId);
    if (!user || user.role === 'member') throw notFound('Staff member');
    if (user.role === 'owner') throw forbidden('The owner cannot be removed');
    if (user.status === 'deactivated') return;
    const now = clock();
    const meta = metadataOf(ctx);
    await setUserStatus(trx, user.id, 'deactivated', now);
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
      now,
    );
    await publish(trx, AuthEvents.UserDeactivated, user.id, { userId: user.id }, meta, now);
  });
};
