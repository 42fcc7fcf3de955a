import { z } from 'zod';
import { STAFF_ROLES } from '../enums.ts';
import { IsoDateTime, ok, okMessage, Problem, route, Text } from './route.ts';

/**
 * The audience of campaigns and automations (notifications service): people's MARKETING consent per channel, the
 * opt-outs (WhatsApp/SMS "STOP", the email unsubscribe link), and the organization's own message templates
 * (WhatsApp, SMS, email; en and/or hi) with a preview filled from one of the gym's members.
 *
 * A person is a member (their member id) or an enquiries lead (the lead id). A marketing message goes to a person only
 * when their consent for that channel is granted; service (utility) messages follow notification preferences instead.
 */

// ——— Marketing consent ———

export const MarketingChannel = z.enum(['whatsapp', 'sms', 'email'], { message: 'Channel must be whatsapp, sms or email' });
export type MarketingChannel = z.infer<typeof MarketingChannel>;
export const MARKETING_CHANNEL_LIST: readonly MarketingChannel[] = MarketingChannel.options;

/**
 * How a consent was given or withdrawn (each change is kept in the history):
 * - `member_settings`: the member in their own settings;
 * - `front_desk`: a staff member recorded the person's choice (in person or on the phone, or ticked "agreed to offers
 *   and news" on the walk-in/phone enquiry form);
 * - `enquiry_form`: the person ticked the optional offers-and-news box on the gym's public enquiry form (every channel;
 *   the form's consent to be contacted about the enquiry is not marketing consent);
 * - `from_enquiry`: carried over from the lead when the lead became this member;
 * - `whatsapp_stop` / `sms_stop`: the person replied STOP (or UNSUBSCRIBE, रोकें) — that channel, at once;
 * - `email_unsubscribe`: the person used the unsubscribe link of a marketing email;
 * - `erased`: the person's data was erased at their request (every channel withdrawn).
 */
export const MarketingConsentMethod = z.enum([
  'member_settings',
  'front_desk',
  'enquiry_form',
  'from_enquiry',
  'whatsapp_stop',
  'sms_stop',
  'email_unsubscribe',
  'erased',
]);
export type MarketingConsentMethod = z.infer<typeof MarketingConsentMethod>;

/** One channel's consent as it stands. Never recorded: granted false, method and changedAt null. */
export const ChannelConsent = z.object({
  channel: MarketingChannel,
  granted: z.boolean(),
  method: MarketingConsentMethod.nullable(),
  changedAt: IsoDateTime.nullable(),
});
export type ChannelConsent = z.infer<typeof ChannelConsent>;

/** One change, as recorded (newest first in a view). `byStaff`: recorded by a staff member (actorId), not by the person. */
export const ConsentHistoryEntry = z.object({
  channel: MarketingChannel,
  granted: z.boolean(),
  method: MarketingConsentMethod,
  actorId: z.uuid().nullable(),
  byStaff: z.boolean(),
  changedAt: IsoDateTime,
});
export type ConsentHistoryEntry = z.infer<typeof ConsentHistoryEntry>;

/** A person's marketing consent: always the three channels (whatsapp, sms, email, in that order) and the last 50 changes. */
export const MarketingConsentView = z.object({
  personId: z.uuid(),
  kind: z.enum(['member', 'lead']),
  /** The person's name as this service knows it ('' when not known yet). */
  name: z.string(),
  channels: z.array(ChannelConsent),
  history: z.array(ConsentHistoryEntry),
});
export type MarketingConsentView = z.infer<typeof MarketingConsentView>;

/** The channels to change, each true (give) or false (withdraw); channels left out stay as they are. At least one. */
export const MarketingConsentChange = z
  .object({ whatsapp: z.boolean().optional(), sms: z.boolean().optional(), email: z.boolean().optional() })
  .refine((b) => b.whatsapp !== undefined || b.sms !== undefined || b.email !== undefined, 'Choose at least one channel');
export type MarketingConsentChange = z.infer<typeof MarketingConsentChange>;

export const PersonParams = z.object({ personId: z.uuid({ message: 'Not a valid id' }) });

