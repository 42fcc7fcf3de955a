import { z } from 'zod';
import { Language, PlanId } from '../enums.ts';
import { PLAN_TERMS } from '../plans.ts';
import { Email, Phone } from './auth.ts';
import { ok, Problem, route, Text } from './route.ts';

/*
 * The public website's contracts: the landing page's content (served by the gateway from an operator-editable file
 * per language, validated with `LandingContent` at startup) and the contact form (stored by the auth service).
 */

const text = (max = 300) => Text('Text').trim().min(1).max(max);
const Paise = z.number().int().min(0);
export const HexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Use a hex colour such as #9A3412');

/** WCAG relative luminance of a #rgb / #rrggbb colour. */
const luminance = (hex: string): number => {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
/** WCAG contrast ratio of two hex colours (1 to 21). */
export const contrastRatio = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const uniqueBy =
  <T>(key: (item: T) => string, what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message: `Duplicate ${what} "${k}"` });
      seen.add(k);
    });
  };
const exactlyIds =
  <T extends { id: string }>(ids: readonly string[], what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    uniqueBy<T>((x) => x.id, what)(items, ctx);
    const missing = ids.filter((id) => !items.some((x) => x.id === id));
    if (missing.length) ctx.addIssue({ code: 'custom', path: [], message: `Missing ${what}: ${missing.join(', ')}` });
  };

export const LandingSeo = z.object({
  title: text(70),
  description: text(170),
  keywords: z.array(text(60)).min(1).max(30),
  ogTitle: text(95),
  ogDescription: text(200),
  twitterTitle: text(70),
  twitterDescription: text(200),
});

/** The sticky urgency banner. Its text must stay readable on its background (WCAG AA, 4.5:1). */
export const UrgencyBanner = z
  .object({
    enabled: z.boolean(),
    message: text(160),
    subMessage: text(200),
    backgroundColor: HexColor,
    borderColor: HexColor,
    textColor: HexColor,
  })
  .superRefine((b, ctx) => {
    const ratio = contrastRatio(b.textColor, b.backgroundColor);
    if (ratio < 4.5)
      ctx.addIssue({
        code: 'custom',
        path: ['textColor'],
        message: `Text colour contrast on the background is ${ratio.toFixed(2)}:1; it must be at least 4.5:1`,
      });
  });

export const LandingHero = z.object({
  title: text(120),
  /** The longer title for wide screens (1024 px and up). */
  titleDesktop: text(160),
  subtitle: text(400),
  /** Goes to /register. */
  primaryCta: z.object({ text: text(40) }),
  /** Goes to /login. */
  secondaryCta: z.object({ text: text(40) }),
});

/** Heading and optional lead line of a landing section. */
export const SectionHeading = z.object({ title: text(120), subtitle: text(300).optional() });

export const TitledText = z.object({ title: text(120), description: text(500) });

/** Icon names a feature card may use; the frontend maps each to an icon. */
export const LandingIcon = z.enum(['users', 'wallet', 'qr-code', 'message', 'chart', 'receipt', 'box', 'map-pin', 'globe', 'bell', 'calendar', 'shield']);
export type LandingIcon = z.infer<typeof LandingIcon>;
export const FeatureCard = z.object({ icon: LandingIcon, title: text(80), description: text(400) });

export const PlanLimits = z.object({
  /** Members included; null = no fixed cap. */
  members: z.number().int().positive().nullable(),
  /** Trainers included; null = no fixed cap. */
  trainers: z.number().int().positive().nullable(),
});
export const LandingPlan = z.object({
  id: PlanId,
  name: text(40),
  /** Integer paise per month (per trial for the free plan); the frontend formats it en-IN with ₹. */
  pricePaise: Paise,
  /** Localized period text, e.g. "per month", "for 14 days". */
  period: text(40),
  description: text(300),
  features: z.array(text(120)).min(1).max(20),
  /** Button label in the card and its View Details modal. */
  cta: text(40),
  popular: z.boolean(),
  /** Optional ribbon such as "50% off". */
  discount: text(30).optional(),
  limits: PlanLimits,
});
export type LandingPlan = z.infer<typeof LandingPlan>;

