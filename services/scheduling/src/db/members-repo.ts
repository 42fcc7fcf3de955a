import type { Executor } from '@akhada/kit';
import type { MembersTable, SchedulingDb } from './schema.ts';

/** Upsert of a member's whole row; an older event never overwrites a newer one. */
export const upsertMember = async (db: Executor<SchedulingDb>, row: MembersTable): Promise<void> => {
  await db
    .insertInto('members')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          org_id: eb.ref('excluded.org_id'),
          location_id: eb.ref('excluded.location_id'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          status: eb.ref('excluded.status'),
          membership_type: eb.ref('excluded.membership_type'),
          end_date: eb.ref('excluded.end_date'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('members.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();
};

/** A change to a known member (an unknown one is skipped: their registration, or the read-through, brings the row). */
export const updateMember = async (
  db: Executor<SchedulingDb>,
  id: string,
  at: Date,
  set: Partial<Pick<MembersTable, 'status' | 'membership_type' | 'end_date' | 'first_name' | 'last_name' | 'location_id'>>,
): Promise<void> => {
  await db
    .updateTable('members')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('updated_at', '<=', at)
    .execute();
};

/** A member of the organization (scoped: another organization's member is not found). */
export const memberOf = (db: Executor<SchedulingDb>, orgId: string, id: string) =>
  db.selectFrom('members').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
