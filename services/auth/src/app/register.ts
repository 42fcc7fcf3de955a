import { AuthEvents, type RegisterBody } from '@akhada/contracts';
import { AppError, conflict, isUniqueViolation, metadataOf, newId, type EventMetadata } from '@akhada/kit';
import { DEFAULT_TIME_ZONE } from '@akhada/kit/domain';
import type { Insertable, Transaction } from 'kysely';
import { publish } from '../db/auth-events.ts';
import { firstLocationOf, insertLocation } from '../db/locations-repo.ts';
import { findOrganizationByJoinCode, insertOrganizationIfCodeFree } from '../db/organizations-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import { findUserByEmail, insertUser, insertUserLocations, USERS_EMAIL_UNIQUE } from '../db/users-repo.ts';
import { loadUserView } from '../views/user-view.ts';
import { recordConsent } from '../db/data-rights-repo.ts';
import { defaultGymName, trialEndsAt } from '../domain/rules.ts';
import type { AuthDeps, RequestIds } from './deps.ts';

const EMAIL_TAKEN = () => conflict('EMAIL_TAKEN', 'An account with this email already exists');

/** Tries of a fresh join code when the previous one belongs to another gym already. */
const JOIN_CODE_TRIES = 5;

/**
 * role "admin" opens a new gym: organization + first location + owner, on a 14-day free trial.
 * role "member" / "trainer" joins an existing gym by its join code, at the gym's first location (members then make a
 * pending member of it; a trainer's account is pending until the gym approves them, and its tokens say so).
 */
export const register = async (
  { db, clock, passwords, newJoinCode }: Pick<AuthDeps, 'db' | 'clock' | 'passwords' | 'newJoinCode'>,
  ids: RequestIds,
  body: RegisterBody,
) => {
  const now = clock();
  const passwordHash = await passwords.hash(body.password);
  const userId = newId();
  const metaIn = (orgId: string, locationId: string) => metadataOf({ ...ids, orgId, userId }, { locationId });
  try {
    return await db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, body.email)) throw EMAIL_TAKEN();
      const { orgId, locationId } = body.role === 'admin' ? await openGym(trx, body, userId, now, newJoinCode, metaIn) : await joinGym(trx, body.gymCode ?? '');
      const role = body.role === 'admin' ? 'owner' : body.role;
      await insertUser(trx, {
        // A trainer who joins by code waits for the gym's approval (the code is handed to members at the desk).
        status: role === 'trainer' ? 'pending' : 'active',
        id: userId,
        org_id: orgId,
        email: body.email,
        password_hash: passwordHash,
        first_name: body.firstName,
        last_name: body.lastName,
        phone: body.phone,
        role,
        date_of_birth: null,
        gender: null,
        address: '{}',
        emergency_contact: '{}',
      });
      if (role !== 'owner') await insertUserLocations(trx, userId, [locationId]);
      // Signing up is agreeing to the gym's terms: the consent ledger's first line for this person.
      await recordConsent(trx, { orgId, userId, purpose: 'terms', granted: true, channel: 'sign_up', actorId: userId, at: now });
      await publish(
        trx,
        AuthEvents.UserRegistered,
        userId,
        {
          userId,
          orgId,
          role,
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          phone: body.phone,
          locationIds: [locationId],
          via: role === 'owner' ? 'gym_owner' : 'join_code',
        },
        metaIn(orgId, locationId),
        now,
      );
      return loadUserView(trx, userId, orgId);
    });
  } catch (err) {
    // Only the email's unique index means "email taken" (two requests raced past the check above).
    if (isUniqueViolation(err, USERS_EMAIL_UNIQUE)) throw EMAIL_TAKEN();
    throw err;
  }
};

/** A new organization with its first location, on a free trial; the registering user becomes its owner. */
const openGym = async (
  trx: Transaction<AuthDb>,
  body: RegisterBody,
  ownerId: string,
  now: Date,
  newJoinCode: () => string,
  metaIn: (orgId: string, locationId: string) => EventMetadata,
): Promise<{ orgId: string; locationId: string }> => {
  const orgId = newId();
  const locationId = newId();
  const org = { id: orgId, name: body.gymName ?? defaultGymName(body.firstName), plan: 'free' as const, trial_ends_at: trialEndsAt(now) };
  await insertWithFreeJoinCode(trx, org, newJoinCode);
  const loc = { id: locationId, org_id: orgId, name: body.city ? `${body.city} branch` : 'Main branch', city: body.city ?? '', timezone: DEFAULT_TIME_ZONE };
  await insertLocation(trx, loc);
  const meta = metaIn(orgId, locationId);
  await publish(
    trx,
    AuthEvents.OrganizationCreated,
    orgId,
    { orgId, name: org.name, plan: org.plan, trialEndsAt: org.trial_ends_at.toISOString(), ownerId },
    meta,
    now,
  );
  await publish(trx, AuthEvents.LocationCreated, locationId, { locationId, orgId, name: loc.name, city: loc.city, timezone: loc.timezone }, meta, now);
  return { orgId, locationId };
};

/** A join code is random; when it is already another gym's, the organization is inserted again with a new one. */
const insertWithFreeJoinCode = async (trx: Transaction<AuthDb>, org: Omit<Insertable<AuthDb['organizations']>, 'join_code'>, newJoinCode: () => string) => {
  for (let attempt = 1; attempt <= JOIN_CODE_TRIES; attempt++) {
    const joinCode = newJoinCode();
    if (await insertOrganizationIfCodeFree(trx, { ...org, join_code: joinCode })) return joinCode;
  }
  throw new Error(`no free join code after ${JOIN_CODE_TRIES} tries`);
};

/** The gym with this join code, at its first location. */
const joinGym = async (trx: Transaction<AuthDb>, gymCode: string): Promise<{ orgId: string; locationId: string }> => {
  const org = await findOrganizationByJoinCode(trx, gymCode);
  if (!org) {
    throw new AppError(400, 'UNKNOWN_GYM_CODE', 'No gym found with this code. Ask your gym for its join code.', [
      { path: 'gymCode', message: 'No gym found with this code' },
    ]);
  }
  return { orgId: org.id, locationId: (await firstLocationOf(trx, org.id)).id };
};
