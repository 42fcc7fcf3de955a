import { sql } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

/** Failures per key (e.g. `email:…`, `ip:…`) since the given time; keys without failures are absent. */
export const countFailuresSince = (db: Executor<AuthDb>, keys: string[], since: Date) =>
  db
    .selectFrom('login_failures')
    .select(['key', sql<number>`count(*)::int`.as('n')])
    .where('key', 'in', keys)
    .where('at', '>', since)
    .groupBy('key')
    .execute();

export const recordFailures = async (db: Executor<AuthDb>, keys: string[]) => {
  await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key })))
    .execute();
};

export const clearFailures = async (db: Executor<AuthDb>, key: string) => {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
};

export const pruneFailuresBefore = async (db: Executor<AuthDb>, before: Date) => {
  await db.deleteFrom('login_failures').where('at', '<', before).execute();
};
