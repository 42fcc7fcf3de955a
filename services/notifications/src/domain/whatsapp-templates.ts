import { EN_TEMPLATES, TEMPLATES, type TemplateKey } from './templates.ts';

/**
 * The WhatsApp message templates this service sends outside a person's 24-hour window (WhatsApp Business Platform:
 * free-form text only within 24 hours of the person's last message to the business; anything else must be a template
 * the platform approved). One template per notification text, in English and Hindi: its body is the notification's
 * title in bold and its message, the `{name}` placeholders numbered `{{1}}`, `{{2}}`, … in the order of `variables`
 * (the English text's order of first use; a Hindi body may use them in another order, as WhatsApp allows per language).
 * The variables are filled from the notification's own params, so a template says exactly what the in-app text says.
 *
 * This catalogue is the one source: the local WhatsApp stand-in loads `approvedWhatsAppTemplates()` as its approved set
 * (infra/dev), and the same list is what is submitted for approval in Meta's WhatsApp Manager for production.
 */
export type WhatsAppTemplateCategory = 'utility' | 'marketing';
export const WHATSAPP_LANGUAGES = ['en', 'hi'] as const;
export type WhatsAppLanguage = (typeof WHATSAPP_LANGUAGES)[number];

export interface WhatsAppTemplate {
  /** The notification text's stem (`notifications.<stem>.title`), or the settings' test message. */
  stem: string;
  /** The name approved by WhatsApp: lower-case letters, digits and underscores. */
  name: string;
  category: WhatsAppTemplateCategory;
  /** The notification params, in the order of the body's {{1}}, {{2}}, … */
  variables: readonly string[];
  body: Record<WhatsAppLanguage, string>;
}

/**
 * The notification texts sent as templates, with their WhatsApp category (every one is about the person's own
 * membership, payments, bookings or account: utility). Announcements are left out on purpose: a staff member's free
 * text is not a template WhatsApp approves, so an announcement reaches WhatsApp only inside the 24-hour window.
 */
const NOTIFICATION_STEMS: Readonly<Record<string, WhatsAppTemplateCategory>> = {
  // Membership: renewal due (7 days and 1 day before), expired, renewed; the attendance nudge.
  membership_expiring: 'utility',
  membership_expiring_staff: 'utility',
  membership_expired: 'utility',
  membership_expired_staff: 'utility',
  membership_renewed: 'utility',
  membership_renewed_member: 'utility',
  member_registered: 'utility',
  member_signed_up: 'utility',
  trainer_pending: 'utility',
  certification_expiring: 'utility',
  low_attendance: 'utility',
  attendance_nudge: 'utility',
  trial_ending: 'utility',
  plan_limit_near: 'utility',
  // Payments: received, failed, refunded, the reminder staff send, overdue (staff, and the member at 1, 3 and 7 days).
  payment_completed: 'utility',
  payment_received_member: 'utility',
  payment_failed: 'utility',
  payment_failed_member: 'utility',
  payment_reminder: 'utility',
  payment_overdue: 'utility',
  payment_overdue_member: 'utility',
  // Autopay's pre-debit notice (amount, date, how to cancel): about a charge the member set up, utility.
  autopay_charge_due: 'utility',
  autopay_halted: 'utility',
  refund_processed: 'utility',
  refund_processed_member: 'utility',
  late_payment_refunded: 'utility',
  late_payment_refunded_member: 'utility',
  // Classes, events and personal training.
  class_promoted: 'utility',
  class_offered: 'utility',
  class_cancelled: 'utility',
  class_full: 'utility',
  class_reminder: 'utility',
  event_cancelled: 'utility',
  ticket_confirmed: 'utility',
  appointment_booked: 'utility',
  appointment_booked_trainer: 'utility',
  appointment_cancelled: 'utility',
  appointment_cancelled_trainer: 'utility',
  // Feedback, chat, account and data rights, stock.
  complaint_submitted: 'utility',
  feedback_response: 'utility',
  chat_message: 'utility',
  new_device_signed_in: 'utility',
  data_request_changed: 'utility',
  data_request_changed_staff: 'utility',
  low_stock: 'utility',
  batch_expiring: 'utility',
  maintenance_due: 'utility',
  // Automations (issue 27): the built-in welcome (onboarding: utility) and birthday greeting (a greeting is marketing to
  // WhatsApp), a missed class, and staff told by a rule.
  member_welcome: 'utility',
  birthday_greeting: 'marketing',
  class_missed: 'utility',
  automation_staff: 'utility',
};

