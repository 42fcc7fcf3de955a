import type { Notification } from '@akhada/contracts';
import type { TFunction } from 'i18next';

/** `notifications.member_registered.title` (as the service stores it) → `notifications:tpl.member_registered.title`. */
const tplKey = (key: string) => `notifications:tpl.${key.replace(/^notifications\./, '')}`;

export interface NotificationText {
  title: string;
  message: string;
  /** The action's text, or null without an action. */
  actionText: string | null;
  /** The category for people: its translation, else its words with spaces. */
  category: string;
}

/**
 * What a notification says in the reader's language: the service stores template keys and their parameters; the
 * English text it also sends is the fallback for a key this build does not know (and for older notifications).
 */
export function notificationText(t: TFunction, n: Notification): NotificationText {
  const params = n.params ?? {};
  const title = n.titleKey ? t(tplKey(n.titleKey), { ...params, defaultValue: n.title }) : n.title;
  const message = n.messageKey ? t(tplKey(n.messageKey), { ...params, defaultValue: n.message }) : n.message;
  const actionText = n.actionKey ? t(tplKey(n.actionKey), { defaultValue: n.actionText ?? '' }) : n.actionText;
  const category = t(`notifications:categories.${n.category}`, { defaultValue: n.category.replace(/_/g, ' ') });
  return { title, message, actionText: actionText || null, category };
}
