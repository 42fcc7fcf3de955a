import type { Attendance } from '@akhada/contracts';

/** Whom a record is of: the member of a member session, the trainer of a trainer session. */
export const personOf = (a: Attendance) => a.member ?? a.trainer;

export const STATUS_TONE: Record<Attendance['status'], string> = { active: 'badge--success', completed: 'badge--neutral', late: 'badge--warning' };
