import { DataRightsEvents } from '@akhada/contracts';
import { sql } from 'kysely';
import type { Executor } from '@akhada/kit';
import type { InventoryDb } from './schema.ts';

/**
 * Erasure (DPDP): the person's copy loses its name, and the sales they bought keep their lines and totals with the
 * buyer's name and phone removed (the buyer's member id stays, so the sale still links to its invoice).
 */
export const erasePerson = async (db: Executor<InventoryDb>, orgId: string, personId: string): Promise<void> => {
  await db.updateTable('people').set({ name: DataRightsEvents.ERASED_NAME }).where('org_id', '=', orgId).where('id', '=', personId).execute();
  await db
    .updateTable('sales')
    .set({ buyer: sql`buyer || jsonb_build_object('name', ${DataRightsEvents.ERASED_NAME}::text, 'phone', null)` })
    .where('org_id', '=', orgId)
    .where(sql<boolean>`buyer->>'memberId' = ${personId}`)
    .execute();
};
