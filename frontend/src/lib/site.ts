/** Public contact details, in one place so they are easy to change. */
export const SUPPORT_EMAIL = 'support@akhada.in';
export const PRIVACY_EMAIL = 'privacy@akhada.in';
/** The Grievance Officer of the privacy notice (DPDP Act, 2023). */
export const GRIEVANCE_EMAIL = 'grievance@akhada.in';
