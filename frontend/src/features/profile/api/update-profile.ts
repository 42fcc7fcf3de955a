import { authRoutes, type ProfileBody } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';

export type ProfileInput = z.input<typeof ProfileBody>;

/** PUT /api/auth/profile → the updated user. */
export async function updateProfile(body: ProfileInput) {
  const json = await callRoute(authRoutes.profile, { body });
  return parseResponse(authRoutes.profile.responses[200], json, 'PUT /auth/profile').data.user;
}

/** The session's user becomes the server's answer as it is. */
export function useUpdateProfile() {
  const { setUser } = useSession();
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUser(user) });
}