export const ComparisonTabId = z.enum(['excel', 'akhada', 'enterprise']);
export type ComparisonTabId = z.infer<typeof ComparisonTabId>;
export const Cost = z.object({
  label: text(120),
  amountPaise: Paise,
  /** The figure is a lower bound: show "₹50,000+". */
  orMore: z.boolean(),
});
export const ComparisonRow = z.object({ feature: text(80), akhada: text(160), others: text(160) });
export const ComparisonTab = z
  .object({
    id: ComparisonTabId,
    /** The tab button. */
    label: text(40),
    title: text(120),
    description: text(400),
    /** One line that sums up the cost, e.g. "₹20,500 a month, all told". */
    costLine: text(160),
    costs: z.array(Cost).min(1).max(8),
    /** Sum of `costs`; per month, except for the enterprise tab (first year). */
    total: Cost,
    /** Column heading of the "others" side of the rows, e.g. "Excel & registers". */
    othersLabel: text(40),
    rows: z.array(ComparisonRow).min(1).max(15),
    /** The product's own tab is the highlighted one. */
    highlighted: z.boolean(),
  })
  .superRefine((t, ctx) => {
    const sum = t.costs.reduce((s, c) => s + c.amountPaise, 0);
    if (sum !== t.total.amountPaise)
      ctx.addIssue({ code: 'custom', path: ['total', 'amountPaise'], message: `Total ${t.total.amountPaise} is not the sum of the costs (${sum})` });
    if (t.highlighted !== (t.id === 'akhada')) ctx.addIssue({ code: 'custom', path: ['highlighted'], message: 'Only the akhada tab is highlighted' });
  });
export const LandingComparison = z
  .object({
    heading: SectionHeading,
    tabs: z.array(ComparisonTab).length(3).superRefine(exactlyIds(ComparisonTabId.options, 'comparison tab')),
    /** What a gym saves a month by moving from the spreadsheet way to Akhada. */
    saving: z.object({ label: text(160), amountPaise: Paise }),
  })
  .superRefine((c, ctx) => {
    const excel = c.tabs.find((t) => t.id === 'excel');
    const akhada = c.tabs.find((t) => t.id === 'akhada');
    if (!excel || !akhada) return;
    if (akhada.total.amountPaise !== PLAN_TERMS.starter.pricePaise) {
      ctx.addIssue({ code: 'custom', path: ['tabs'], message: `The akhada tab's total must be the Starter price (${PLAN_TERMS.starter.pricePaise} paise)` });
    }
    if (c.saving.amountPaise !== excel.total.amountPaise - akhada.total.amountPaise) {
      ctx.addIssue({ code: 'custom', path: ['saving', 'amountPaise'], message: 'The saving must be the excel total minus the akhada total' });
    }
  });

export const Testimonial = z.object({
  rating: z.number().int().min(1).max(5),
  quote: text(500),
  name: text(80),
  position: text(80),
  location: text(80),
  membersCount: z.number().int().min(0),
  avatarInitials: text(4),
});

export const Screenshot = z.object({
  /** A file the frontend serves under /landing/. */
  src: z.string().regex(/^\/landing\/[a-z0-9][a-z0-9._-]*\.(?:webp|avif|png|jpe?g)$/, 'Use a path under /landing/, e.g. /landing/screenshot-1.webp'),
  alt: text(200),
  caption: text(120),
});

export const TrustBadgeId = z.enum(['payments_secured', 'whatsapp_business', 'ssl_secured']);
export const TrustBadge = z.object({ id: TrustBadgeId, label: text(60) });

/** The marketing figures of spec §1. `value` is language-neutral ("50+", "24/7", "40%"). */
export const ClaimStatId = z.enum(['gyms', 'support', 'onboarding', 'on_time_payments', 'time_saved', 'market_growth']);
export const ClaimAssuranceId = z.enum(['no_credit_card', 'hindi_support', 'gst_invoices', 'upi_payments', 'local_support']);
export const LandingClaims = z.object({
  stats: z.array(z.object({ id: ClaimStatId, value: text(12), label: text(120) })).superRefine(exactlyIds(ClaimStatId.options, 'claim')),
  assurances: z.array(z.object({ id: ClaimAssuranceId, label: text(80) })).superRefine(exactlyIds(ClaimAssuranceId.options, 'assurance')),
});

