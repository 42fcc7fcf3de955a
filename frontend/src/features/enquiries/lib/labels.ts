import type { Lead } from '@akhada/contracts';

/** The pipeline's columns, in order. */
export const STAGES = ['new', 'contacted', 'trial_booked', 'trial_done', 'joined', 'lost'] as const satisfies readonly Lead['stage'][];
/** The stages a lead is moved to with "Move to" (lost has its own action with a reason). */
export const OPEN_STAGES = ['new', 'contacted', 'trial_booked', 'trial_done', 'joined'] as const;

type Translate = (key: 'enquiries:you' | 'enquiries:unassigned' | 'enquiries:someone') => string;

/** Who owns a lead, as the caller reads it: "You", "Unassigned", the colleague's name, or "A colleague" when not known yet. */
export const ownerLabel = (t: Translate, lead: Pick<Lead, 'ownerId' | 'ownerName'>, userId: string): string =>
  lead.ownerId === null ? t('enquiries:unassigned') : lead.ownerId === userId ? t('enquiries:you') : (lead.ownerName ?? t('enquiries:someone'));
