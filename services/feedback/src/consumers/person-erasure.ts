import { personErasureHandler } from '@akhada/kit';
import { erasePerson } from '../db/person-erasure-repo.ts';
import type { FeedbackDb } from '../db/schema.ts';

/** auth.person_erasure_requested: the person's name goes; feedback.person_erased answers auth. */
export const onPersonErasureRequested = personErasureHandler<FeedbackDb>('feedback', (trx, p) => erasePerson(trx, p.organizationId, p.userId));
