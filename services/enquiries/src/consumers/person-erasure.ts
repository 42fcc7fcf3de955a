import { personErasureHandler } from '@akhada/kit';
import { erasePerson } from '../db/person-erasure-repo.ts';
import type { EnquiriesDb } from '../db/schema.ts';

/** auth.person_erasure_requested: a staff member's name and the leads that are the person go; enquiries.person_erased answers auth. */
export const onPersonErasureRequested = personErasureHandler<EnquiriesDb>('enquiries', (trx, p) => erasePerson(trx, p.organizationId, p));
