import { memberRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useMemberCommand } from './member-command';

/** POST /api/members/:id/resend-invitation: a new sign-in link (the old one stops working). */
export async function resendInvitation(id: string) {
  const json = await callRoute(memberRoutes.resendInvitation, { params: { id } });
  return parseResponse(memberRoutes.resendInvitation.responses[200], json, 'POST /members/:id/resend-invitation');
}

export const useResendInvitation = () => useMemberCommand(resendInvitation);
