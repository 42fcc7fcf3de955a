import { personErasureHandler } from '@akhada/kit';
import { erasePerson } from '../db/person-erasure-repo.ts';
import type { InventoryDb } from '../db/schema.ts';

/** auth.person_erasure_requested: the buyer's name and phone go; inventory.person_erased answers auth. */
export const onPersonErasureRequested = personErasureHandler<InventoryDb>('inventory', (trx, p) =>
  erasePerson(trx, p.organizationId, p.memberId ?? p.trainerId ?? p.userId),
);
