import { personErasureHandler } from '@akhada/kit';
import { erasePerson } from '../db/person-erasure-repo.ts';
import type { PaymentsDb } from '../db/schema.ts';

/** auth.person_erasure_requested: personal fields minimized, invoices kept whole; payments.person_erased answers auth. */
export const onPersonErasureRequested = personErasureHandler<PaymentsDb>('payments', (trx, p) =>
  erasePerson(trx, p.organizationId, p.memberId ?? p.trainerId ?? p.userId),
);
