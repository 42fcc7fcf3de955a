import { AuthEvents, type RegisterBody } from '@akhada/contracts';
import { AppError, conflict, isUniqueViolation, metadataOf, newId, type EventMetadata } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { randomBytes } from 'node:crypto';
import { publish } from '../db/auth-events.ts';
import { firstLocationOf, insertLocation } from '../db/locations-repo.ts';
import { findOrganizationByJoinCode, insertOrganization } from '../db/organizations-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import { findUserByEmail, insertUser, insertUserLocations, loadUserView } from '../db/users-repo.ts';
import { defaultGymName, joinCodeFrom, trialEndsAt } from '../domain/rules.ts';
import type { AuthDeps, RequestIds } from './deps.ts';

const EMAIL_TAKEN = () => conflict('EMAIL_TAKEN', 'An account with this email already exists');

/**
 * role "admin" opens a new gym: organization + first location + owner, on a 14-day free trial.
 * role "member" / "trainer" joins an existing gym by its join code, at the gym's first location.
 */
export const register = async ({ db, clock, passwords }: Pick<AuthDeps, 'db' | 'clock' | 'passwords'>, ids: RequestIds, body: RegisterBody) => {
  const now = clock();
  const passwordHash = await passwords.hash(body.password);
  const userId = newId();
  const metaIn = (orgId: string, locationId: string) => metadataOf({ ...ids, orgId, userId }, { locationId });
  try {
    return await db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, body.email)) throw EMAIL_TAKEN();
      const { orgId, locationId } = body.role === 'admin' ? await openGym(trx, body, userId, now, metaIn) : await joinGym(trx, body.gymCode ?? '');
      const role = body.role === 'admin' ? 'owner' : body.role;
      await insertUser(trx, {
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
      await publish(
        trx,
        AuthEvents.UserRegistered,
        userId,
        { userId, orgId, role, firstName: body.firstName, lastName: body.lastName, email: body.email, locationIds: [locationId] },
        metaIn(orgId, locationId),
        now,
      );
      return loadUserView(trx, userId, orgId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw EMAIL_TAKEN();
    throw err;
  }
};

/** A new organization with its first location, on a free trial; the registering user becomes its owner. */
const openGym = async (
  trx: Transaction<AuthDb>,
  body: RegisterBody,
  ownerId: string,
  now: Date,
  metaIn: (orgId: string, locationId: string) => EventMetadata,
): Promise<{ orgId: string; locationId: string }> => {
  const orgId = newId();
  const locationId = newId();
  const org = {
    id: orgId,
    name: body.gymName ?? defaultGymName(body.firstName),
    plan: 'free' as const,
    trial_ends_at: trialEndsAt(now),
    join_code: joinCodeFrom(randomBytes(6)),
  };
  await insertOrganization(trx, org);
  const loc = { id: locationId, org_id: orgId, name: body.city ? `${body.city} branch` : 'Main branch', city: body.city ?? '', timezone: 'Asia/Kolkata' };
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
