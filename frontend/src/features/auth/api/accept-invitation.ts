import { authRoutes } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/** POST /api/auth/invitations/accept → signed in: the user, a token and its expiry (as sign-in answers). */
export async function acceptInvitation(body: { token: string; password: string }) {
  const json = await callRoute(authRoutes.acceptInvitation, { body });
  return parseResponse(authRoutes.acceptInvitation.responses[200], json, 'POST /auth/invitations/accept').data;
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
