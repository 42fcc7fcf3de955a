import { authRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../api-client';

/** POST /api/auth/refresh: a fresh token (and the user) for the current session. */
export async function refreshToken() {
  const json = await callRoute(authRoutes.refresh);
  return parseResponse(authRoutes.refresh.responses[200], json, 'POST /auth/refresh').data;
}
