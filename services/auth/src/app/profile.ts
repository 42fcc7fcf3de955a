import type { z } from 'zod';
import type { ProfileBody } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import type { Kysely, Updateable } from 'kysely';
import type { AuthDb } from '../db/schema.ts';
import { loadUserView } from './users.ts';

/** Only the caller's own profile; email and role are not changed here. */
export const updateProfile = async ({ db, now }: { db: Kysely<AuthDb>; now: Date }, ctx: RequestContext, body: z.infer<typeof ProfileBody>) => {
  const patch: Updateable<AuthDb['users']> = { updated_at: now };
  if (body.firstName !== undefined) patch.first_name = body.firstName;
  if (body.lastName !== undefined) patch.last_name = body.lastName;
  if (body.phone !== undefined) patch.phone = body.phone;
  if (body.dateOfBirth !== undefined) patch.date_of_birth = body.dateOfBirth;
  if (body.gender !== undefined) patch.gender = body.gender;
  if (body.address !== undefined) patch.address = JSON.stringify(body.address);
  if (body.emergencyContact !== undefined) patch.emergency_contact = JSON.stringify(body.emergencyContact);
  await db.updateTable('users').set(patch).where('id', '=', ctx.userId).where('org_id', '=', ctx.orgId).execute();
  return loadUserView(db, ctx.userId, ctx.orgId);
};
