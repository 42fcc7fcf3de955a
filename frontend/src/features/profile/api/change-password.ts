import { authRoutes } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/** PUT /api/auth/change-password */
export async function changePassword(body: { currentPassword: string; newPassword: string }) {
  const json = await callRoute(authRoutes.changePassword, { body });
  return parseResponse(authRoutes.changePassword.responses[200], json, 'PUT /auth/change-password');
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
