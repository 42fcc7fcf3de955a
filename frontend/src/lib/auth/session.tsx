import type { User } from '@akhada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { decodeJwtExp, isEnrolmentToken, REFRESH_CHECK_INTERVAL_MS, shouldRefresh } from './jwt';
import { checkSession, sessionRetryDelay, takeSessionCheck, type SessionCheck, type SessionProblem } from './session-check';
import { clearToken, getToken, setToken, subscribeToken } from './token-store';
import { clearTwoFactorPrompt, markTwoFactorPromptDue } from './two-factor-prompt';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous' | 'retrying';
/** Why the visitor is anonymous: decides where a protected page sends them. */
export type AnonymousReason = 'signed-out' | 'expired' | null;
/** The session could not be checked (anything but a 401): what went wrong and when the next try is due. */
export interface SessionRetry {
  problem: SessionProblem;
  /** Epoch ms of the next automatic try. */
  retryAt: number;
}

type SessionState =
  | { status: 'loading'; user: null; reason: null; retrying: null }
  | { status: 'authenticated'; user: User; reason: null; retrying: null }
  | { status: 'anonymous'; user: null; reason: AnonymousReason; retrying: null }
  | { status: 'retrying'; user: null; reason: null; retrying: SessionRetry };

export interface Session {
  status: SessionStatus;
  user: User | null;
  reason: AnonymousReason;
  /** Set while the stored session could not be checked: the token is kept and the check is tried again. */
  retrying: SessionRetry | null;
  /** Stores the token and the user after a successful sign-in. */
  signIn: (token: string, user: User) => void;
  /** Tells the server, then forgets the session locally. */
  signOut: () => Promise<void>;
  /** Replaces the user (after a profile update). */
  setUser: (user: User) => void;
  /** Checks the session again now (instead of waiting for the next automatic try). */
  retry: () => void;
  /**
   * Reads the signed-in user again (/auth/me), for what may have changed on the server: the organization's plan, an
   * account's approval. Resolves once the new user (or the outcome) is applied.
   */
  refresh: () => Promise<void>;
  /**
   * Takes a fresh token for this session now (POST /auth/refresh) and the user with it: after something that changes
   * what the token may do (two-factor set up when the gym requires it).
   */
  renewToken: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** The API client and its schemas load on first use, so the public pages stay light for guests. */
const sessionCalls = () => import('./api/session-calls');

const LOADING: SessionState = { status: 'loading', user: null, reason: null, retrying: null };
const anonymous = (reason: AnonymousReason): SessionState => ({ status: 'anonymous', user: null, reason, retrying: null });

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A guest (no stored token) is known at once: guest pages render on the first pass, without a loading frame.
  const [state, setState] = useState<SessionState>(() => (getToken() ? LOADING : anonymous(null)));
  const refreshing = useRef<Promise<void> | null>(null);
  const statusRef = useRef<SessionStatus>(state.status);
  const failures = useRef(0);
  const checking = useRef<Promise<void> | null>(null);
  const first = useRef(true);
  const userRef = useRef<User | null>(state.user);
  useEffect(() => {
    statusRef.current = state.status;
    userRef.current = state.user;
  }, [state.status, state.user]);

  const apply = useCallback((result: SessionCheck) => {
    switch (result.kind) {
      case 'none':
        failures.current = 0;
        setState((s) => (s.status === 'anonymous' ? s : anonymous(null)));
        return;
      case 'user':
        failures.current = 0;
        setState({ status: 'authenticated', user: result.user, reason: null, retrying: null });
        return;
      case 'ended':
        // A 401: the session is over. The sign-in page says so and brings the visitor back afterwards.
        failures.current = 0;
        setState(anonymous('expired'));
        return;
      case 'failed': {
        // Rate-limited, server down, offline: the user stays signed in; the check is tried again with back-off.
        failures.current += 1;
        const retryAt = Date.now() + sessionRetryDelay(failures.current, result.retryAfterMs);
        setState({ status: 'retrying', user: null, reason: null, retrying: { problem: result.problem, retryAt } });
        return;
      }
      default: {
        const never: never = result;
        return never;
      }
    }
  }, []);

