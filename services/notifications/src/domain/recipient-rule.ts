import type { Role } from '@akhada/contracts';

export interface Candidate {
  userId: string;
  role: Role;
  locationIds: readonly string[];
}

/**
 * Who hears about a new member: every owner of the organization, and every admin who runs the member's location.
 * Trainers and members are not told. The caller passes only candidates of the member's organization.
 */
export const recipientsOfMemberRegistered = <C extends Candidate>(candidates: readonly C[], locationId: string): C[] =>
  candidates.filter((c) => c.role === 'owner' || (c.role === 'admin' && c.locationIds.includes(locationId)));
