import type { Insertable } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

/** The unique constraint on organizations.join_code (Postgres' default name for a column's UNIQUE). */
export const ORGANIZATIONS_JOIN_CODE_UNIQUE = 'organizations_join_code_key';

export const insertOrganization = async (db: Executor<AuthDb>, org: Insertable<AuthDb['organizations']>) => {
  await db.insertInto('organizations').values(org).execute();
};

export const findOrganizationByJoinCode = (db: Executor<AuthDb>, joinCode: string) =>
  db.selectFrom('organizations').select('id').where('join_code', '=', joinCode).executeTakeFirst();
