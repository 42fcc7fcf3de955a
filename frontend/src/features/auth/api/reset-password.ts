import { authRoutes } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/** POST /api/auth/reset-password with the token from the emailed link. */
export async function resetPassword(input: { token: string; password: string }) {
  const json = await callRoute(authRoutes.resetPassword, { body: input });
  return parseResponse(authRoutes.resetPassword.responses[200], json, 'POST /auth/reset-password');
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