/** The frontend's public page a marketing email's unsubscribe link opens: `<APP_URL>/unsubscribe?token=<token>`. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** The email unsubscribe link's token (in the link `…/unsubscribe?token=…`): signed by the service, never guessable. */
export const UnsubscribeQuery = z.object({
  token: Text('Token').trim().min(10, 'This unsubscribe link is not valid').max(600, 'This unsubscribe link is not valid'),
});
/** What the public unsubscribe page shows: whose gym, the address (masked), whether marketing emails still come. */
export const UnsubscribeInfo = z.object({
  gymName: z.string(),
  channel: z.literal('email'),
  /** The email address, masked (a•••@example.in); null when the gym has none on record any more. */
  address: z.string().nullable(),
  /** true: marketing emails still come (the page offers "Unsubscribe"); false: already unsubscribed. */
  subscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfo>;

/**
 * A person's SMS reply as the SMS gateway forwards it (its inbound webhook), signed `X-Sms-Signature: sha256=<HMAC-SHA256
 * of the raw body with the configured secret>`. A STOP (UNSUBSCRIBE, रोकें) withdraws SMS marketing consent.
 */
export const SmsInboundBody = z
  .object({
    id: Text('Id').max(200, 'Id must be at most 200 characters').optional(),
    /** The person's number (digits, with or without 91). */
    from: Text('From').trim().min(8, 'From must be a phone number').max(20, 'From must be a phone number'),
    /** The gateway's number the reply went to. */
    to: Text('To').max(20, 'To must be at most 20 characters').optional(),
    text: Text('Text', { multiline: true }).max(2000, 'Text must be at most 2000 characters'),
  })
  .loose();
export type SmsInboundBody = z.infer<typeof SmsInboundBody>;

// ——— Message templates ———

export const TemplateChannel = MarketingChannel;
/** WhatsApp's template categories: marketing needs marketing consent; utility is a service message (renewal due, receipt). */
export const TemplateCategory = z.enum(['marketing', 'utility'], { message: 'Category must be marketing or utility' });
export type TemplateCategory = z.infer<typeof TemplateCategory>;
export const TemplateLanguage = z.enum(['en', 'hi'], { message: 'Language must be en or hi' });
export type TemplateLanguage = z.infer<typeof TemplateLanguage>;

/**
 * The person fields a template's {{1}}, {{2}} … are filled with, in the order of `variables`:
 * firstName, lastName, fullName; gymName (the organization), locationName; planName, endDate (DD Mon YYYY, the
 * membership's last day), daysLeft (days until it ends, 0 after); joinedOn; phone; referralLink (the member's referral
 * link); for leads only the names, phone, gymName and locationName are known (others are empty).
 */
export const TemplateVariable = z.enum(
  ['firstName', 'lastName', 'fullName', 'gymName', 'locationName', 'planName', 'endDate', 'daysLeft', 'joinedOn', 'phone', 'referralLink'],
  { message: 'Not a known field' },
);
export type TemplateVariable = z.infer<typeof TemplateVariable>;

/** At most this many {{n}} placeholders in one template. */
export const MAX_TEMPLATE_VARIABLES = 10;

const placeholdersIn = (s: string): number[] => [...s.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]));

/** Per language: at least one of en, hi. */
const Texts = (label: string, max: number, multiline = true) =>
  z
    .object({
      en: Text(`${label} (English)`, { multiline })
        .trim()
        .min(1, `${label} (English) is empty`)
        .max(max, `${label} (English) must be at most ${max} characters`)
        .optional(),
      hi: Text(`${label} (Hindi)`, { multiline })
        .trim()
        .min(1, `${label} (Hindi) is empty`)
        .max(max, `${label} (Hindi) must be at most ${max} characters`)
        .optional(),
    })
    .refine((t) => t.en !== undefined || t.hi !== undefined, `${label}: write it in English, Hindi or both`);
export const LanguageTexts = z.object({ en: z.string().optional(), hi: z.string().optional() });
export type LanguageTexts = z.infer<typeof LanguageTexts>;

const Variables = z.array(TemplateVariable).max(MAX_TEMPLATE_VARIABLES, `At most ${MAX_TEMPLATE_VARIABLES} variables`).default([]);
const Name = Text('Name').trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters');

/** Every body uses exactly {{1}} … {{n}} for its n variables (each at least once, none beyond); subjects and HTML none beyond. */
const checkPlaceholders = (t: { variables: readonly string[]; bodies: LanguageTexts; subject?: LanguageTexts; html?: LanguageTexts }, ctx: z.RefinementCtx) => {
  const n = t.variables.length;
  for (const lang of ['en', 'hi'] as const) {
    const body = t.bodies[lang];
    if (body === undefined) continue;
    const used = placeholdersIn(body);
    const beyond = used.find((k) => k < 1 || k > n);
    if (beyond !== undefined)
      ctx.addIssue({ code: 'custom', path: ['bodies', lang], message: `{{${beyond}}} has no variable: this template has ${n} variable(s)` });
    for (let k = 1; k <= n; k++)
      if (!used.includes(k)) ctx.addIssue({ code: 'custom', path: ['bodies', lang], message: `The text must use {{${k}}} (variable ${k})` });
    for (const field of ['subject', 'html'] as const) {
      const extra = t[field]?.[lang];
      const over = extra === undefined ? undefined : placeholdersIn(extra).find((k) => k < 1 || k > n);
      if (over !== undefined) ctx.addIssue({ code: 'custom', path: [field, lang], message: `{{${over}}} has no variable: this template has ${n} variable(s)` });
    }
  }
};

