import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { TabList, TabPanel } from '../../../components/tabs';
import { LoginDevices } from '../components/login-devices';
import { SecurityPolicySettings } from '../components/security-policy-settings';
import { TwoFactorSettings } from '../components/two-factor-settings';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGymSettings } from '../api/get-gym-settings';
import { useUserSettings } from '../api/get-user-settings';
import { AppearanceSettings } from '../components/appearance-settings';
import { NotificationPreferencesTab } from '../components/notification-preferences';
import { RemoteSection } from '../components/remote-section';
import '../settings.css';
import { ALL_NS } from '../../../locales/resources';

const BASE_TABS = ['profile', 'security', 'notifications', 'appearance', 'privacy'] as const;
const ADMIN_TABS = ['gym', 'integrations', 'data'] as const;
type Tab = (typeof BASE_TABS)[number] | (typeof ADMIN_TABS)[number];

/**
 * Settings. The Profile and Security tabs are given by the app (they are the profile feature's forms);
 * Appearance works on this device; the rest belong to the settings service and show what it answers.
 */
export function SettingsPage({ profileTab, securityTab }: { profileTab: ReactNode; securityTab: ReactNode }) {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('settings:pageTitle'));
  const user = useUser();
  const admin = user.role === 'owner' || user.role === 'admin';
  const tabs: Tab[] = admin ? [...BASE_TABS, ...ADMIN_TABS] : [...BASE_TABS];
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && tabs.includes(requested) ? requested : 'profile';

  const userSettings = useUserSettings(tab === 'privacy');
  const gymSettings = useGymSettings(tab === 'gym' || tab === 'integrations' || tab === 'data');

  const select = (next: Tab) => {
    const p = new URLSearchParams(params);
    if (next === 'profile') p.delete('tab');
    else p.set('tab', next);
    setParams(p, { replace: true });
  };

  let panel: ReactNode;
  switch (tab) {
    case 'profile':
      panel = profileTab;
      break;
    case 'security':
      panel = (
        <>
          <section className="settings-section">
            <h3 className="section-heading">{t('profile:password.title')}</h3>
            {securityTab}
          </section>
          <TwoFactorSettings />
          <SecurityPolicySettings />
          <LoginDevices />
        </>
      );
      break;
    case 'notifications':
      panel = <NotificationPreferencesTab />;
      break;
    case 'appearance':
      panel = <AppearanceSettings />;
      break;
    case 'privacy':
      panel = <RemoteSection title={t('settings:privacy.title')} description={t('settings:privacy.description')} query={userSettings} />;
      break;
    case 'gym':
    case 'integrations':
    case 'data':
      panel = <RemoteSection title={t(`settings:${tab}.title`)} description={t(`settings:${tab}.description`)} query={gymSettings} />;
      break;
    default: {
      const never: never = tab;
      panel = never;
    }
  }

  return (
    <div className="page settings-page">
      <PageHeader
        title={t('settings:title')}
        subtitle={t('settings:subtitle')}
        actions={
          admin ? (
            <Link to="/dashboard/settings/plan" className="btn btn--secondary" data-testid="settings-plan-link">
              {t('settings:plan.link')}
            </Link>
          ) : undefined
        }
      />
      <div className="settings-layout">
        <TabList
          label={t('settings:tabsLabel')}
          idPrefix="settings"
          className="tabs--vertical"
          active={tab}
          onChange={select}
          tabs={tabs.map((key) => ({ key, label: t(`settings:tabs.${key}`), testId: `settings-tab-${key}` }))}
        />
        <TabPanel idPrefix="settings" tabKey={tab} className="card settings-panel">
          {panel}
        </TabPanel>
      </div>
    </div>
  );
}
