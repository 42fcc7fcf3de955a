/** Public contact details, in one place so they are easy to change. */
export const SUPPORT_EMAIL = 'support@akhada.in';
export const PRIVACY_EMAIL = 'privacy@akhada.in';
