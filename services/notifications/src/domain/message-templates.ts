import type { TemplateLanguage, TemplateVariable } from '@akhada/contracts';

/**
 * The organization's own message templates (0017), filled for one person: pure, used by the preview, campaigns and
 * automations. A template has a body per language (en, hi) with {{1}}, {{2}} … placeholders, and `variables`: the
 * person fields filling them in order (TemplateVariable in contracts/http/audience.ts).
 */

export interface LanguageTexts {
  en?: string | undefined;
  hi?: string | undefined;
}

/** What fillTemplate needs of a template (a stored row or a draft). */
export interface FillableTemplate {
  bodies: LanguageTexts;
  variables: readonly string[];
  /** Email only. */
  subject?: LanguageTexts | null;
  html?: LanguageTexts | null;
}

export interface FilledTemplate {
  /** The language used: the one asked for when the template has it, else the other one it has. */
  language: TemplateLanguage;
  /** The text as the person reads it (email: the plain-text part). */
  text: string;
  /** Email only. */
  subject?: string;
  /** Email only: the template's HTML with the values HTML-escaped. */
  html?: string;
  /** The values of {{1}}, {{2}} … in order (WhatsApp's body parameters; SMS DLT variables). */
  variables: string[];
  /** The variables this person has no value for (filled with ''). */
  missing: string[];
}

/** The languages a template is written in, English first. */
export const languagesOf = (t: Pick<FillableTemplate, 'bodies'>): TemplateLanguage[] =>
  (['en', 'hi'] as const).filter((l) => typeof t.bodies[l] === 'string' && t.bodies[l] !== '');

/** The language to send in: the person's when the template has it, else the template's other language. */
export const pickLanguage = (t: Pick<FillableTemplate, 'bodies'>, wanted: TemplateLanguage): TemplateLanguage | null => {
  const has = languagesOf(t);
  return has.includes(wanted) ? wanted : (has[0] ?? null);
};

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * A value as a parameter: on one line, without runs of spaces (WhatsApp refuses a parameter with a line break, a tab or
 * more than four spaces in a row), trimmed.
 */
const asParameter = (v: string): string => v.replace(/\s+/g, ' ').trim();

const fill = (text: string, params: readonly string[], escape: (s: string) => string = (s) => s): string =>
  text.replace(PLACEHOLDER, (whole, n: string) => {
    const i = Number(n) - 1;
    return i >= 0 && i < params.length ? escape(params[i]!) : whole;
  });

/**
 * The template in `language` (or its other language when it lacks that one) with {{n}} replaced by the value of its
 * n-th variable from `values` ('' and listed in `missing` when the person has none). HTML gets the values escaped.
 * A template with no body at all gives an empty text in English.
 */
export const fillTemplate = (template: FillableTemplate, language: TemplateLanguage, values: Readonly<Record<string, string>>): FilledTemplate => {
  const lang = pickLanguage(template, language) ?? 'en';
  const variables = template.variables.map((v) => asParameter(values[v] ?? ''));
  const missing = template.variables.filter((v, i) => variables[i] === '');
  const out: FilledTemplate = { language: lang, text: fill(template.bodies[lang] ?? '', variables), variables, missing };
  const subject = template.subject?.[lang];
  if (subject !== undefined) out.subject = fill(subject, variables);
  const html = template.html?.[lang];
  if (html !== undefined) out.html = fill(html, variables, escapeHtml);
  return out;
};

/** What this service knows of a person (a member's copy, or a lead's), for personValues. */
export interface PersonFacts {
  firstName: string;
  lastName: string;
  phone?: string | null;
  gymName?: string | null;
  locationName?: string | null;
  planName?: string | null;
  /** YYYY-MM-DD: the membership's last day. */
  endDate?: string | null;
  joinedOn?: string | null;
  referralLink?: string | null;
  /** YYYY-MM-DD today in the person's location (for daysLeft). */
  today?: string | null;
  /** Dates are written in this language (default en). */
  language?: TemplateLanguage;
}

const dayNumber = (d: string): number => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
const isDate = (d: string | null | undefined): d is string => !!d && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(dayNumber(d));

/** Made once: building an Intl.DateTimeFormat costs far more than formatting with it (a campaign formats thousands of days). */
const DAY_FORMATS: Record<TemplateLanguage, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/** 5 Mar 2030 / 5 मार्च 2030. */
export const formatDay = (d: string, language: TemplateLanguage = 'en'): string => DAY_FORMATS[language].format(new Date(`${d}T00:00:00Z`));

