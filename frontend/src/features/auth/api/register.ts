import { authRoutes, type RegisterBody } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';

export type RegisterInput = z.input<typeof RegisterBody>;

/** POST /api/auth/register → 201 with the new user. There is no automatic sign-in. */
export async function register(body: RegisterInput) {
  const json = await callRoute(authRoutes.register, { body });
  return parseResponse(authRoutes.register.responses[201], json, 'POST /auth/register').data.user;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
