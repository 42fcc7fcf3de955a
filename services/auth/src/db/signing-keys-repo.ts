import { sql } from 'kysely';
import type { AuthDb } from './schema.ts';
import type { Executor } from '@akhada/kit';

/** Serializes key creation between instances starting at once (transaction-scoped). */
export const lockSigningKeys = (trx: Executor<AuthDb>) => sql`select pg_advisory_xact_lock(hashtext('akhada.auth.signing_keys'))`.execute(trx);

export const latestSigningKey = (db: Executor<AuthDb>) => db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').executeTakeFirst();

export const insertSigningKey = async (db: Executor<AuthDb>, key: { kid: string; private_jwk: string; public_jwk: string }) => {
  await db.insertInto('signing_keys').values(key).execute();
  return db.selectFrom('signing_keys').selectAll().where('kid', '=', key.kid).executeTakeFirstOrThrow();
};
