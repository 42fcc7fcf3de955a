import { authRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../api-client';

/** POST /api/auth/logout: ends the session on the server (the token is revoked). */
export async function logout(signal?: AbortSignal) {
  const json = await callRoute(authRoutes.logout, { signal, ignoreUnauthorized: true });
  return parseResponse(authRoutes.logout.responses[200], json, 'POST /auth/logout');
}
