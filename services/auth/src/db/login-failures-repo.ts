import { sql } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { AuthDb } from './schema.ts';

/** Failures per key (e.g. `email:…`, `ip:…`) since the given time, and the oldest of them; keys without failures are absent. */
export const countFailuresSince = (db: Executor<AuthDb>, keys: string[], since: Date) =>
  db
    .selectFrom('login_failures')
    .select(['key', sql<number>`count(*)::int`.as('n'), sql<Date>`min(at)`.as('oldest')])
    .where('key', 'in', keys)
    .where('at', '>', since)
    .groupBy('key')
    .execute();

/** Failures at `at` (the service's clock, the same one the window is measured with). */
export const recordFailures = async (db: Executor<AuthDb>, keys: string[], at: Date) => {
  await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key, at })))
    .execute();
};

/** One attempt under a key, recorded before it is checked (so parallel attempts count each other); returns its id. */
export const recordAttempt = async (db: Executor<AuthDb>, key: string, at: Date): Promise<number> =>
  (await db.insertInto('login_failures').values({ key, at }).returning('id').executeTakeFirstOrThrow()).id;

/** How many attempts a key has inside the window, and when the oldest of them was. */
export const attemptsSince = async (db: Executor<AuthDb>, key: string, since: Date): Promise<{ n: number; oldest: Date | null }> => {
  const row = await db
    .selectFrom('login_failures')
    .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(at)`.as('oldest')])
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return { n: row.n, oldest: row.oldest };
};

export const deleteAttempt = async (db: Executor<AuthDb>, id: number) => {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
};

export const clearFailures = async (db: Executor<AuthDb>, key: string) => {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
};

export const pruneFailuresBefore = async (db: Executor<AuthDb>, before: Date) => {
  await db.deleteFrom('login_failures').where('at', '<', before).execute();
};
