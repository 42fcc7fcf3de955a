import { authRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../api-client';
import { takeEarlyMe } from '../early-session';
import { getToken } from '../token-store';

/** GET /api/auth/me: the signed-in user (the first time, the answer to the request index.html sent early). */
export async function getMe(signal?: AbortSignal) {
  const token = getToken();
  const json = await callRoute(authRoutes.me, { signal, started: token ? takeEarlyMe(token) : undefined });
  return parseResponse(authRoutes.me.responses[200], json, 'GET /auth/me').data.user;
}
