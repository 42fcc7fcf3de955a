import { authRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../api-client';

/** GET /api/auth/me: the signed-in user. */
export async function getMe(signal?: AbortSignal) {
  const json = await callRoute(authRoutes.me, { signal });
  return parseResponse(authRoutes.me.responses[200], json, 'GET /auth/me').data.user;
}
