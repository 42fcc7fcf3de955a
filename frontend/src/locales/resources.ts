import type enAttendance from './en/attendance.json';
import type enAuth from './en/auth.json';
import type enChat from './en/chat.json';
import type enCommon from './en/common.json';
import type enDashboard from './en/dashboard.json';
import type enErrors from './en/errors.json';
import type enLanding from './en/landing.json';
import type enMembers from './en/members.json';
import type enNotifications from './en/notifications.json';
import type enPages from './en/pages.json';
import type enProfile from './en/profile.json';
import type enServices from './en/services.json';
import type enSettings from './en/settings.json';
import type enShell from './en/shell.json';
import type enTrainers from './en/trainers.json';
import type enPayments from './en/payments.json';
import type enFeedback from './en/feedback.json';
import type enBilling from './en/billing.json';
import type enGymsettings from './en/gymsettings.json';
import type enDatarights from './en/datarights.json';
import type enSecurity from './en/security.json';
import type enInventory from './en/inventory.json';
import type enPos from './en/pos.json';
import type enScheduling from './en/scheduling.json';
import type enEnquiries from './en/enquiries.json';
import type enAutomations from './en/automations.json';
import type enCampaigns from './en/campaigns.json';

/** The shape of one language's texts (English is the reference; the parity test keeps Hindi identical). */
export interface Resources {
  common: typeof enCommon;
  errors: typeof enErrors;
  auth: typeof enAuth;
  shell: typeof enShell;
  landing: typeof enLanding;
  pages: typeof enPages;
  dashboard: typeof enDashboard;
  members: typeof enMembers;
  notifications: typeof enNotifications;
  profile: typeof enProfile;
  settings: typeof enSettings;
  services: typeof enServices;
  trainers: typeof enTrainers;
  attendance: typeof enAttendance;
  chat: typeof enChat;
  payments: typeof enPayments;
  feedback: typeof enFeedback;
  billing: typeof enBilling;
  gymsettings: typeof enGymsettings;
  datarights: typeof enDatarights;
  security: typeof enSecurity;
  inventory: typeof enInventory;
  pos: typeof enPos;
  scheduling: typeof enScheduling;
  enquiries: typeof enEnquiries;
  automations: typeof enAutomations;
  campaigns: typeof enCampaigns;
}

export const defaultNS = 'common';

/** Pass to useTranslation so every "namespace:key" is type-checked. */
export const ALL_NS = [
  'common',
  'errors',
  'auth',
  'shell',
  'landing',
  'pages',
  'dashboard',
  'members',
  'notifications',
  'profile',
  'settings',
  'services',
  'trainers',
  'attendance',
  'chat',
  'payments',
  'feedback',
  'billing',
  'gymsettings',
  'datarights',
  'security',
  'inventory',
  'pos',
  'scheduling',
  'enquiries',
  'automations',
  'campaigns',
] as const;
export type Namespace = (typeof ALL_NS)[number];
export const namespaces: readonly Namespace[] = ALL_NS;

/**
 * Which texts each part of the app needs. `common` and `landing` ship with the entry (English); everything else,
 * and all of Hindi, is loaded with the screen that uses it.
 */
export const PUBLIC_NS: Namespace[] = ['common', 'landing'];
export const AUTH_NS: Namespace[] = ['auth', 'errors'];
export const PAGES_NS: Namespace[] = ['pages', 'errors'];
export const APP_NS: Namespace[] = [
  'shell',
  'errors',
  'auth',
  'dashboard',
  'members',
  'notifications',
  'profile',
  'settings',
  'services',
  'billing',
  'gymsettings',
  'datarights',
  'security',
];
