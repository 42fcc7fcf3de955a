import type { MembershipStatus, MembershipType } from '@akhada/contracts';

export interface MemberListParams {
  search?: string;
  status?: MembershipStatus;
  membershipType?: MembershipType;
  locationId?: string;
  page: number;
  limit: number;
}

/** How many members match, without loading them (the dashboard's counters). null location = all the caller sees. */
export interface MemberTotalParams {
  locationId: string | null;
  status?: MembershipStatus;
}

/**
 * The members feature's cache keys, the one factory for them (in `lib`: the dashboard counts members too). Everything
 * is under ['members'], so adding a member refreshes lists, counts and details at once.
 */
export const memberKeys = {
  all: ['members'] as const,
  lists: ['members', 'list'] as const,
  list: (p: MemberListParams) => ['members', 'list', p] as const,
  total: (p: MemberTotalParams) => ['members', 'total', p] as const,
  detail: (id: string) => ['members', 'detail', id] as const,
  measurements: (id: string) => ['members', 'measurements', id] as const,
  /** The signed-in member's own membership and measurements (role member). */
  me: ['members', 'me'] as const,
  /** The member's referral code and rewards; their location's public form (for the link). */
  myReferral: ['members', 'me', 'referral'] as const,
  myFormLink: ['members', 'me', 'form-link'] as const,
  myMeasurements: ['members', 'me', 'measurements'] as const,
  /** The membership plans the gym sells (Settings → Gym), as the add-member and renewal forms offer them. */
  plans: ['members', 'plans'] as const,
  /**
   * The Assign Trainer picker's trainers of one location (under ['trainers'], so whatever refreshes the trainers'
   * lists refreshes it too).
   */
  trainerChoices: (locationId: string) => ['trainers', 'choices', locationId] as const,
};
