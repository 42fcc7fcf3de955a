import type { Lead } from '@akhada/contracts';

/** The pipeline's columns, in order. */
export const STAGES = ['new', 'contacted', 'trial_booked', 'trial_done', 'joined', 'lost'] as const satisfies readonly Lead['stage'][];
/** The stages a lead is moved to with "Move to" (lost has its own action with a reason). */
export const OPEN_STAGES = ['new', 'contacted', 'trial_booked', 'trial_done', 'joined'] as const;

/** Who owns a lead, as the caller reads it: "You", "Unassigned" or a colleague (this service keeps no staff names). */
export const ownerKey = (ownerId: string | null, userId: string): 'enquiries:you' | 'enquiries:unassigned' | 'enquiries:someone' =>
  ownerId === null ? 'enquiries:unassigned' : ownerId === userId ? 'enquiries:you' : 'enquiries:someone';
