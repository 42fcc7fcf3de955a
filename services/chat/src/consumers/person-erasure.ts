import { personErasureHandler } from '@akhada/kit';
import { erasePerson } from '../db/person-erasure-repo.ts';
import type { ChatDb } from '../db/schema.ts';

/** auth.person_erasure_requested: the person's name and email go; chat.person_erased answers auth. */
export const onPersonErasureRequested = personErasureHandler<ChatDb>('chat', (trx, p) => erasePerson(trx, p.organizationId, p.userId));
