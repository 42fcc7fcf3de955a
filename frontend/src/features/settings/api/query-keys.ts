/** The settings feature's cache keys, all under ['settings']. */
export const settingsKeys = {
  all: ['settings'] as const,
  gym: ['settings', 'gym-settings'] as const,
  user: ['settings', 'user-settings'] as const,
  notifications: ['settings', 'notification-settings'] as const,
  devices: ['settings', 'login-devices'] as const,
  twoFactor: ['settings', 'two-factor'] as const,
  signInMethods: ['settings', 'sign-in-methods'] as const,
  billing: ['settings', 'billing'] as const,
  razorpay: ['settings', 'razorpay-integration'] as const,
  gymScreen: ['settings', 'gym'] as const,
  staff: ['settings', 'staff'] as const,
  securityPolicy: ['settings', 'security-policy'] as const,
  referral: ['settings', 'referral'] as const,
  messaging: ['settings', 'messaging'] as const,
  webhooks: ['settings', 'webhooks'] as const,
};
