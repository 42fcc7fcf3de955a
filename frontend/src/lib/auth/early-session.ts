declare global {
  interface Window {
    /**
     * GET /api/auth/me, sent by index.html's inline script for a signed-in visitor opening the app, before any of
     * the app's code has arrived; with the token it was sent with.
     */
    __akhadaSession?: { token: string; me: Promise<Response> };
  }
}

/** The early GET /api/auth/me, once, if it was sent with this token (else the caller sends its own). */
export function takeEarlyMe(token: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__akhadaSession;
  if (!early) return undefined;
  window.__akhadaSession = undefined;
  return early.token === token ? early.me : undefined;
}