  const load = useCallback(() => {
    // One check at a time (the timer, the "online" event and the Try now button may all ask at once).
    checking.current ??= (async () => {
      try {
        // The first check may already be on its way: main.tsx starts it beside the app's code.
        const check = first.current ? takeSessionCheck() : checkSession();
        first.current = false;
        apply(await check);
      } finally {
        checking.current = null;
      }
    })();
    return checking.current;
  }, [apply]);

  useEffect(() => {
    void load();
  }, [load]);

  // While the session cannot be checked: try again when the back-off is over, or as soon as the browser is online.
  const retryAt = state.retrying?.retryAt ?? null;
  useEffect(() => {
    if (retryAt === null) return;
    const timer = window.setTimeout(() => void load(), Math.max(0, retryAt - Date.now()));
    const online = () => void load();
    window.addEventListener('online', online);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [retryAt, load]);

  // Follow the token: expiry (a 401 anywhere), sign-out, and other tabs.
  useEffect(
    () =>
      subscribeToken((token, reason) => {
        if (token === null) {
          queryClient.cancelQueries();
          queryClient.clear();
          setState(anonymous(reason === 'expired' ? 'expired' : 'signed-out'));
        } else if (reason === 'other-tab' && statusRef.current !== 'authenticated') {
          // Another tab signed in: pick up its session. (A rotated token while signed in needs nothing here.)
          setState(LOADING);
          void load();
        }
      }),
    [load, queryClient],
  );

  const refreshIfDue = useCallback(() => {
    const token = getToken();
    if (!token || refreshing.current) return;
    // An enrolment-only token is renewed at once when the user no longer has to enrol (set up in another tab, or
    // before a reload): the server would refuse it everything else.
    const enrolled = isEnrolmentToken(token) && userRef.current?.twoFactorEnrolment !== 'required';
    if (!enrolled && !shouldRefresh(decodeJwtExp(token), Date.now())) return;
    refreshing.current = (async () => {
      try {
        const { refreshToken } = await sessionCalls();
        const fresh = await refreshToken();
        setToken(fresh.token, 'refreshed');
        setState((s) => (s.status === 'authenticated' ? { ...s, user: fresh.user } : s));
      } catch (e) {
        // A 401 already ended the session through the client; anything else (429, 5xx, offline) keeps the session
        // and is tried again at the next check, well before the token runs out.
        if (!(e instanceof Error && e.name === 'ApiError')) console.error('[session] refresh failed', e);
      } finally {
        refreshing.current = null;
      }
    })();
  }, []);

  // Keep an active user signed in: tokens live 15 minutes, refresh when fewer than 5 are left.
  const mustEnrol = state.user?.twoFactorEnrolment === 'required';
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
  }, [state.status, mustEnrol, refreshIfDue]);

  const signIn = useCallback(
    (token: string, user: User) => {
      queryClient.clear();
      // An owner without two-factor is asked to set it up after every sign-in (the shell shows the prompt).
      if (user.twoFactorEnrolment === 'suggested') markTwoFactorPromptDue();
      else clearTwoFactorPrompt();
      setToken(token, 'signed-in');
      failures.current = 0;
      setState({ status: 'authenticated', user, reason: null, retrying: null });
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
    setState((s) => (s.status === 'authenticated' ? { ...s, user } : s));
  }, []);

  const retry = useCallback(() => {
    void load();
  }, [load]);

  const renewToken = useCallback(async () => {
    const { refreshToken } = await sessionCalls();
    const fresh = await refreshToken();
    setToken(fresh.token, 'refreshed');
    setState((s) => (s.status === 'authenticated' ? { ...s, user: fresh.user } : s));
  }, []);

  const value = useMemo<Session>(
    () => ({
      status: state.status,
      user: state.user,
      reason: state.reason,
      retrying: state.retrying,
      signIn,
      signOut,
      setUser,
      retry,
      refresh: load,
      renewToken,
    }),
    [state, signIn, signOut, setUser, retry, load, renewToken],
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
    return {
      status: 'anonymous',
      user: null,
      reason: null,
      retrying: null,
      signIn: unavailable,
      signOut: async () => unavailable(),
      setUser: unavailable,
      retry: unavailable,
      refresh: async () => unavailable(),
      renewToken: async () => unavailable(),
    };
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
