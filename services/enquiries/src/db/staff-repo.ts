import type { Executor } from '@akhada/kit';
import type { EnquiriesDb } from './schema.ts';

/** The names ("First Last") of the organization's staff among `ids`; an id not known (yet) is left out. */
export const staffNames = async (db: Executor<EnquiriesDb>, orgId: string, ids: (string | null)[]): Promise<Map<string, string>> => {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('staff').select(['id', 'first_name', 'last_name']).where('org_id', '=', orgId).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
};

/** Whether `id` is a staff member of the organization (as this service knows them). */
export const isStaffOf = async (db: Executor<EnquiriesDb>, orgId: string, id: string): Promise<boolean> =>
  (await db.selectFrom('staff').select('id').where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst()) !== undefined;

/** The organization's staff by name, A to Z. */
export const staffOf = async (db: Executor<EnquiriesDb>, orgId: string): Promise<{ id: string; name: string }[]> =>
  (await db.selectFrom('staff').select(['id', 'first_name', 'last_name']).where('org_id', '=', orgId).orderBy('first_name').orderBy('last_name').execute()).map(
    (r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() }),
  );
