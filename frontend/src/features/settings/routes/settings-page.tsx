import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { TabList, TabPanel } from '../../../components/tabs';
import { LoginDevices } from '../components/login-devices';
import { SecurityPolicySettings } from '../components/security-policy-settings';
import { SignInMethods } from '../components/sign-in-methods';
import { TwoFactorSettings } from '../components/two-factor-settings';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AppearanceSettings } from '../components/appearance-settings';
import { DataManagementTab } from '../components/data-management-tab';
import { NotificationPreferencesTab } from '../components/notification-preferences';
import { PlanBilling } from '../components/plan-billing';
import { IntegrationsSettings } from '../components/integrations-settings';
import { ApiKeySettings } from '../components/api-key-settings';
import { GymSettingsTab } from '../components/gym-settings-tab';
import { PrivacyTab } from '../components/privacy-tab';
import { DataRequestsTab } from '../components/data-requests-tab';
import { StaffTab } from '../components/staff-tab';
import '../settings.css';
import { ALL_NS } from '../../../locales/resources';

const BASE_TABS = ['profile', 'security', 'notifications', 'appearance', 'privacy'] as const;
const ADMIN_TABS = ['gym', 'billing', 'integrations', 'apikeys', 'data', 'requests'] as const;
/** Tabs only the owner sees. */
const OWNER_TABS = ['staff'] as const;
type Tab = (typeof BASE_TABS)[number] | (typeof ADMIN_TABS)[number] | (typeof OWNER_TABS)[number];

/**
 * Settings. The Profile and Security tabs are given by the app (they are the profile feature's forms);
 * Appearance works on this device; the rest belong to the settings service and show what it answers.
 */
export function SettingsPage({
  profileTab,
  securityTab,
  marketingSection,
}: {
  profileTab: ReactNode;
  securityTab: ReactNode;
  /** A member's marketing choices per channel (the campaigns feature's), under their notification preferences. */
  marketingSection?: ReactNode;
}) {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('settings:pageTitle'));
  const user = useUser();
  const admin = user.role === 'owner' || user.role === 'admin';
  // A member has Data management too: their own data (DPDP).
  const tabs: Tab[] = admin
    ? [...BASE_TABS, ...ADMIN_TABS, ...(user.role === 'owner' ? OWNER_TABS : [])]
    : [...BASE_TABS, ...(user.role === 'member' ? (['data'] as const) : [])];
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && tabs.includes(requested) ? requested : 'profile';

  // At phone width the tab strip scrolls sideways: keep the open tab in view (a link may open one far along).
  useEffect(() => {
    document.querySelector('.settings-layout [role="tab"][aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

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
          <SignInMethods />
          <SecurityPolicySettings />
          <LoginDevices />
        </>
      );
      break;
    case 'notifications':
      panel = (
        <>
          <NotificationPreferencesTab />
          {user.role === 'member' ? marketingSection : null}
        </>
      );
      break;
    case 'appearance':
      panel = <AppearanceSettings />;
      break;
    case 'privacy':
      panel = <PrivacyTab />;
      break;
    case 'gym':
      panel = <GymSettingsTab />;
      break;
    case 'staff':
      panel = <StaffTab />;
      break;
    case 'data':
      panel = <DataManagementTab />;
      break;
    case 'requests':
      panel = <DataRequestsTab />;
      break;
    case 'billing':
      panel = <PlanBilling />;
      break;
    case 'integrations':
      panel = <IntegrationsSettings />;
      break;
    case 'apikeys':
      panel = <ApiKeySettings />;
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
          tabs={tabs.map((key) => ({ key, label: key === 'staff' ? t('gymsettings:tabs.staff') : t(`settings:tabs.${key}`), testId: `settings-tab-${key}` }))}
        />
        <TabPanel idPrefix="settings" tabKey={tab} className="card settings-panel">
          {panel}
        </TabPanel>
      </div>
    </div>
  );
}
