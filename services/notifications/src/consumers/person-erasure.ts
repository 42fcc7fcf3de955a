import { personErasureHandler } from '@akhada/kit';
import { erasePerson } from '../db/person-erasure-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';

/** auth.person_erasure_requested: no more messages, no contact details; notifications.person_erased answers auth. */
export const onPersonErasureRequested = personErasureHandler<NotificationsDb>('notifications', (trx, p, env) =>
  erasePerson(trx, p.organizationId, p.userId, new Date(env.occurredAt)),
);
