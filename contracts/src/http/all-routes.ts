import type { ServiceName } from '../topics.ts';
import { authRoutes } from './auth.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { apiKeyUsageRoutes } from './api-key-usage.ts';
import { memberRoutes } from './members.ts';
import { notificationRoutes } from './notifications.ts';
import { audienceRoutes } from './audience.ts';
import { automationRoutes } from './automations.ts';
import { campaignRoutes } from './campaigns.ts';
import { publicRoutes } from './public.ts';
import { trainersRoutes } from './trainers.ts';
import { attendanceRoutes } from './attendance.ts';
import { paymentsRoutes } from './payments.ts';
import { autopayRoutes } from './autopay.ts';
import { tallyRoutes } from './tally.ts';
import { billingRoutes } from './billing.ts';
import { chatRoutes } from './chat.ts';
import { feedbackRoutes } from './feedback.ts';
import { dashboardRoutes } from './dashboard.ts';
import { inventoryRoutes } from './inventory.ts';
import { dataRoutes } from './data.ts';
import { dataRightsRoutes } from './data-rights.ts';
import { gymSettingsRoutes, memberPlanRoutes } from './gym-settings.ts';
import { profilePictureRoutes } from './profile-picture.ts';
import { integrationRoutes } from './integrations.ts';
import { signInMethodRoutes } from './sign-in-methods.ts';
import { userSettingsRoutes } from './user-settings.ts';
import { schedulingRoutes } from './scheduling.ts';
import { schedulingAppointmentRoutes } from './scheduling-appointments.ts';
import { schedulingEventRoutes } from './scheduling-events.ts';
import { schedulingPackRoutes } from './scheduling-packs.ts';
import { enquiriesRoutes } from './enquiries.ts';
import { memberReferralRoutes } from './referrals.ts';
import type { RouteContract } from './route.ts';

export interface RegisteredRoute {
  /** The service the gateway's route table sends the path's prefix to (`/public/landing` is answered by the gateway itself, before the proxy). */
  service: ServiceName;
  /** `<group>.<key>`, unique: e.g. `members.list`, `public.contact`. */
  name: string;
  contract: RouteContract;
}

const group = (service: ServiceName, prefix: string, routes: Record<string, RouteContract>): RegisteredRoute[] =>
  Object.entries(routes).map(([key, contract]) => ({ service, name: `${prefix}.${key}`, contract }));

/**
 * Every HTTP route of the product, in one list: the API documentation, the gateway's public paths and the standing
 * guards (bad input, cross-organization, role matrix) read it, so a new route is covered by being added here.
 */
export const allRouteContracts: RegisteredRoute[] = [
  ...group('auth', 'auth', authRoutes),
  ...group('members', 'members', memberRoutes),
  ...group('notifications', 'notifications', notificationRoutes),
  ...group('auth', 'public', publicRoutes),
  ...group('trainers', 'trainers', trainersRoutes),
  ...group('attendance', 'attendance', attendanceRoutes),
  ...group('payments', 'payments', paymentsRoutes),
  ...group('payments', 'autopay', autopayRoutes),
  ...group('payments', 'tally', tallyRoutes),
  ...group('chat', 'chat', chatRoutes),
  ...group('feedback', 'feedback', feedbackRoutes),
  ...group('dashboard', 'dashboard', dashboardRoutes),
  ...group('inventory', 'inventory', inventoryRoutes),
  // Answered by the gateway itself (it composes the services' own exports); the prefix `settings` is auth's.
  ...group('auth', 'data', dataRoutes),
  ...group('payments', 'billing', billingRoutes),
  ...group('auth', 'gymSettings', gymSettingsRoutes),
  ...group('members', 'memberPlans', memberPlanRoutes),
  ...group('members', 'memberReferrals', memberReferralRoutes),
  ...group('auth', 'profilePicture', profilePictureRoutes),
  // Settings → Integrations (mail server, WhatsApp/SMS provider, webhooks): notifications delivers, so it keeps them.
  ...group('notifications', 'integrations', integrationRoutes),
  ...group('notifications', 'audience', audienceRoutes),
  ...group('notifications', 'automations', automationRoutes),
  ...group('notifications', 'campaigns', campaignRoutes),
  ...group('auth', 'signInMethods', signInMethodRoutes),
  // Settings → API keys (issue 29): auth keeps the keys; /auth/api-keys/introspect is how services check one.
  ...group('auth', 'apiKeys', apiKeyRoutes),
  // A key's usage per day: answered by the gateway, which counts every key's requests at its per-minute limit.
  ...group('auth', 'apiKeyUsage', apiKeyUsageRoutes),
  // Spec part 2 §7: the user's own settings (prefix `settings`, auth's).
  ...group('auth', 'userSettings', userSettingsRoutes),
  ...group('auth', 'dataRights', dataRightsRoutes),
  ...group('scheduling', 'scheduling', schedulingRoutes),
  ...group('scheduling', 'schedulingAppointments', schedulingAppointmentRoutes),
  ...group('scheduling', 'schedulingEvents', schedulingEventRoutes),
  ...group('scheduling', 'schedulingPacks', schedulingPackRoutes),
  ...group('enquiries', 'enquiries', enquiriesRoutes),
];
