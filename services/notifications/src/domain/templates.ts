/**
 * Notification texts by i18n key. Rows store the key and its parameters next to the English text, so a later issue
 * can render Hindi from the same key. Placeholders are `{name}`; a missing parameter is left visible, never dropped.
 */
export const EN_TEMPLATES = {
  'notifications.member_registered.title': 'New member registered',
  'notifications.member_registered.message': '{first} {last} joined: {membershipType} membership.',
  'notifications.member_signed_up.title': 'New member awaiting a plan',
  'notifications.member_signed_up.message': '{first} {last} joined with the gym code and is waiting for a membership plan.',
  'notifications.trainer_pending.title': 'Trainer awaiting approval',
  'notifications.trainer_pending.message': '{first} {last} registered as a trainer with the gym code. Approve them to give them access.',
  'notifications.certification_expiring.title': 'Certification expiring soon',
  'notifications.certification_expiring.message': '{trainer}’s certification "{name}" expires on {expiryDate}.',
  'notifications.low_attendance.title': 'Low attendance',
  'notifications.low_attendance.message': '{name} hasn’t visited in {days} days',
  'notifications.attendance_nudge.title': 'We miss you at the gym',
  'notifications.attendance_nudge.message': 'You haven’t visited in {days} days. Come back and keep your routine going!',
  'notifications.action.view': 'View',
  'notifications.action.review': 'Review',
} as const;
export type TemplateKey = keyof typeof EN_TEMPLATES;

export const renderTemplate = (key: TemplateKey, params: Readonly<Record<string, string>> = {}): string =>
  EN_TEMPLATES[key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** What a notification says: keys, parameters and the rendered English text. */
export interface NotificationText {
  titleKey: TemplateKey;
  messageKey: TemplateKey;
  params: Record<string, string>;
  title: string;
  message: string;
}

/** English names of the membership types, as the members screens show them. */
const MEMBERSHIP_LABELS: Record<string, string> = { basic: 'Basic', premium: 'Premium', vip: 'VIP', annual: 'Annual' };

export const memberRegisteredText = (m: { firstName: string; lastName: string; membershipType: string }): NotificationText => {
  const params = { first: m.firstName.trim(), last: m.lastName.trim(), membershipType: MEMBERSHIP_LABELS[m.membershipType] ?? m.membershipType };
  return {
    titleKey: 'notifications.member_registered.title',
    messageKey: 'notifications.member_registered.message',
    params,
    title: renderTemplate('notifications.member_registered.title', params),
    message: renderTemplate('notifications.member_registered.message', params),
  };
};

const textOf = (titleKey: TemplateKey, messageKey: TemplateKey, params: Record<string, string>): NotificationText => ({
  titleKey,
  messageKey,
  params,
  title: renderTemplate(titleKey, params),
  message: renderTemplate(messageKey, params),
});

/** A member who joined with the gym's code, waiting for staff to start their membership. */
export const memberSignedUpText = (m: { firstName: string; lastName: string }): NotificationText =>
  textOf('notifications.member_signed_up.title', 'notifications.member_signed_up.message', { first: m.firstName.trim(), last: m.lastName.trim() });

/** A trainer who registered with the gym's code, waiting for an admin's approval. */
export const trainerPendingText = (t: { firstName: string; lastName: string }): NotificationText =>
  textOf('notifications.trainer_pending.title', 'notifications.trainer_pending.message', { first: t.firstName.trim(), last: t.lastName.trim() });

/** A trainer's certification expires within 30 days; the date stays YYYY-MM-DD (a calendar day has no time zone). */
export const certificationExpiringText = (c: { trainerName: string; name: string; expiryDate: string }): NotificationText =>
  textOf('notifications.certification_expiring.title', 'notifications.certification_expiring.message', {
    trainer: c.trainerName.trim(),
    name: c.name.trim(),
    expiryDate: c.expiryDate,
  });

/** An active member with no visit in `days` days, for the staff of their location. */
export const lowAttendanceText = (m: { firstName: string; lastName: string; days: number }): NotificationText =>
  textOf('notifications.low_attendance.title', 'notifications.low_attendance.message', {
    name: `${m.firstName.trim()} ${m.lastName.trim()}`.trim(),
    days: String(m.days),
  });

/** The same rule's nudge to the member themself. */
export const attendanceNudgeText = (m: { days: number }): NotificationText =>
  textOf('notifications.attendance_nudge.title', 'notifications.attendance_nudge.message', { days: String(m.days) });