/**
 * The values of every TemplateVariable for a person: names, the gym and location, plan, end date (written in the
 * person's language), days left (0 once ended), joining day, phone, referral link. Unknown facts are absent, so
 * fillTemplate lists them as missing.
 */
export const personValues = (f: PersonFacts): Partial<Record<TemplateVariable, string>> => {
  const lang = f.language ?? 'en';
  const v: Partial<Record<TemplateVariable, string>> = {};
  const set = (k: TemplateVariable, value: string | null | undefined) => {
    const s = value?.trim();
    if (s) v[k] = s;
  };
  set('firstName', f.firstName);
  set('lastName', f.lastName);
  set('fullName', `${f.firstName} ${f.lastName}`);
  set('gymName', f.gymName);
  set('locationName', f.locationName);
  set('planName', f.planName);
  set('phone', f.phone);
  set('referralLink', f.referralLink);
  if (isDate(f.endDate)) {
    set('endDate', formatDay(f.endDate, lang));
    if (isDate(f.today)) set('daysLeft', String(Math.max(0, dayNumber(f.endDate) - dayNumber(f.today))));
  }
  if (isDate(f.joinedOn)) set('joinedOn', formatDay(f.joinedOn, lang));
  return v;
};

/** Sample values for a preview when the gym has no member yet. */
export const SAMPLE_PERSON: PersonFacts = {
  firstName: 'Asha',
  lastName: 'Verma',
  phone: '+91 98765 43210',
  planName: 'Premium',
  endDate: '2030-03-31',
  joinedOn: '2029-04-01',
  today: '2030-03-24',
};

/**
 * The template's name on the WhatsApp platform: names are unique per business account, which gyms without their own
 * share, so the gym's name is suffixed with the first 8 hex digits of its organization id (e.g. `diwali_offer_1a2b3c4d`).
 */
export const whatsAppTemplateName = (orgId: string, name: string): string => `${name}_${orgId.replace(/-/g, '').slice(0, 8).toLowerCase()}`;

/**
 * An email in the gym's branding: its name in a band of its brand colour, the template's HTML, and (for marketing)
 * the unsubscribe link at the foot. The colour must be a #rrggbb hex (else the product's default).
 */
export const brandedEmailHtml = (o: {
  gymName: string;
  brandColor?: string | null;
  html: string;
  language: TemplateLanguage;
  unsubscribeUrl?: string | null;
}): string => {
  const color = o.brandColor && /^#[0-9a-f]{6}$/i.test(o.brandColor) ? o.brandColor : '#4f46e5';
  const foot = o.unsubscribeUrl
    ? `<p style="font-size:12px;color:#6b7280;margin-top:24px">${
        o.language === 'hi' ? 'ये ईमेल नहीं चाहिए?' : 'Don’t want these emails?'
      } <a href="${escapeHtml(o.unsubscribeUrl)}" style="color:#6b7280">${o.language === 'hi' ? 'सदस्यता छोड़ें' : 'Unsubscribe'}</a></p>`
    : '';
  return `<!doctype html><html lang="${o.language}"><body style="margin:0;background:#f3f4f6;font-family:Arial,sans-serif">
<div style="max-width:600px;margin:0 auto;background:#ffffff">
<div style="background:${color};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${escapeHtml(o.gymName)}</div>
<div style="padding:24px;color:#111827;font-size:15px;line-height:1.5">${o.html}${foot}</div>
</div></body></html>`;
};

/** The plain-text part's foot for a marketing email. */
export const unsubscribeTextFoot = (url: string, language: TemplateLanguage): string =>
  `\n\n${language === 'hi' ? 'सदस्यता छोड़ने के लिए' : 'To unsubscribe'}: ${url}`;

/** Words a person replies with to stop marketing messages (WhatsApp, SMS), compared after trimming, case-insensitively. */
export const STOP_WORDS: readonly string[] = ['stop', 'unsubscribe', 'stop all', 'stop promotions', 'रोकें', 'रोको', 'बंद करें'];

/** True when a reply asks to stop marketing messages ("STOP", "Stop.", "unsubscribe", "रोकें"). */
export const isStopReply = (text: string): boolean => {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[.!।\s]+$/u, '')
    .replace(/\s+/g, ' ');
  return STOP_WORDS.includes(t);
};
