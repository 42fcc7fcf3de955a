import type { Executor } from '@akhada/kit';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { AuthDb } from './schema.ts';

export type ApiKeyRow = Selectable<AuthDb['api_keys']>;

export const insertApiKey = async (db: Executor<AuthDb>, row: Insertable<AuthDb['api_keys']>): Promise<void> => {
  await db.insertInto('api_keys').values(row).execute();
};

/** The organization's keys, newest first (revoked ones too: the list shows them as revoked). */
export const apiKeysOfOrg = (db: Executor<AuthDb>, orgId: string): Promise<ApiKeyRow[]> =>
  db.selectFrom('api_keys').selectAll().where('org_id', '=', orgId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

/** One key of the organization, locked for a change when `forUpdate` (another organization's id: undefined). */
export const apiKeyOfOrg = (db: Executor<AuthDb>, orgId: string, id: string, forUpdate = false): Promise<ApiKeyRow | undefined> => {
  const q = db.selectFrom('api_keys').selectAll().where('org_id', '=', orgId).where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const apiKeyByPrefix = (db: Executor<AuthDb>, prefix: string): Promise<ApiKeyRow | undefined> =>
  db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst();

export const rotateApiKey = async (
  db: Executor<AuthDb>,
  id: string,
  v: { secretHash: string; previousSecretHash: string | null; previousValidUntil: Date | null; at: Date },
): Promise<void> => {
  await db
    .updateTable('api_keys')
    .set({ secret_hash: v.secretHash, previous_secret_hash: v.previousSecretHash, previous_valid_until: v.previousValidUntil, rotated_at: v.at })
    .where('id', '=', id)
    .execute();
};

export const revokeApiKey = async (db: Executor<AuthDb>, id: string, at: Date): Promise<void> => {
  await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
};

/** Marks the key used, at most once a minute (the services check a key at most every 30 s each). */
export const touchApiKey = async (db: Executor<AuthDb>, id: string, at: Date): Promise<void> => {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`${at}::timestamptz - interval '1 minute'`)]))
    .execute();
};

export const adminsManageApiKeys = async (db: Executor<AuthDb>, orgId: string): Promise<boolean> => {
  const row = await db.selectFrom('organizations').select('admins_manage_api_keys').where('id', '=', orgId).executeTakeFirst();
  return row?.admins_manage_api_keys ?? false;
};

export const setAdminsManageApiKeys = async (db: Executor<AuthDb>, orgId: string, value: boolean): Promise<void> => {
  await db.updateTable('organizations').set({ admins_manage_api_keys: value }).where('id', '=', orgId).execute();
};

/**
 * Adds a gateway's batch of counts to each key's UTC day (one statement; the same key and day twice in a batch are
 * summed first). Counts of keys auth does not know (deleted since) are dropped.
 */
export const addApiKeyUsage = async (
  db: Executor<AuthDb>,
  counts: readonly { keyId: string; date: string; requests: number; limited: number }[],
): Promise<void> => {
  if (counts.length === 0) return;
  const rows = JSON.stringify(counts.map((c) => ({ key_id: c.keyId, day: c.date, requests: c.requests, limited: c.limited })));
  await sql`
    insert into api_key_usage (key_id, day, requests, limited)
    select v.key_id, v.day, sum(v.requests), sum(v.limited)
    from jsonb_to_recordset(${rows}::jsonb) as v(key_id uuid, day date, requests integer, limited integer)
    join api_keys k on k.id = v.key_id
    group by v.key_id, v.day
    on conflict (key_id, day) do update
      set requests = api_key_usage.requests + excluded.requests, limited = api_key_usage.limited + excluded.limited
  `.execute(db);
};

/** A key's stored days from `since` (YYYY-MM-DD, UTC) on, newest first. */
export const apiKeyUsageSince = async (db: Executor<AuthDb>, keyId: string, since: string): Promise<{ date: string; requests: number; limited: number }[]> =>
  db
    .selectFrom('api_key_usage')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('date'), 'requests', 'limited'])
    .where('key_id', '=', keyId)
    .where('day', '>=', since)
    .orderBy('day', 'desc')
    .execute();
