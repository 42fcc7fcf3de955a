import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { AlertTriangleIcon, RefreshIcon } from '../../components/icons';
import { FullPageSpinner } from '../../components/spinner';
import { clearToken } from '../../lib/auth/token-store';
import { useSession } from '../../lib/auth/session';
import { ALL_NS } from '../../locales/resources';

function isLocation(v: unknown): v is Location {
  return typeof v === 'object' && v !== null && typeof (v as Location).pathname === 'string' && (v as Location).pathname.startsWith('/');
}

/** Where a guest page sends a signed-in user: back to what they asked for before signing in, else /dashboard. */
export function redirectTarget(state: unknown): string {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  if (isLocation(from) && from.pathname.startsWith('/dashboard')) return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return '/dashboard';
}

/** Signed-in area: a spinner while the session loads, then /login (remembering where the visitor was going). */
export function ProtectedRoute() {
  const { status, user, reason } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'unreachable') return <SessionUnreachable />;
  if (!user) {
    if (reason === 'signed-out') return <Navigate to="/" replace />;
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return <Outlet />;
}

/** Guest-only pages (/, /login, /register): a signed-in user goes to the dashboard. */
export function GuestRoute() {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;
  return <Outlet />;
}

function SessionUnreachable() {
  const { t } = useTranslation(ALL_NS);
  const { retry } = useSession();
  return (
    <div className="full-page-center">
      <div className="state state--error card" role="alert">
        <div className="state__icon state__icon--warning">
          <AlertTriangleIcon size={28} />
        </div>
        <h1 className="state__title">{t('common:sessionUnreachable.title')}</h1>
        <p className="state__hint">{t('common:sessionUnreachable.description')}</p>
        <div className="state__action">
          <button type="button" className="btn btn--primary" onClick={retry}>
            <RefreshIcon size={16} />
            {t('common:actions.retry')}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              clearToken('signed-out');
            }}
          >
            {t('common:sessionUnreachable.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}
