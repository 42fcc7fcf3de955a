import { authRoutes, type LoginBody } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';

export type LoginInput = z.input<typeof LoginBody>;

/** POST /api/auth/login → the user, a token and its expiry. */
export async function login(body: LoginInput) {
  const json = await callRoute(authRoutes.login, { body });
  return parseResponse(authRoutes.login.responses[200], json, 'POST /auth/login').data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
