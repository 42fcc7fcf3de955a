import { MarketingConsentSettings } from '../../features/campaigns/components/marketing-consent-settings';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { SettingsPage } from '../../features/settings/routes/settings-page';
import '../../features/profile/profile.css';

/** Features do not import each other: the app composes the profile forms into the settings screen. */
export function SettingsRoute() {
  return <SettingsPage profileTab={<ProfileForm />} securityTab={<ChangePasswordForm />} marketingSection={<MarketingConsentSettings />} />;
}
