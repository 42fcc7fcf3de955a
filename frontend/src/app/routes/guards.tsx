import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { FullPageSpinner } from '../../components/spinner';
import { useSession } from '../../lib/auth/session';
import { redirectFor } from './role-access';

function isLocation(v: unknown): v is Location {
  return typeof v === 'object' && v !== null && typeof (v as Location).pathname === 'string' && (v as Location).pathname.startsWith('/');
}

// Rarely seen, so not part of every page's first download.
const SessionRetryScreen = lazy(async () => ({ default: (await import('./session-retry')).SessionRetry }));

/** The stored session could not be checked (not a 401): the user stays signed in while it is tried again. */
function SessionRetrying() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SessionRetryScreen />
    </Suspense>
  );
}

/** Where a guest page sends a signed-in user: back to what they asked for before signing in, else /dashboard. */
export function redirectTarget(state: unknown): string {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  if (isLocation(from) && from.pathname.startsWith('/dashboard')) return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return '/dashboard';
}

/**
 * Signed-in area: a spinner while the session loads, then /login (remembering where the visitor was going). A signed-in
 * user who opened a screen that is not for their role (or any screen but the waiting page, while their account awaits
 * approval) is sent where they belong (role-access.ts).
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { status, user, reason } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'retrying') return <SessionRetrying />;
  if (!user) {
    if (reason === 'signed-out') return <Navigate to="/" replace />;
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  const target = redirectFor(user, location.pathname);
  if (target) return <Navigate to={target} replace />;
  return children ?? <Outlet />;
}

/** Guest-only pages (/, /login, /register): a signed-in user goes to the dashboard. */
export function GuestRoute() {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  // A stored session that could not be checked is still a session: no sign-in page for it.
  if (status === 'retrying') return <SessionRetrying />;
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;
  return <Outlet />;
}
