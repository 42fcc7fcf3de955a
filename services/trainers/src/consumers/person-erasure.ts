import { personErasureHandler } from '@akhada/kit';
import { erasePerson } from '../db/person-erasure-repo.ts';
import type { TrainersDb } from '../db/schema.ts';

/** auth.person_erasure_requested: the person's personal data goes; trainers.person_erased answers auth. */
export const onPersonErasureRequested = personErasureHandler<TrainersDb>('trainers', (trx, p) => erasePerson(trx, p.organizationId, p));
