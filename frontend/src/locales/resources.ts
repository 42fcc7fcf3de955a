import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enErrors from './en/errors.json';
import enLanding from './en/landing.json';
import enMembers from './en/members.json';
import enNotifications from './en/notifications.json';
import enProfile from './en/profile.json';
import enServices from './en/services.json';
import enSettings from './en/settings.json';
import enShell from './en/shell.json';
import hiAuth from './hi/auth.json';
import hiCommon from './hi/common.json';
import hiDashboard from './hi/dashboard.json';
import hiErrors from './hi/errors.json';
import hiLanding from './hi/landing.json';
import hiMembers from './hi/members.json';
import hiNotifications from './hi/notifications.json';
import hiProfile from './hi/profile.json';
import hiServices from './hi/services.json';
import hiSettings from './hi/settings.json';
import hiShell from './hi/shell.json';

export const defaultNS = 'common';

export const en = {
  common: enCommon,
  errors: enErrors,
  auth: enAuth,
  shell: enShell,
  landing: enLanding,
  dashboard: enDashboard,
  members: enMembers,
  notifications: enNotifications,
  profile: enProfile,
  settings: enSettings,
  services: enServices,
};

export const hi: typeof en = {
  common: hiCommon,
  errors: hiErrors,
  auth: hiAuth,
  shell: hiShell,
  landing: hiLanding,
  dashboard: hiDashboard,
  members: hiMembers,
  notifications: hiNotifications,
  profile: hiProfile,
  settings: hiSettings,
  services: hiServices,
};

export const resources = { en, hi };
export const namespaces = Object.keys(en) as (keyof typeof en)[];

/** Pass to useTranslation so every "namespace:key" is type-checked. */
export const ALL_NS = ['common', 'errors', 'auth', 'shell', 'landing', 'dashboard', 'members', 'notifications', 'profile', 'settings', 'services'] as const;
