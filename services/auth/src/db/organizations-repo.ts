import type { Insertable } from 'kysely';
import type { PlanId } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

/** The unique constraint on organizations.join_code (Postgres' default name for a column's UNIQUE). */
export const ORGANIZATIONS_JOIN_CODE_UNIQUE = 'organizations_join_code_key';

/**
 * Inserts the organization unless its join code is taken: false then, and nothing was written (the transaction stays
 * usable, so the caller can try another code). Any other clash still raises.
 */
export const insertOrganizationIfCodeFree = async (db: Executor<AuthDb>, org: Insertable<AuthDb['organizations']>): Promise<boolean> => {
  const inserted = await db
    .insertInto('organizations')
    .values(org)
    .onConflict((oc) => oc.column('join_code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
};

export const findOrganizationByJoinCode = (db: Executor<AuthDb>, joinCode: string) =>
  db.selectFrom('organizations').select('id').where('join_code', '=', joinCode).executeTakeFirst();

export const findOrganization = (db: Executor<AuthDb>, orgId: string) =>
  db.selectFrom('organizations').selectAll().where('id', '=', orgId).executeTakeFirstOrThrow();

export const organizationExists = async (db: Executor<AuthDb>, orgId: string): Promise<boolean> =>
  (await db.selectFrom('organizations').select('id').where('id', '=', orgId).executeTakeFirst()) !== undefined;

/** The chosen plan; the trial date goes (a chosen plan is not a trial). */
export const setOrganizationPlan = async (db: Executor<AuthDb>, orgId: string, plan: PlanId) => {
  await db.updateTable('organizations').set({ plan, trial_ends_at: null }).where('id', '=', orgId).execute();
};

export const lockOrganization = (db: Executor<AuthDb>, orgId: string) =>
  db.selectFrom('organizations').selectAll().where('id', '=', orgId).forUpdate().executeTakeFirstOrThrow();

/** Whether the organization's admins and trainers must sign in with two-factor. */
export const setStaffTwoFactorRequired = async (db: Executor<AuthDb>, orgId: string, required: boolean) => {
  await db.updateTable('organizations').set({ require_staff_two_factor: required }).where('id', '=', orgId).execute();
};

export const findOrganizationLogo = async (db: Executor<AuthDb>, orgId: string): Promise<string | null> =>
  (await db.selectFrom('organizations').select('logo').where('id', '=', orgId).executeTakeFirst())?.logo ?? null;
