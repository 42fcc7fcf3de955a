import { Navigate, Route, Routes } from 'react-router-dom';
import { APP_NS, AUTH_NS, PAGES_NS } from '../locales/resources';
import { GuestRoute, ProtectedRoute } from './routes/guards';
import { lazyPage } from './routes/lazy-page';
import { RootLayout } from './routes/root-layout';

/** Every screen is its own chunk, loaded (with its texts) when first visited. */
export const LandingPage = lazyPage(async () => (await import('../features/landing/routes/landing-page')).LandingPage);
const LoginPage = lazyPage(async () => (await import('../features/auth/routes/login-page')).LoginPage, AUTH_NS);
const RegisterPage = lazyPage(async () => (await import('../features/auth/routes/register-page')).RegisterPage, AUTH_NS);
const ForgotPasswordPage = lazyPage(async () => (await import('../features/auth/routes/forgot-password-page')).ForgotPasswordPage, AUTH_NS);
const ResetPasswordPage = lazyPage(async () => (await import('../features/auth/routes/reset-password-page')).ResetPasswordPage, AUTH_NS);
const HelpPage = lazyPage(async () => (await import('../features/landing/routes/help-page')).HelpPage, PAGES_NS);
const ContactPage = lazyPage(async () => (await import('../features/landing/routes/contact-page')).ContactPage, PAGES_NS);
const PrivacyPage = lazyPage(async () => (await import('../features/landing/routes/privacy-page')).PrivacyPage, PAGES_NS);
const AppShell = lazyPage(async () => (await import('./shell/app-shell')).AppShell, APP_NS);
const DashboardPage = lazyPage(async () => (await import('../features/dashboard/routes/dashboard-page')).DashboardPage);
const MembersPage = lazyPage(async () => (await import('../features/members/routes/members-page')).MembersPage);
const MemberDetailPage = lazyPage(async () => (await import('../features/members/routes/member-detail-page')).MemberDetailPage);
const NotificationsPage = lazyPage(async () => (await import('../features/notifications/routes/notifications-page')).NotificationsPage);
const ProfilePage = lazyPage(async () => (await import('../features/profile/routes/profile-page')).ProfilePage);
const SettingsRoute = lazyPage(async () => (await import('./routes/settings-route')).SettingsRoute);
/** Trainers, payments, inventory, attendance, chat and feedback until their screens are built. */
const PlaceholderPage = lazyPage(async () => (await import('../components/placeholder-page')).PlaceholderPage);

/**
 * The route table (declarative: the data router would add about 18 KB gzip to every page, and no screen uses
 * loaders or actions). Guards: guest-only pages send a signed-in user to /dashboard; the dashboard area needs a user.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<GuestRoute />}>
          <Route path="/" element={<LandingPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
        </Route>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/dashboard" element={<ProtectedRoute />}>
          <Route element={<AppShell />}>
            <Route index element={<DashboardPage />} />
            <Route path="members" element={<MembersPage />} />
            <Route path="members/:id" element={<MemberDetailPage />} />
            <Route path="notifications" element={<NotificationsPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="settings" element={<SettingsRoute />} />
            <Route path="trainers" element={<PlaceholderPage area="trainers" />} />
            <Route path="payments" element={<PlaceholderPage area="payments" />} />
            <Route path="inventory" element={<PlaceholderPage area="inventory" />} />
            <Route path="attendance" element={<PlaceholderPage area="attendance" />} />
            <Route path="chat" element={<PlaceholderPage area="chat" />} />
            <Route path="feedback" element={<PlaceholderPage area="feedback" />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
