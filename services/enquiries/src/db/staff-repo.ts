import type { Executor } from '@akhada/kit';
import type { EnquiriesDb } from './schema.ts';

/** The names ("First Last") of the organization's staff among `ids`; an id not known (yet) is left out. */
export const staffNames = async (db: Executor<EnquiriesDb>, orgId: string, ids: (string | null)[]): Promise<Map<string, string>> => {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('staff').select(['id', 'first_name', 'last_name']).where('org_id', '=', orgId).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
};

/** The organization of staff member `id` as this service knows them (undefined: not known here yet). */
export const staffOrgOf = async (db: Executor<EnquiriesDb>, id: string): Promise<string | undefined> =>
  (await db.selectFrom('staff').select('org_id').where('id', '=', id).executeTakeFirst())?.org_id;

/** A staff member's name, from auth's event or read through from the owning service (the event's write wins later). */
export const saveStaff = async (db: Executor<EnquiriesDb>, s: { id: string; orgId: string; firstName: string; lastName: string }): Promise<void> => {
  await db
    .insertInto('staff')
    .values({ id: s.id, org_id: s.orgId, first_name: s.firstName.trim(), last_name: s.lastName.trim() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
};

/** The organization's staff by name, A to Z. */
export const staffOf = async (db: Executor<EnquiriesDb>, orgId: string): Promise<{ id: string; name: string }[]> =>
  (await db.selectFrom('staff').select(['id', 'first_name', 'last_name']).where('org_id', '=', orgId).orderBy('first_name').orderBy('last_name').execute()).map(
    (r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() }),
  );
