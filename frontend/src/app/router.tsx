import { createBrowserRouter, Navigate } from 'react-router-dom';
import { FullPageSpinner } from '../components/spinner';
import { GuestRoute, ProtectedRoute } from './routes/guards';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/** Every screen is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        Component: GuestRoute,
        children: [
          { path: '/', lazy: async () => ({ Component: (await import('../features/landing/routes/landing-page')).LandingPage }) },
          { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/routes/login-page')).LoginPage }) },
          { path: '/register', lazy: async () => ({ Component: (await import('../features/auth/routes/register-page')).RegisterPage }) },
        ],
      },
      { path: '/forgot-password', lazy: async () => ({ Component: (await import('../features/auth/routes/forgot-password-page')).ForgotPasswordPage }) },
      { path: '/reset-password', lazy: async () => ({ Component: (await import('../features/auth/routes/reset-password-page')).ResetPasswordPage }) },
      { path: '/help', lazy: async () => ({ Component: (await import('../features/landing/routes/help-page')).HelpPage }) },
      { path: '/contact', lazy: async () => ({ Component: (await import('../features/landing/routes/contact-page')).ContactPage }) },
      { path: '/privacy', lazy: async () => ({ Component: (await import('../features/landing/routes/privacy-page')).PrivacyPage }) },
      {
        path: '/dashboard',
        Component: ProtectedRoute,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/app-shell')).AppShell }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import('../features/dashboard/routes/dashboard-page')).DashboardPage }) },
              { path: 'members', lazy: async () => ({ Component: (await import('../features/members/routes/members-page')).MembersPage }) },
              { path: 'members/:id', lazy: async () => ({ Component: (await import('../features/members/routes/member-detail-page')).MemberDetailPage }) },
              { path: 'notifications', lazy: async () => ({ Component: (await import('../features/notifications/routes/notifications-page')).NotificationsPage }) },
              { path: 'profile', lazy: async () => ({ Component: (await import('../features/profile/routes/profile-page')).ProfilePage }) },
              { path: 'settings', lazy: async () => ({ Component: (await import('./routes/settings-route')).SettingsRoute }) },
              { path: 'trainers', lazy: async () => ({ Component: (await import('../features/trainers/routes/trainers-page')).TrainersPage }) },
              { path: 'payments', lazy: async () => ({ Component: (await import('../features/payments/routes/payments-page')).PaymentsPage }) },
              { path: 'inventory', lazy: async () => ({ Component: (await import('../features/inventory/routes/inventory-page')).InventoryPage }) },
              { path: 'attendance', lazy: async () => ({ Component: (await import('../features/attendance/routes/attendance-page')).AttendancePage }) },
              { path: 'chat', lazy: async () => ({ Component: (await import('../features/chat/routes/chat-page')).ChatPage }) },
              { path: 'feedback', lazy: async () => ({ Component: (await import('../features/feedback/routes/feedback-page')).FeedbackPage }) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
