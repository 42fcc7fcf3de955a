import { personErasureHandler } from '@akhada/kit';
import { erasePerson } from '../db/person-erasure-repo.ts';
import type { MembersDb } from '../db/schema.ts';

/** auth.person_erasure_requested: the member's personal data goes; members.person_erased answers auth. */
export const onPersonErasureRequested = personErasureHandler<MembersDb>('members', async (trx, p) => {
  if (p.memberId) await erasePerson(trx, p.organizationId, p.memberId);
});
