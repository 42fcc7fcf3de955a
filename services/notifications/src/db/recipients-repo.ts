import type { Role } from '@akhada/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { NotificationsDb, RecipientRow } from './schema.ts';

type Exec = Kysely<NotificationsDb> | Transaction<NotificationsDb>;

export const upsertRecipient = async (db: Exec, r: { userId: string; orgId: string; role: Role; locationIds: string[]; name: string }): Promise<void> => {
  await db
    .insertInto('recipients')
    .values({ user_id: r.userId, org_id: r.orgId, role: r.role, location_ids: r.locationIds, name: r.name })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        org_id: eb.ref('excluded.org_id'),
        role: eb.ref('excluded.role'),
        location_ids: eb.ref('excluded.location_ids'),
        name: eb.ref('excluded.name'),
        updated_at: new Date(),
      })),
    )
    .execute();
};

export const recipientsOfOrg = (db: Exec, orgId: string, roles: readonly Role[]): Promise<RecipientRow[]> =>
  db
    .selectFrom('recipients')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('role', 'in', [...roles])
    .orderBy('user_id')
    .execute();
