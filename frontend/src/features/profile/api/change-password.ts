import { authRoutes, type ChangePasswordBody } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';

export type ChangePasswordInput = z.input<typeof ChangePasswordBody>;

/** PUT /api/auth/change-password */
export async function changePassword(body: ChangePasswordInput) {
  const json = await callRoute(authRoutes.changePassword, { body });
  return parseResponse(authRoutes.changePassword.responses[200], json, 'PUT /auth/change-password');
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
