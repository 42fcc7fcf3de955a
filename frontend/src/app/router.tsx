import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useSession } from '../lib/auth/session';
import { AUTH_NS, PAGES_NS } from '../locales/resources';
import { GuestRoute, ProtectedRoute } from './routes/guards';
import { lazyPage } from './routes/lazy-page';
import { preloadRouteCode, prefetchRouteData, type RouteHandle } from './routes/prefetch-route';
import { RootLayout } from './routes/root-layout';

/** Every screen is its own chunk, loaded (with its texts) when first visited. */
export const LandingPage = lazyPage(async () => (await import('../features/landing/routes/landing-page')).LandingPage);
const LoginPage = lazyPage(async () => (await import('../features/auth/routes/login-page')).LoginPage, AUTH_NS);
const RegisterPage = lazyPage(async () => (await import('../features/auth/routes/register-page')).RegisterPage, AUTH_NS);
const GoogleCallbackPage = lazyPage(async () => (await import('../features/auth/routes/google-callback-page')).GoogleCallbackPage, AUTH_NS);
const ForgotPasswordPage = lazyPage(async () => (await import('../features/auth/routes/forgot-password-page')).ForgotPasswordPage, AUTH_NS);
const ResetPasswordPage = lazyPage(async () => (await import('../features/auth/routes/reset-password-page')).ResetPasswordPage, AUTH_NS);
const AcceptInvitationPage = lazyPage(async () => (await import('../features/auth/routes/accept-invitation-page')).AcceptInvitationPage, AUTH_NS);
const HelpPage = lazyPage(async () => (await import('../features/landing/routes/help-page')).HelpPage, PAGES_NS);
const ContactPage = lazyPage(async () => (await import('../features/landing/routes/contact-page')).ContactPage, PAGES_NS);
const PrivacyPage = lazyPage(async () => (await import('../features/landing/routes/privacy-page')).PrivacyPage, PAGES_NS);
const PublicEnquiryPage = lazyPage(async () => (await import('../features/enquiries/routes/public-enquiry-page')).PublicEnquiryPage, ['enquiries', 'errors']);
const UnsubscribePage = lazyPage(async () => (await import('../features/campaigns/routes/unsubscribe-page')).UnsubscribePage, ['campaigns', 'errors']);

/** The signed-in area: its route table and the element that renders it, one chunk. */
const DashboardArea = lazyPage(async () => (await import('./dashboard-routes')).DashboardRoutes);
const dashboardTable = async () => (await import('./dashboard-routes')).dashboardRoutes;

const handle = (h: RouteHandle) => h;

/**
 * The route table. Declarative (useRoutes, not the data router, which would add about 18 KB gzip to every page);
 * the loaders above do what the data router's would. Guards: guest-only pages send a signed-in user to /dashboard;
 * the dashboard area needs a user.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <GuestRoute />,
        children: [
          { path: '/', element: <LandingPage />, handle: handle({ page: LandingPage }) },
          { path: '/login', element: <LoginPage />, handle: handle({ page: LoginPage }) },
          { path: '/register', element: <RegisterPage />, handle: handle({ page: RegisterPage }) },
          { path: '/auth/google/callback', element: <GoogleCallbackPage />, handle: handle({ page: GoogleCallbackPage }) },
        ],
      },
      { path: '/forgot-password', element: <ForgotPasswordPage />, handle: handle({ page: ForgotPasswordPage }) },
      { path: '/reset-password', element: <ResetPasswordPage />, handle: handle({ page: ResetPasswordPage }) },
      { path: '/accept-invitation', element: <AcceptInvitationPage />, handle: handle({ page: AcceptInvitationPage }) },
      { path: '/help', element: <HelpPage />, handle: handle({ page: HelpPage }) },
      { path: '/contact', element: <ContactPage />, handle: handle({ page: ContactPage }) },
      { path: '/privacy', element: <PrivacyPage />, handle: handle({ page: PrivacyPage }) },
      // A gym's public enquiry form: no sign-in, open to everyone (signed in or not).
      { path: '/enquire/:joinCode', element: <PublicEnquiryPage />, handle: handle({ page: PublicEnquiryPage }) },
      // A marketing email's unsubscribe link (/unsubscribe?token=…): no sign-in.
      { path: '/unsubscribe', element: <UnsubscribePage />, handle: handle({ page: UnsubscribePage }) },
      // The signed-in area's table is its own chunk (dashboard-routes.tsx), rendered below the guard as descendant
      // routes; the prefetcher follows `routes` into it. (A splat on this route, not a child: /dashboard itself matches.)
      {
        path: '/dashboard/*',
        element: (
          <ProtectedRoute>
            <DashboardArea />
          </ProtectedRoute>
        ),
        handle: handle({ page: DashboardArea, routes: dashboardTable }),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function AppRoutes() {
  const location = useLocation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  // At the start of every navigation (this renders before the new page, which may still be loading), start the
  // code and the data of the routes it leads to, together. Idempotent, as React Query's usePrefetchQuery is.
  const started = useRef<{ code: string | null; data: string | null }>({ code: null, data: null });
  const address = `${location.pathname}${location.search}`;
  // (Started in a microtask: nothing may update other components while this one renders.)
  if (started.current.code !== location.pathname) {
    started.current.code = location.pathname;
    const { pathname } = location;
    queueMicrotask(() => void preloadRouteCode(routes, pathname));
  }
  if (user && started.current.data !== `${user._id} ${address}`) {
    started.current.data = `${user._id} ${address}`;
    const target = { pathname: location.pathname, search: location.search };
    queueMicrotask(() => void prefetchRouteData(routes, queryClient, target, user));
  }
  return useRoutes(routes, location);
}
