import type { User } from '@akhada/contracts';
import { decodeJwtExp, isExpired, shouldRefresh } from './jwt';
import { clearToken, getToken, setToken } from './token-store';

/**
 * What checking the stored session found:
 *   none     no token: a guest
 *   user     the token is good (refreshed when it was close to its end)
 *   ended    the server said 401 (or the token had expired): the session is over
 *   failed   anything else (429, 5xx, offline, an unexpected answer): the session may well be fine, so the app keeps
 *            the token, says what happened and tries again later. Only a 401 ends a session.
 */
export type SessionProblem = 'rate-limited' | 'unavailable' | 'offline' | 'failed';
export type SessionCheck =
  { kind: 'none' } | { kind: 'user'; user: User } | { kind: 'ended' } | { kind: 'failed'; problem: SessionProblem; retryAfterMs: number | null };

/** The API client and its schemas load on first use, so the public pages stay light for guests. */
const sessionCalls = () => import('./api/session-calls');

interface FailureLike {
  name?: string;
  kind?: string;
  status?: number;
  retryAfterMs?: number | null;
}

/** Reads an ApiError's fields without importing the class (it lives in the lazily loaded API client). */
export function sessionProblemOf(error: unknown): { problem: SessionProblem; retryAfterMs: number | null } {
  const e = (error && typeof error === 'object' ? error : {}) as FailureLike;
  if (e.name !== 'ApiError') return { problem: 'offline', retryAfterMs: null }; // the client's code could not load
  const retryAfterMs = typeof e.retryAfterMs === 'number' ? e.retryAfterMs : null;
  if (e.kind === 'network') return { problem: 'offline', retryAfterMs };
  if (e.kind === 'http' && e.status === 429) return { problem: 'rate-limited', retryAfterMs };
  if (e.kind === 'http' && (e.status === 502 || e.status === 503 || e.status === 504)) return { problem: 'unavailable', retryAfterMs };
  return { problem: 'failed', retryAfterMs };
}

/** Checks the stored token with the server: GET /auth/me, or POST /auth/refresh when it is about to run out. */
export async function checkSession(): Promise<SessionCheck> {
  const token = getToken();
  if (!token) return { kind: 'none' };
  const exp = decodeJwtExp(token);
  if (isExpired(exp, Date.now())) {
    clearToken('expired');
    return { kind: 'ended' };
  }
  try {
    const { getMe, refreshToken } = await sessionCalls();
    if (shouldRefresh(exp, Date.now())) {
      const fresh = await refreshToken();
      setToken(fresh.token, 'refreshed');
      return { kind: 'user', user: fresh.user };
    }
    return { kind: 'user', user: await getMe() };
  } catch (error) {
    const e = error as FailureLike;
    if (e?.name === 'ApiError' && e.kind === 'http' && e.status === 401) {
      clearToken('expired'); // (the API client has done so already unless the token changed meanwhile)
      return { kind: 'ended' };
    }
    return { kind: 'failed', ...sessionProblemOf(error) };
  }
}

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/** When to try again after the `attempt`-th failure in a row: what the server asked for, else 2, 4, 8 … 60 s. */
export function sessionRetryDelay(attempt: number, retryAfterMs: number | null): number {
  if (retryAfterMs !== null) return Math.min(Math.max(retryAfterMs, 1_000), MAX_RETRY_MS);
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_MS);
}

let early: Promise<SessionCheck> | null = null;

/** Starts the first check before the app renders (main.tsx), so it runs beside the loading of the app's code. */
export function startSessionCheck(): Promise<SessionCheck> {
  early ??= checkSession();
  return early;
}

/** The check started early (once), else a new one. */
export function takeSessionCheck(): Promise<SessionCheck> {
  const started = early ?? checkSession();
  early = null;
  return started;
}
