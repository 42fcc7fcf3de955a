import { authRoutes } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: the server emails a reset link when the account exists. */
export async function forgotPassword(email: string) {
  const json = await callRoute(authRoutes.forgotPassword, { body: { email } });
  return parseResponse(authRoutes.forgotPassword.responses[200], json, 'POST /auth/forgot-password');
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
