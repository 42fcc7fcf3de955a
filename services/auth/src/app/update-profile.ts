import type { ProfileBody } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AuthDb } from '../db/schema.ts';
import { patchUser } from '../db/users-repo.ts';
import { loadUserView } from '../views/user-view.ts';
import type { AuthDeps } from './deps.ts';

/** Only the caller's own profile; email and role are not changed here. */
export const updateProfile = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, body: z.infer<typeof ProfileBody>) => {
  const patch: Updateable<AuthDb['users']> = { updated_at: clock() };
  if (body.firstName !== undefined) patch.first_name = body.firstName;
  if (body.lastName !== undefined) patch.last_name = body.lastName;
  if (body.phone !== undefined) patch.phone = body.phone;
  if (body.dateOfBirth !== undefined) patch.date_of_birth = body.dateOfBirth;
  if (body.gender !== undefined) patch.gender = body.gender;
  if (body.address !== undefined) patch.address = JSON.stringify(body.address);
  if (body.emergencyContact !== undefined) patch.emergency_contact = JSON.stringify(body.emergencyContact);
  await patchUser(db, ctx.userId, ctx.orgId, patch);
  return loadUserView(db, ctx.userId, ctx.orgId);
};
