import { AuthEvents, type CreateStaffBody } from '@akhada/contracts';
import { assertLocation, conflict, forbidden, isUniqueViolation, metadataOf, newId, type RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { publish } from '../db/auth-events.ts';
import { locationIdsInOrg } from '../db/locations-repo.ts';
import { insertUser, insertUserLocations, USERS_EMAIL_UNIQUE } from '../db/users-repo.ts';
import { loadUserView } from '../views/user-view.ts';
import type { AuthDeps } from './deps.ts';

/** Owners add admins and trainers anywhere in their gym; admins add trainers to branches they run. */
export const createStaff = async (
  { db, clock, passwords }: Pick<AuthDeps, 'db' | 'clock' | 'passwords'>,
  ctx: RequestContext,
  body: z.infer<typeof CreateStaffBody>,
) => {
  if (ctx.role === 'admin' && body.role !== 'trainer') throw forbidden('Only the owner can add admins');
  const now = clock();
  const locationIds = [...new Set(body.locationIds)];
  const inOrg = await locationIdsInOrg(db, ctx.orgId, locationIds);
  if (inOrg.length !== locationIds.length) throw forbidden('You cannot act in that location');
  if (ctx.role === 'admin') for (const l of locationIds) assertLocation(ctx, l);
  const passwordHash = await passwords.hash(body.password);
  const userId = newId();
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id: userId,
        org_id: ctx.orgId,
        email: body.email,
        password_hash: passwordHash,
        first_name: body.firstName,
        last_name: body.lastName,
        phone: body.phone,
        role: body.role,
        date_of_birth: null,
        gender: null,
        address: '{}',
        emergency_contact: '{}',
      });
      await insertUserLocations(trx, userId, locationIds);
      await publish(
        trx,
        AuthEvents.UserRegistered,
        userId,
        { userId, orgId: ctx.orgId, role: body.role, firstName: body.firstName, lastName: body.lastName, email: body.email, locationIds, via: 'staff' },
        metadataOf(ctx, { locationId: locationIds[0] }),
        now,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err, USERS_EMAIL_UNIQUE)) throw conflict('EMAIL_TAKEN', 'An account with this email already exists');
    throw err;
  }
  return loadUserView(db, userId, ctx.orgId);
};