export const LandingContent = z.object({
  lang: Language,
  seo: LandingSeo,
  banner: UrgencyBanner,
  hero: LandingHero,
  /** Headings of the sections whose items are lists. */
  sections: z.object({
    problems: SectionHeading,
    features: SectionHeading,
    pricing: SectionHeading,
    whyNow: SectionHeading,
    testimonials: SectionHeading,
    screenshots: SectionHeading,
    trust: SectionHeading,
  }),
  /** Inefficient tracking, communication gaps, no insights, expensive solutions. */
  problems: z.array(TitledText).length(4),
  features: z.array(FeatureCard).length(6),
  /** Version B: free, mini, starter, pro, enterprise, in that order, with the prices and limits of PLAN_TERMS. */
  plans: z
    .array(LandingPlan)
    .length(PlanId.options.length)
    .superRefine((plans, ctx) => {
      plans.forEach((p, i) => {
        if (p.id !== PlanId.options[i]) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Plan ${i + 1} must be "${PlanId.options[i]}"` });
        const terms = PLAN_TERMS[p.id];
        if (p.pricePaise !== terms.pricePaise) ctx.addIssue({ code: 'custom', path: [i, 'pricePaise'], message: `${p.id} costs ${terms.pricePaise} paise` });
        if (p.limits.members !== terms.members || p.limits.trainers !== terms.trainers) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'limits'],
            message: `${p.id} includes ${terms.members ?? 'uncapped'} members and ${terms.trainers ?? 'uncapped'} trainers`,
          });
        }
      });
      if (plans.filter((p) => p.popular).length !== 1) ctx.addIssue({ code: 'custom', path: [], message: 'Exactly one plan is marked popular' });
    }),
  comparison: LandingComparison,
  whyNow: z.array(TitledText).min(1).max(6),
  testimonials: z.array(Testimonial).min(1).max(20),
  screenshots: z
    .array(Screenshot)
    .length(6)
    .superRefine(uniqueBy((s) => s.src, 'screenshot')),
  showcase: z.object({ title: text(120), subtitle: text(300), bullets: z.array(text(160)).min(1).max(8) }),
  finalCta: z.object({ title: text(120), subtitle: text(300), primary: text(40), secondary: text(40) }),
  trustBadges: z.array(TrustBadge).superRefine(exactlyIds(TrustBadgeId.options, 'trust badge')),
  claims: LandingClaims,
});
export type LandingContent = z.infer<typeof LandingContent>;

export const LandingQuery = z.object({
  lang: z.enum(Language.options, { message: 'lang must be "en" or "hi"' }).default('en'),
});

/** Empty form fields count as not given. */
const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const ContactTopic = z.enum(['sales', 'support', 'other']);
export const ContactBody = z.object({
  name: Text('Name').trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: Email,
  phone: optionalField(Phone),
  gymName: optionalField(Text('Gym name').trim().max(100, 'Gym name must be at most 100 characters')),
  city: optionalField(Text('City').trim().max(100, 'City must be at most 100 characters')),
  message: Text('Message', { multiline: true }).trim().min(10, 'Message must be at least 10 characters').max(2000, 'Message must be at most 2000 characters'),
  topic: z.enum(ContactTopic.options, { message: 'Topic must be sales, support or other' }),
});
export type ContactBody = z.infer<typeof ContactBody>;

export const publicRoutes = {
  landing: route({
    method: 'GET',
    path: '/public/landing',
    query: LandingQuery,
    responses: { 200: ok(LandingContent), 400: Problem, 429: Problem },
    auth: false,
    summary: 'The public landing page’s content in English or Hindi.',
    description: 'Answered by the gateway itself from its content files; `cache-control: public, max-age=300` and an ETag.',
  }),
  contact: route({
    method: 'POST',
    path: '/public/contact',
    body: ContactBody,
    responses: { 201: z.object({ success: z.literal(true), data: z.object({ enquiryId: z.uuid() }), message: z.string() }), 400: Problem, 429: Problem },
    auth: false,
    summary: 'Send an enquiry from the public website’s contact form.',
    description: 'Stored by the auth service; at most 5 enquiries per address an hour (429 after that).',
  }),
} as const;
