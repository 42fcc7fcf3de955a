import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../../components/spinner';
import { ALL_NS } from '../../locales/resources';
import { pendingPages } from './lazy-page';
import { RouteErrorBoundary } from './route-error';

/** A new page starts at the top, unless the address points into it (#pricing): that page scrolls there itself. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/** Every route: a thin progress bar while a lazily loaded screen arrives, an error screen, and scroll handling. */
export function RootLayout() {
  const { t } = useTranslation(ALL_NS);
  const { pathname } = useLocation();
  const loading = useSyncExternalStore(pendingPages.subscribe, pendingPages.count) > 0;
  useScrollToTopOnNavigate();
  return (
    <>
      {loading ? <div className="nav-progress" role="progressbar" aria-label={t('common:navigationProgress')} /> : null}
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
