import { personErasureHandler } from '@akhada/kit';
import { erasePerson } from '../db/person-erasure-repo.ts';
import type { DashboardDb } from '../db/schema.ts';

/** auth.person_erasure_requested: the person's name and contacts go; dashboard.person_erased answers auth. */
export const onPersonErasureRequested = personErasureHandler<DashboardDb>('dashboard', (trx, p) => erasePerson(trx, p.organizationId, p.userId));
