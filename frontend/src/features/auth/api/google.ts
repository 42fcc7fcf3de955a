import { signInMethodRoutes, type GoogleCallbackBody, type GoogleLinkBody } from '@akhada/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';

/** Where the browser keeps the flow's id between leaving for Google and coming back (this tab only). */
export const GOOGLE_FLOW_KEY = 'akhada.googleFlow';

/** GET /api/auth/google: whether the operator configured Google sign-in (the button is hidden when not). */
export function useGoogleSignInConfig() {
  return useQuery({
    queryKey: ['auth', 'google-config'],
    queryFn: async () =>
      parseResponse(signInMethodRoutes.googleConfig.responses[200], await callRoute(signInMethodRoutes.googleConfig, {}), 'GET /auth/google').data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** POST /api/auth/google/start → the flow's id (kept for the callback) and Google's authorization URL. */
export function useStartGoogleSignIn() {
  return useMutation({
    mutationFn: async () =>
      parseResponse(signInMethodRoutes.googleStart.responses[200], await callRoute(signInMethodRoutes.googleStart, {}), 'POST /auth/google/start').data,
  });
}

/** POST /api/auth/google/callback: signed in, or on to registration with the name and email prefilled. */
export async function finishGoogleSignIn(body: z.input<typeof GoogleCallbackBody>) {
  const json = await callRoute(signInMethodRoutes.googleCallback, { body });
  return parseResponse(signInMethodRoutes.googleCallback.responses[200], json, 'POST /auth/google/callback').data;
}

/** POST /api/auth/google/link: "Confirm it's you" — the account's password (and its code) link Google and sign in. */
export async function confirmGoogleLink(body: z.input<typeof GoogleLinkBody>) {
  const json = await callRoute(signInMethodRoutes.googleLink, { body });
  return parseResponse(signInMethodRoutes.googleLink.responses[200], json, 'POST /auth/google/link').data;
}
