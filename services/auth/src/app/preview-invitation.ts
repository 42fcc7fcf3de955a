import type { AuthDeps } from './deps.ts';
import { usableInvitation } from './accept-invitation.ts';

/** Whom a usable invitation link greets and which gym sent it: the first name and the gym's name, nothing more. */
export const previewInvitation = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, token: string) => {
  const inv = await usableInvitation(db, token, clock(), { forUpdate: false });
  return { firstName: inv.first_name, gymName: inv.gym_name };
};