/**
 * A WhatsApp template: `name` as the platform allows (lowercase letters, digits, underscores; 1–60), submitted to the
 * WhatsApp Business Platform for approval per language; a body of at most 1024 characters per language.
 */
export const WhatsAppTemplateInput = z.object({
  channel: z.literal('whatsapp'),
  name: Text('Name')
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name must be at most 60 characters')
    .regex(/^[a-z0-9_]+$/, 'Name may have only lowercase letters, digits and underscores'),
  category: TemplateCategory,
  bodies: Texts('Message', 1024),
  variables: Variables,
});
/**
 * An SMS template as registered on the DLT platform (TRAI): the DLT template id (19 digits as the operators issue them;
 * 10–30 digits accepted), the 6-character sender header (letters for service/transactional, digits for promotional),
 * and the body exactly as registered, with {{n}} where DLT has {#var#}.
 */
export const SmsTemplateInput = z.object({
  channel: z.literal('sms'),
  name: Name,
  category: TemplateCategory,
  bodies: Texts('Message', 1000),
  variables: Variables,
  dltTemplateId: Text('DLT template id')
    .trim()
    .regex(/^\d{10,30}$/, 'The DLT template id is the 10–30 digit number your DLT portal issued'),
  senderHeader: Text('Sender header')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}$|^\d{6}$/, 'The sender header is 6 letters (or 6 digits for promotional messages)'),
});
/** An email template: per language a subject (≤ 200), the HTML and the plain text (`bodies`), each language complete. */
export const EmailTemplateInput = z.object({
  channel: z.literal('email'),
  name: Name,
  category: TemplateCategory,
  subject: Texts('Subject', 200, false),
  bodies: Texts('Text', 20_000),
  html: Texts('HTML', 100_000),
  variables: Variables,
});

/**
 * How a marketing WhatsApp or SMS message tells its reader to opt out, per language: a reply keyword the STOP handling
 * takes (STOP; in Hindi रोकें, or STOP). The body must carry it itself — appending it when sending is not possible: WhatsApp
 * sends exactly the body it approved and an SMS must match its DLT-registered text, so the line belongs in the text
 * the gym submits and registers. These lines are what the editor suggests.
 */
export const OPT_OUT_LINES = { en: 'Reply STOP to unsubscribe', hi: 'सदस्यता छोड़ने के लिए रोकें लिखकर भेजें' } as const;
/** True when a body in `language` tells how to opt out (English: the word STOP in capitals; Hindi: रोकें or STOP). */
export const hasOptOutLine = (language: 'en' | 'hi', body: string): boolean => /\bSTOP\b/.test(body) || (language === 'hi' && body.includes('रोकें'));
export const OPT_OUT_MISSING = {
  en: `A marketing message must tell how to opt out: add “${OPT_OUT_LINES.en}”`,
  hi: `A marketing message in Hindi must tell how to opt out: add “${OPT_OUT_LINES.hi}”`,
} as const;

/** A new or edited template; the channel decides the fields (a channel cannot change on edit: 400). */
export const MessageTemplateInput = z
  .discriminatedUnion('channel', [WhatsAppTemplateInput, SmsTemplateInput, EmailTemplateInput], { message: 'Channel must be whatsapp, sms or email' })
  .superRefine((t, ctx) => {
    checkPlaceholders(t, ctx);
    // Every marketing message carries a way out (issue 27): WhatsApp and SMS in their own text (email gets its
    // unsubscribe link added when sent).
    if (t.channel !== 'email' && t.category === 'marketing')
      for (const lang of ['en', 'hi'] as const) {
        const body = t.bodies[lang];
        if (body !== undefined && !hasOptOutLine(lang, body)) ctx.addIssue({ code: 'custom', path: ['bodies', lang], message: OPT_OUT_MISSING[lang] });
      }
    if (t.channel === 'email')
      for (const lang of ['en', 'hi'] as const) {
        const has = [t.bodies[lang], t.subject[lang], t.html[lang]].map((v) => v !== undefined);
        if (has.some(Boolean) && !has.every(Boolean))
          ctx.addIssue({
            code: 'custom',
            path: ['subject', lang],
            message: `Write the subject, HTML and text in ${lang === 'en' ? 'English' : 'Hindi'}, or none of them`,
          });
      }
  });
