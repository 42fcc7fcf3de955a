import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '../../components/spinner';
import { ToastProvider } from '../../components/toast';
import { useSession } from '../../lib/auth/session';
import { usePreferencesSync } from '../../lib/preferences';
import { useHubConnection } from '../../lib/realtime/use-hub-connection';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { RouteErrorBoundary } from '../routes/route-error';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { TwoFactorPrompt } from './two-factor-prompt';
import { PaymentRequiredResponses, TrialBanner } from './trial-banner';
import './shell.css';
import { ALL_NS } from '../../locales/resources';

/**
 * The signed-in frame: sidebar (a drawer at 768 px and below; its entries by role), top bar, the trial banner, toasts,
 * the page (a page that breaks shows its error state inside the frame), and the connection to the real-time hub. Nothing without a user.
 */
export function AppShell() {
  const { t } = useTranslation(ALL_NS);
  const { user } = useSession();
  const drawer = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  usePreferencesSync();
  // The one real-time connection: the bell, live attendance, the dashboard and chat listen on it.
  useHubConnection(Boolean(user));

  const close = useCallback((returnFocus = true) => {
    // The page behind the drawer is inert until this render lands, so commit first, then move focus back.
    flushSync(() => setOpen(false));
    if (returnFocus) menuButton.current?.focus();
  }, []);

  // A new page: close the drawer and move focus to the page, so keyboard and screen reader users start there.
  useEffect(() => {
    setOpen(false);
    if (pathname !== firstPath.current) main.current?.focus({ preventScroll: true });
  }, [pathname]);

  useEffect(() => {
    if (!drawer) setOpen(false);
  }, [drawer]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('.nav-link')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('drawer-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('drawer-open');
    };
  }, [open, close]);

  if (!user) return null;
  const drawerOpen = drawer && open;
  return (
    <ToastProvider>
      <PaymentRequiredResponses />
      <div className={`shell${drawerOpen ? ' shell--drawer-open' : ''}`}>
        <a href="#main" className="skip-link">
          {t('common:skipToContent')}
        </a>
        <Sidebar user={user} drawer={drawer} open={open} onClose={() => close()} panelRef={panel} />
        {drawer ? <div className="shell__overlay" aria-hidden="true" onClick={() => close()} data-testid="drawer-overlay" /> : null}
        <div className="shell__main" inert={drawerOpen}>
          <TopBar user={user} drawer={drawer} drawerOpen={drawerOpen} onMenu={() => setOpen(true)} menuButtonRef={menuButton} />
          <TrialBanner user={user} />
          <TwoFactorPrompt user={user} />
          <main id="main" ref={main} tabIndex={-1} className="shell__content">
            <RouteErrorBoundary resetKey={pathname} inShell>
              <Suspense fallback={<LoadingState title={t('common:loading')} />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </main>
        </div>
      </div>
    </ToastProvider>
  );
}
