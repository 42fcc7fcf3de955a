import { personErasureHandler } from '@akhada/kit';
import { erasePerson } from '../db/person-erasure-repo.ts';
import type { AttendanceDb } from '../db/schema.ts';

/** auth.person_erasure_requested: the person's name and email go; attendance.person_erased answers auth. */
export const onPersonErasureRequested = personErasureHandler<AttendanceDb>('attendance', (trx, p) =>
  erasePerson(trx, p.organizationId, p.memberId ?? p.trainerId ?? p.userId),
);