/** Settings → Integrations → "Send test": a fixed message, so a gym can test its number outside any window. */
export const SETTINGS_TEST_STEM = 'settings_test';
export const SETTINGS_TEST_TEXT: Record<WhatsAppLanguage, { title: string; text: string }> = {
  en: { title: 'Akhada test message', text: 'This is a test message from Akhada. Your WhatsApp settings work.' },
  hi: { title: 'अखाड़ा परीक्षण संदेश', text: 'यह अखाड़ा की ओर से एक परीक्षण संदेश है। आपकी व्हाट्सऐप सेटिंग्स काम कर रही हैं।' },
};

const PLACEHOLDER = /\{(\w+)\}/g;
const namesIn = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);

const fromNotification = (stem: string, category: WhatsAppTemplateCategory): WhatsAppTemplate => {
  const key = (lang: WhatsAppLanguage, leaf: 'title' | 'message') => TEMPLATES[lang][`notifications.${stem}.${leaf}` as TemplateKey];
  const en = `*${key('en', 'title')}*\n\n${key('en', 'message')}`;
  const variables = [...new Set(namesIn(en))];
  const numbered = (text: string) => text.replace(PLACEHOLDER, (whole, n: string) => (variables.includes(n) ? `{{${variables.indexOf(n) + 1}}}` : whole));
  return {
    stem,
    name: `akhada_${stem}`,
    category,
    variables,
    body: { en: numbered(en), hi: numbered(`*${key('hi', 'title')}*\n\n${key('hi', 'message')}`) },
  };
};

export const WHATSAPP_TEMPLATES: readonly WhatsAppTemplate[] = [
  ...Object.entries(NOTIFICATION_STEMS).map(([stem, category]) => fromNotification(stem, category)),
  {
    stem: SETTINGS_TEST_STEM,
    name: 'akhada_settings_test',
    category: 'utility',
    variables: [],
    body: { en: `*${SETTINGS_TEST_TEXT.en.title}*\n\n${SETTINGS_TEST_TEXT.en.text}`, hi: `*${SETTINGS_TEST_TEXT.hi.title}*\n\n${SETTINGS_TEST_TEXT.hi.text}` },
  },
];

const BY_STEM = new Map(WHATSAPP_TEMPLATES.map((t) => [t.stem, t]));

/**
 * Whether a notification text is a MARKETING message (its template's category: the birthday greeting): by email and
 * WhatsApp it goes only to a person with marketing consent for that channel (marketing_consent); in-app it still goes.
 */
export const isMarketingStem = (stem: string): boolean => BY_STEM.get(stem)?.category === 'marketing';

/** The stem of a stored notification's title key (`notifications.<stem>.title`). */
export const stemOf = (titleKey: string): string => titleKey.replace(/^notifications\./, '').replace(/\.title$/, '');

/**
 * WhatsApp refuses a template parameter with a new line, a tab or more than four spaces in a row, and an empty one:
 * each is one line, and a missing value is a dash.
 */
const parameterText = (v: string | undefined): string => (v ?? '').replace(/\s+/g, ' ').trim().slice(0, 1000) || '—';

/** The template message for a notification in the person's language, or null when it has no approved template. */
export const whatsAppTemplateFor = (
  stem: string,
  language: WhatsAppLanguage,
  params: Readonly<Record<string, string>>,
): { name: string; language: WhatsAppLanguage; parameters: string[] } | null => {
  const t = BY_STEM.get(stem);
  if (!t) return null;
  return { name: t.name, language, parameters: t.variables.map((v) => parameterText(params[v])) };
};

/** The approved set as WhatsApp holds it: one entry per template and language (what the stand-in loads). */
export const approvedWhatsAppTemplates = (): { name: string; language: WhatsAppLanguage; category: WhatsAppTemplateCategory; body: string }[] =>
  WHATSAPP_TEMPLATES.flatMap((t) => WHATSAPP_LANGUAGES.map((language) => ({ name: t.name, language, category: t.category, body: t.body[language] })));

/** True when every stem of the notification texts has a template (the unit test's check). */
export const stemsWithoutTemplate = (): string[] =>
  [
    ...new Set(
      Object.keys(EN_TEMPLATES)
        .filter((k) => k.endsWith('.title'))
        .map(stemOf),
    ),
  ].filter((s) => s !== 'announcement' && !BY_STEM.has(s));
