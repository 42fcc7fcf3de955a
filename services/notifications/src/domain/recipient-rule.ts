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

/**
 * Who hears about something that needs staff at a location (a member awaiting a plan, a trainer awaiting approval):
 * every owner, and every admin who runs that location. Null location (not known): every owner and every admin.
 */
export const ownersAndAdminsOf = <C extends Candidate>(candidates: readonly C[], locationId: string | null): C[] =>
  candidates.filter((c) => c.role === 'owner' || (c.role === 'admin' && (locationId === null || c.locationIds.includes(locationId))));

/**
 * Who hears that a trainer's certification expires soon: the trainer, and the owners and admins of the trainer's
 * location. The trainer's user id is their trainer id, so they are told even before this service knows their account.
 */
export const recipientsOfCertificationExpiring = <C extends Candidate>(
  candidates: readonly C[],
  trainerId: string,
  locationId: string | null,
): { userId: string; isTrainer: boolean }[] => [
  { userId: trainerId, isTrainer: true },
  ...ownersAndAdminsOf(candidates, locationId)
    .filter((c) => c.userId !== trainerId)
    .map((c) => ({ userId: c.userId, isTrainer: false })),
];
