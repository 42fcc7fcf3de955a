import type { User } from '@akhada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { decodeJwtExp, isExpired, REFRESH_CHECK_INTERVAL_MS, shouldRefresh } from './jwt';
import { clearToken, getToken, setToken, subscribeToken } from './token-store';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous' | 'unreachable';
/** Why the visitor is anonymous: decides where a protected page sends them. */
export type AnonymousReason = 'signed-out' | 'expired' | null;

type SessionState =
  | { status: 'loading'; user: null; reason: null }
  | { status: 'authenticated'; user: User; reason: null }
  | { status: 'anonymous'; user: null; reason: AnonymousReason }
  | { status: 'unreachable'; user: null; reason: null };

export interface Session {
  status: SessionStatus;
  user: User | null;
  reason: AnonymousReason;
  /** Stores the token and the user after a successful sign-in. */
  signIn: (token: string, user: User) => void;
  /** Tells the server, then forgets the session locally. */
  signOut: () => Promise<void>;
  /** Replaces the user (after a profile update). */
  setUser: (user: User) => void;
  /** Tries to load the session again after the server was unreachable. */
  retry: () => void;
}

const SessionContext = createContext<Session | null>(null);

/** The API client and its schemas load on first use, so the public pages stay light for guests. */
const sessionCalls = () => import('./api/session-calls');

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A guest (no stored token) is known at once: guest pages render on the first pass, without a loading frame.
  const [state, setState] = useState<SessionState>(() =>
    getToken() ? { status: 'loading', user: null, reason: null } : { status: 'anonymous', user: null, reason: null },
  );
  const refreshing = useRef<Promise<void> | null>(null);
  const statusRef = useRef<SessionStatus>(state.status);
  useEffect(() => {
    statusRef.current = state.status;
  }, [state.status]);

  const load = useCallback(async () => {
    const token = getToken();
    if (!token) {
      setState((s) => (s.status === 'anonymous' ? s : { status: 'anonymous', user: null, reason: null }));
      return;
    }
    const exp = decodeJwtExp(token);
    if (isExpired(exp, Date.now())) {
      clearToken('expired');
      setState({ status: 'anonymous', user: null, reason: null });
      return;
    }
    let calls: Awaited<ReturnType<typeof sessionCalls>>;
    try {
      calls = await sessionCalls();
    } catch {
      setState({ status: 'unreachable', user: null, reason: null });
      return;
    }
    const { ApiError, getMe, refreshToken } = calls;
    try {
      if (shouldRefresh(exp, Date.now())) {
        const fresh = await refreshToken();
        setToken(fresh.token, 'refreshed');
        setState({ status: 'authenticated', user: fresh.user, reason: null });
      } else {
        const user = await getMe();
        setState({ status: 'authenticated', user, reason: null });
      }
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'http' && e.status >= 400 && e.status < 500) {
        // The stored session is not valid any more: forget it quietly.
        clearToken('expired');
        setState({ status: 'anonymous', user: null, reason: null });
      } else {
        setState({ status: 'unreachable', user: null, reason: null });
      }
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Follow the token: expiry (a 401 anywhere), sign-out, and other tabs.
  useEffect(
    () =>
      subscribeToken((token, reason) => {
        if (token === null) {
          queryClient.cancelQueries();
          queryClient.clear();
          setState({ status: 'anonymous', user: null, reason: reason === 'expired' ? 'expired' : 'signed-out' });
        } else if (reason === 'other-tab' && statusRef.current !== 'authenticated') {
          // Another tab signed in: pick up its session. (A rotated token while signed in needs nothing here.)
          setState({ status: 'loading', user: null, reason: null });
          void load();
        }
      }),
    [load, queryClient],
  );

  const refreshIfDue = useCallback(() => {
    const token = getToken();
    if (!token || refreshing.current) return;
    if (!shouldRefresh(decodeJwtExp(token), Date.now())) return;
    refreshing.current = (async () => {
      try {
        const { refreshToken } = await sessionCalls();
        const fresh = await refreshToken();
        setToken(fresh.token, 'refreshed');
        setState((s) => (s.status === 'authenticated' ? { status: 'authenticated', user: fresh.user, reason: null } : s));
      } catch (e) {
        // 401 already ended the session through the client; a network blip is retried at the next check.
        if (!(e instanceof Error && e.name === 'ApiError')) console.error('[session] refresh failed', e);
      } finally {
        refreshing.current = null;
      }
    })();
  }, []);

  // Keep an active user signed in: tokens live 15 minutes, refresh when fewer than 5 are left.
  useEffect(() => {
    if (state.status !== 'authenticated') return;
    refreshIfDue();
    const timer = window.setInterval(refreshIfDue, REFRESH_CHECK_INTERVAL_MS);
    const onFocus = () => refreshIfDue();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshIfDue();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [state.status, refreshIfDue]);

  const signIn = useCallback(
    (token: string, user: User) => {
      queryClient.clear();
      setToken(token, 'signed-in');
      setState({ status: 'authenticated', user, reason: null });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    if (getToken()) {
      try {
        const { logout } = await sessionCalls();
        await logout(AbortSignal.timeout(5000));
      } catch {
        /* the local session ends regardless */
      }
    }
    clearToken('signed-out');
  }, []);

  const setUser = useCallback((user: User) => {
    setState((s) => (s.status === 'authenticated' ? { status: 'authenticated', user, reason: null } : s));
  }, []);

  const retry = useCallback(() => {
    setState({ status: 'loading', user: null, reason: null });
    void load();
  }, [load]);

  const value = useMemo<Session>(
    () => ({ status: state.status, user: state.user, reason: state.reason, signIn, signOut, setUser, retry }),
    [state, signIn, signOut, setUser, retry],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/**
 * A guest's session, for markup rendered outside the browser (the landing page's first screen, rendered by the
 * gateway): nobody is signed in and nothing can be done with it.
 */
export function GuestSessionProvider({ children }: { children: ReactNode }) {
  const value = useMemo<Session>(() => {
    const unavailable = () => {
      throw new Error('GuestSessionProvider: no session outside the browser');
    };
    return { status: 'anonymous', user: null, reason: null, signIn: unavailable, signOut: async () => unavailable(), setUser: unavailable, retry: unavailable };
  }, []);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const s = use(SessionContext);
  if (!s) throw new Error('useSession must be used inside <SessionProvider>');
  return s;
}

/** The signed-in user; only for components rendered behind the protected route. */
export function useUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useUser called without a signed-in user');
  return user;
}
