import { AuthEvents, type RegisterBody } from '@akhada/contracts';
import { AppError, conflict, newId } from '@akhada/kit';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { AuthDb } from '../db/schema.ts';
import { defaultGymName, joinCodeFrom, trialEndsAt } from '../domain/rules.ts';
import { hashPassword } from './passwords.ts';
import { publish } from './publish.ts';
import { loadUserView } from './users.ts';

/**
 * role "admin" opens a new gym: organization + first location + owner, on a 14-day free trial.
 * role "member" / "trainer" joins an existing gym by its join code, at the gym's first location.
 */
export const register = async ({ db, now, requestId }: { db: Kysely<AuthDb>; now: Date; requestId: string }, body: RegisterBody) => {
  const passwordHash = await hashPassword(body.password);
  const userId = newId();
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email.toLowerCase()))
        .executeTakeFirst();
      if (taken) throw conflict('EMAIL_TAKEN', 'An account with this email already exists');
      let orgId: string;
      let locationId: string;
      const meta = (org: string, loc: string) => ({
        orgId: org,
        locationId: loc,
        actorId: userId,
        correlationId: requestId,
        causationId: requestId,
        occurredAt: now,
      });
      if (body.role === 'admin') {
        orgId = newId();
        locationId = newId();
        const org = {
          id: orgId,
          name: body.gymName ?? defaultGymName(body.firstName),
          plan: 'free' as const,
          trial_ends_at: trialEndsAt(now),
          join_code: joinCodeFrom(randomBytes(6)),
        };
        await trx.insertInto('organizations').values(org).execute();
        const loc = { id: locationId, org_id: orgId, name: body.city ? `${body.city} branch` : 'Main branch', city: body.city ?? '', timezone: 'Asia/Kolkata' };
        await trx.insertInto('locations').values(loc).execute();
        await publish(
          trx,
          AuthEvents.OrganizationCreated,
          orgId,
          { orgId, name: org.name, plan: org.plan, trialEndsAt: org.trial_ends_at.toISOString(), ownerId: userId },
          meta(orgId, locationId),
        );
        await publish(
          trx,
          AuthEvents.LocationCreated,
          locationId,
          { locationId, orgId, name: loc.name, city: loc.city, timezone: loc.timezone },
          meta(orgId, locationId),
        );
      } else {
        const org = await trx
          .selectFrom('organizations')
          .select('id')
          .where('join_code', '=', body.gymCode ?? '')
          .executeTakeFirst();
        if (!org)
          throw new AppError(400, 'UNKNOWN_GYM_CODE', 'No gym found with this code. Ask your gym for its join code.', [
            { path: 'gymCode', message: 'No gym found with this code' },
          ]);
        orgId = org.id;
        const first = await trx.selectFrom('locations').select('id').where('org_id', '=', orgId).orderBy('created_at').orderBy('id').executeTakeFirstOrThrow();
        locationId = first.id;
      }
      const role = body.role === 'admin' ? 'owner' : body.role;
      await trx
        .insertInto('users')
        .values({
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
        })
        .execute();
      if (role !== 'owner') await trx.insertInto('user_locations').values({ user_id: userId, location_id: locationId }).execute();
      await publish(
        trx,
        AuthEvents.UserRegistered,
        userId,
        { userId, orgId, role, firstName: body.firstName, lastName: body.lastName, email: body.email, locationIds: [locationId] },
        meta(orgId, locationId),
      );
      return loadUserView(trx, userId, orgId);
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('EMAIL_TAKEN', 'An account with this email already exists');
    throw err;
  }
};
