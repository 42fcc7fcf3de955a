import type { Role } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { NotificationsDb, RecipientRow } from './schema.ts';

export interface RecipientFact {
  userId: string;
  orgId: string;
  role: Role;
  locationIds: string[];
  name: string;
  email?: string | null;
  /** When auth says this fact became true (the event's occurredAt): the version the upsert is guarded by. */
  asOf: string;
}

/**
 * Inserts the recipient or moves it forward. Guarded like every read-model upsert: it applies only when the stored
 * fact is older (`source_occurred_at < excluded.source_occurred_at`), so a replayed or late older event never
 * overwrites a newer one. The guard is the event's occurredAt because auth's users are not event-sourced (no stream
 * version to carry); see the migration 0004 for why that is a sound order.
 */
export const upsertRecipient = async (db: Executor<NotificationsDb>, r: RecipientFact): Promise<void> => {
  await db
    .insertInto('recipients')
    .values({
      user_id: r.userId,
      org_id: r.orgId,
      role: r.role,
      location_ids: r.locationIds,
      name: r.name,
      email: r.email ?? null,
      source_occurred_at: new Date(r.asOf),
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          org_id: eb.ref('excluded.org_id'),
          role: eb.ref('excluded.role'),
          location_ids: eb.ref('excluded.location_ids'),
          name: eb.ref('excluded.name'),
          email: eb.ref('excluded.email'),
          source_occurred_at: eb.ref('excluded.source_occurred_at'),
          updated_at: sql<Date>`now()`,
        }))
        .where('recipients.source_occurred_at', '<', (eb) => eb.ref('excluded.source_occurred_at')),
    )
    .execute();
};

export const recipientsOfOrg = (db: Executor<NotificationsDb>, orgId: string, roles: readonly Role[]): Promise<RecipientRow[]> =>
  db
    .selectFrom('recipients')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('role', 'in', [...roles])
    .orderBy('user_id')
    .execute();
