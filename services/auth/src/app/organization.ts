import { AuthEvents, type CreateLocationBody, type CreateStaffBody } from '@akhada/contracts';
import { assertLocation, conflict, forbidden, newId, requireRole, type RequestContext } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AuthDb } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { publish } from './publish.ts';
import { loadUserView } from './users.ts';

const metaOf = (ctx: RequestContext, now: Date, locationId?: string) => ({
  orgId: ctx.orgId,
  locationId,
  actorId: ctx.userId,
  correlationId: ctx.correlationId,
  causationId: ctx.requestId,
  occurredAt: now,
});

/** A chain grows branch by branch; only the owner opens one. */
export const createLocation = async ({ db, now }: { db: Kysely<AuthDb>; now: Date }, ctx: RequestContext, body: z.infer<typeof CreateLocationBody>) => {
  requireRole(ctx, ['owner'], 'Only the owner can open a new location');
  const loc = { id: newId(), org_id: ctx.orgId, name: body.name, city: body.city, timezone: body.timezone };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('locations').values(loc).execute();
    await publish(
      trx,
      AuthEvents.LocationCreated,
      loc.id,
      { locationId: loc.id, orgId: ctx.orgId, name: loc.name, city: loc.city, timezone: loc.timezone },
      metaOf(ctx, now, loc.id),
    );
  });
  return { _id: loc.id, name: loc.name, city: loc.city, timezone: loc.timezone };
};

/** Owners add admins and trainers anywhere in their gym; admins add trainers to branches they run. */
export const createStaff = async ({ db, now }: { db: Kysely<AuthDb>; now: Date }, ctx: RequestContext, body: z.infer<typeof CreateStaffBody>) => {
  requireRole(ctx, ['owner', 'admin'], 'Only the owner or an admin can add staff');
  if (ctx.role === 'admin' && body.role !== 'trainer') throw forbidden('Only the owner can add admins');
  const locationIds = [...new Set(body.locationIds)];
  const inOrg = await db.selectFrom('locations').select('id').where('org_id', '=', ctx.orgId).where('id', 'in', locationIds).execute();
  if (inOrg.length !== locationIds.length) throw forbidden('You cannot act in that location');
  if (ctx.role === 'admin') for (const l of locationIds) assertLocation(ctx, l);
  const passwordHash = await hashPassword(body.password);
  const userId = newId();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
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
        })
        .execute();
      await trx
        .insertInto('user_locations')
        .values(locationIds.map((location_id) => ({ user_id: userId, location_id })))
        .execute();
      await publish(
        trx,
        AuthEvents.UserRegistered,
        userId,
        { userId, orgId: ctx.orgId, role: body.role, firstName: body.firstName, lastName: body.lastName, email: body.email, locationIds },
        metaOf(ctx, now, locationIds[0]),
      );
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('EMAIL_TAKEN', 'An account with this email already exists');
    throw err;
  }
  return loadUserView(db, userId, ctx.orgId);
};