export type MessageTemplateInput = z.infer<typeof MessageTemplateInput>;

export const WhatsAppApproval = z.enum(['pending', 'approved', 'rejected']);
export type WhatsAppApproval = z.infer<typeof WhatsAppApproval>;

export const MessageTemplate = z.object({
  id: z.uuid(),
  channel: TemplateChannel,
  name: z.string(),
  category: TemplateCategory,
  /** The text per language (email: the plain-text part), with {{n}} placeholders. */
  bodies: LanguageTexts,
  variables: z.array(TemplateVariable),
  /** Email only (else null). */
  subject: LanguageTexts.nullable(),
  html: LanguageTexts.nullable(),
  /** SMS only (else null). */
  dltTemplateId: z.string().nullable(),
  senderHeader: z.string().nullable(),
  /**
   * WhatsApp only (else {}): the platform's review per language submitted. Only an approved language can be sent;
   * editing the text submits it again (pending).
   */
  whatsappStatus: z.object({ en: WhatsAppApproval.optional(), hi: WhatsAppApproval.optional() }),
  /** WhatsApp only: why the platform rejected it, when it did. */
  whatsappRejection: z.string().nullable(),
  /** WhatsApp only: the template's name on the platform (the gym's name made unique on a shared business account). */
  whatsappName: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** Archived templates are kept for past campaigns' reports; they cannot be chosen for new sends. */
  archivedAt: IsoDateTime.nullable(),
});
export type MessageTemplate = z.infer<typeof MessageTemplate>;

export const TemplateListQuery = z.object({
  channel: TemplateChannel.optional(),
  /** true: the archived ones too. */
  archived: z.stringbool({ message: 'archived must be true or false' }).default(false),
});
export const TemplateParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

/** Preview: the language, and the member to fill it with (default: the organization's first member by name; none: sample values). */
export const TemplatePreviewBody = z.object({
  language: TemplateLanguage.default('en'),
  memberId: z.uuid({ message: 'Not a valid member id' }).optional(),
});
export const TemplateDraftPreviewBody = TemplatePreviewBody.extend({ template: MessageTemplateInput });

