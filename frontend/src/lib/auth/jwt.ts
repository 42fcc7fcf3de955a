function payloadOf(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const payload: unknown = JSON.parse(atob(base64));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the `exp` claim of a JWT (milliseconds since epoch). Never trusts it for anything but scheduling. */
export function decodeJwtExp(token: string): number | null {
  const exp = payloadOf(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** Whether the token was issued for two-factor enrolment only (claim `enrol`): a fresh one is due once enrolled. */
export function isEnrolmentToken(token: string): boolean {
  return payloadOf(token)?.enrol === true;
}

/** Refresh when less than this much time is left on the token. */
export const REFRESH_WINDOW_MS = 5 * 60 * 1000;
/** How often the session checks whether a refresh is due. */
export const REFRESH_CHECK_INTERVAL_MS = 60 * 1000;

export function isExpired(expMs: number | null, nowMs: number): boolean {
  return expMs !== null && expMs <= nowMs;
}

export function shouldRefresh(expMs: number | null, nowMs: number, windowMs = REFRESH_WINDOW_MS): boolean {
  if (expMs === null) return false;
  return expMs - nowMs < windowMs;
}
