/**
 * Notification texts by i18n key. Rows store the key and its parameters next to the English text, so a later issue
 * can render Hindi from the same key. Placeholders are `{name}`; a missing parameter is left visible, never dropped.
 */
export const EN_TEMPLATES = {
  'notifications.member_registered.title': 'New member registered',
  'notifications.member_registered.message': '{first} {last} joined: {membershipType} membership.',
  'notifications.action.view': 'View',
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