export const TemplatePreview = z.object({
  language: TemplateLanguage,
  /** The text as the person reads it (email: the plain-text part). */
  text: z.string(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  /** The values of {{1}}, {{2}} … in order (WhatsApp's body parameters). */
  parameters: z.array(z.string()),
  /** Variables with no value for this person (filled with ''); a send to them would read oddly. */
  missing: z.array(TemplateVariable),
  /** Whose values filled it; null: sample values (no member in the organization yet). */
  member: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type TemplatePreview = z.infer<typeof TemplatePreview>;

const STAFF = STAFF_ROLES;

export const audienceRoutes = {
  myMarketingConsent: route({
    method: 'GET',
    path: '/notifications/marketing-consent/me',
    responses: { 200: ok(MarketingConsentView), 401: Problem, 403: Problem },
    auth: true,
    roles: ['member'],
    summary: "The signed-in member's own marketing consent per channel (WhatsApp, SMS, email) and its history.",
  }),
  updateMyMarketingConsent: route({
    method: 'PUT',
    path: '/notifications/marketing-consent/me',
    body: MarketingConsentChange,
    responses: { 200: ok(MarketingConsentView), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ['member'],
    summary: 'The member gives or withdraws marketing consent per channel; a withdrawal applies to the next message.',
    description: 'Each change is recorded in the history (method member_settings). Channels left out stay as they are.',
  }),
  personMarketingConsent: route({
    method: 'GET',
    path: '/notifications/marketing-consent/:personId',
    params: PersonParams,
    responses: { 200: ok(MarketingConsentView), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: "A member's or lead's marketing consent per channel and its history (staff).",
    description: 'Owners: any person of the organization; admins: people of their locations. Another organization’s id: 404.',
  }),
  updatePersonMarketingConsent: route({
    method: 'PUT',
    path: '/notifications/marketing-consent/:personId',
    params: PersonParams,
    body: MarketingConsentChange,
    responses: { 200: ok(MarketingConsentView), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: "Staff record a member's or lead's marketing choice at the desk (method front_desk, with who recorded it).",
    description: 'Owners: any person of the organization; admins: people of their locations. Another organization’s id: 404.',
  }),
  unsubscribeInfo: route({
    method: 'GET',
    path: '/notifications/unsubscribe',
    query: UnsubscribeQuery,
    responses: { 200: ok(UnsubscribeInfo), 400: Problem },
    auth: false,
    summary: "The public unsubscribe page's facts for a marketing email's link: the gym, the address (masked), still subscribed or not.",
    description: 'Changes nothing (mail scanners open links). A token not signed by the service: 400.',
  }),
  unsubscribe: route({
    method: 'POST',
    path: '/notifications/unsubscribe',
    query: UnsubscribeQuery,
    responses: { 200: ok(UnsubscribeInfo), 400: Problem },
    auth: false,
    allowReadOnly: true,
    summary: "Withdraws the person's email marketing consent at once (the unsubscribe link's button; also RFC 8058 one-click).",
    description: 'Recorded in the history (method email_unsubscribe). Repeating it changes nothing. A token not signed by the service: 400.',
  }),
  smsInbound: route({
    method: 'POST',
    path: '/notifications/sms/inbound',
    body: SmsInboundBody,
    responses: { 200: okMessage, 400: Problem, 401: Problem },
    auth: false,
    allowReadOnly: true,
    summary: "The SMS gateway's inbound webhook: a person's reply; STOP withdraws their SMS marketing consent at once.",
    description:
      'Checked against X-Sms-Signature (HMAC-SHA256 of the raw body with SMS_INBOUND_SECRET) before anything is read: 401 otherwise. The gateway is shared by every gym, so a STOP withdraws SMS marketing consent of every person with that number (recorded: method sms_stop).',
  }),
  listTemplates: route({
    method: 'GET',
    path: '/notifications/message-templates',
    query: TemplateListQuery,
    responses: { 200: ok(z.array(MessageTemplate)), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: "The organization's message templates (WhatsApp, SMS, email), by channel then name; archived ones only when asked.",
  }),
  getTemplate: route({
    method: 'GET',
    path: '/notifications/message-templates/:id',
    params: TemplateParams,
    responses: { 200: ok(MessageTemplate), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'One template of the organization (another organization’s: 404).',
  }),
  createTemplate: route({
    method: 'POST',
    path: '/notifications/message-templates',
    body: MessageTemplateInput,
    responses: { 201: ok(MessageTemplate), 400: Problem, 401: Problem, 403: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Create a template; a WhatsApp one is submitted to the platform for approval (pending, then approved or rejected).',
    description:
      'A name already used on the channel: 409. Placeholders must be exactly {{1}} … {{n}} for the n variables. The platform rejects a MARKETING WhatsApp template without any variable (a bare broadcast) and a body starting or ending with a placeholder.',
  }),
  updateTemplate: route({
    method: 'PUT',
    path: '/notifications/message-templates/:id',
    params: TemplateParams,
    body: MessageTemplateInput,
    responses: { 200: ok(MessageTemplate), 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Edit a template (its channel stays); a WhatsApp one whose text, category or variables changed is submitted again.',
    description: 'A WhatsApp template keeps its name (the platform does not rename): a new name is 400. Archived: 404.',
  }),
  archiveTemplate: route({
    method: 'DELETE',
    path: '/notifications/message-templates/:id',
    params: TemplateParams,
    responses: { 200: okMessage, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Archive a template: no new campaign or automation can use it; past reports still name it.',
  }),
  refreshTemplateStatus: route({
    method: 'POST',
    path: '/notifications/message-templates/:id/whatsapp-status',
    params: TemplateParams,
    responses: { 200: ok(MessageTemplate), 400: Problem, 401: Problem, 403: Problem, 404: Problem, 502: Problem },
    auth: true,
    roles: STAFF,
    summary: "Ask the WhatsApp platform for the template's review now (the platform's webhook also updates it by itself).",
    description: 'Not a WhatsApp template: 400. The platform not answering: 502.',
  }),
  previewTemplate: route({
    method: 'POST',
    path: '/notifications/message-templates/:id/preview',
    params: TemplateParams,
    body: TemplatePreviewBody,
    responses: { 200: ok(TemplatePreview), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: "The template in en or hi filled with one of the gym's members (the one asked for, else the first by name).",
    description: 'A language the template lacks: 400. A member of another organization (or, for an admin, another location): 404.',
  }),
  previewDraft: route({
    method: 'POST',
    path: '/notifications/message-templates/preview',
    body: TemplateDraftPreviewBody,
    responses: { 200: ok(TemplatePreview), 400: Problem, 401: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'A template being written (not saved), filled like the preview of a saved one: for the editor.',
  }),
};
