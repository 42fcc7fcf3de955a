import { authRoutes } from '@akhada/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { invitationKeys } from '../../../lib/query-keys/invitations';

/** POST /api/auth/invitations/preview → the invited person's first name and the gym's name. */
export async function previewInvitation(token: string) {
  const json = await callRoute(authRoutes.invitationPreview, { body: { token } });
  return parseResponse(authRoutes.invitationPreview.responses[200], json, 'POST /auth/invitations/preview').data;
}

/** Asked once per link (the app's retry policy never retries the 400 of a refused link). */
export function useInvitationPreview(token: string, enabled: boolean) {
  return useQuery({ queryKey: invitationKeys.preview(token), queryFn: () => previewInvitation(token), enabled, staleTime: Infinity });
}
