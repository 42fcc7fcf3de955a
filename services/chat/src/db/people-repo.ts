import type { Executor } from '@akhada/kit';
import type { Person } from '../domain/reach.ts';
import type { ChatDb, PeopleTable } from './schema.ts';

export type PersonRow = PeopleTable;

export const toPerson = (r: PersonRow): Person => ({
  id: r.id,
  orgId: r.org_id,
  role: r.role,
  locationIds: r.location_ids,
  trainerId: r.trainer_id,
  active: r.active,
});

/** Inserts or replaces a person; an older event never overwrites a newer one. Fields left out keep their value. */
export const upsertPerson = async (
  db: Executor<ChatDb>,
  p: Pick<PersonRow, 'id' | 'org_id' | 'role' | 'first_name' | 'last_name' | 'email' | 'updated_at'> &
    Partial<Pick<PersonRow, 'location_ids' | 'trainer_id' | 'active'>>,
): Promise<void> => {
  await db
    .insertInto('chat_people')
    .values({ location_ids: [], trainer_id: null, active: true, avatar_url: null, ...p })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          role: eb.ref('excluded.role'),
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          email: eb.ref('excluded.email'),
          updated_at: eb.ref('excluded.updated_at'),
          ...(p.location_ids !== undefined ? { location_ids: eb.ref('excluded.location_ids') } : {}),
          ...(p.trainer_id !== undefined ? { trainer_id: eb.ref('excluded.trainer_id') } : {}),
          ...(p.active !== undefined ? { active: eb.ref('excluded.active') } : {}),
        }))
        .where('chat_people.updated_at', '<=', p.updated_at),
    )
    .execute();
};

export const updatePerson = async (
  db: Executor<ChatDb>,
  id: string,
  at: Date,
  set: Partial<Pick<PersonRow, 'first_name' | 'last_name' | 'email' | 'location_ids' | 'trainer_id' | 'active'>>,
): Promise<void> => {
  await db
    .updateTable('chat_people')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('updated_at', '<=', at)
    .execute();
};

/**
 * A person's profile picture, in their own organization only. Everyone with an account is known here before any picture
 * of theirs: auth.user_registered makes the row, and auth's events of one user share a partition. So a picture of
 * someone not known (or another organization's) changes nothing.
 */
export const setPersonAvatar = async (db: Executor<ChatDb>, orgId: string, id: string, avatarUrl: string | null): Promise<void> => {
  await db.updateTable('chat_people').set({ avatar_url: avatarUrl }).where('id', '=', id).where('org_id', '=', orgId).execute();
};

export const findPerson = (db: Executor<ChatDb>, orgId: string, id: string) =>
  db.selectFrom('chat_people').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

export const findPeople = async (db: Executor<ChatDb>, orgId: string, ids: readonly string[]): Promise<PersonRow[]> =>
  ids.length === 0
    ? []
    : db
        .selectFrom('chat_people')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('id', 'in', [...ids])
        .execute();

export const peopleOfOrg = (db: Executor<ChatDb>, orgId: string) =>
  db.selectFrom('chat_people').selectAll().where('org_id', '=', orgId).where('active', '=', true).orderBy('first_name').orderBy('last_name').execute();
