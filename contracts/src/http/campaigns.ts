import { z } from 'zod';
import { Gender, MembershipStatus, STAFF_ROLES } from '../enums.ts';
import { LeadSource, LeadStage } from './enquiries.ts';
import { DateWithin, IdParams, IsoDate, IsoDateTime, ok, Pagination, Problem, route, Text } from './route.ts';

/**
 * Campaigns (notifications service, prefix /notifications/campaigns): a message from a template (WhatsApp, SMS or
 * email; see the templates routes in audience.ts) sent to a segment of the gym's members or leads, now or at a local
 * time, spread at a rate, with a per-recipient delivery status and a report. Owners (any location of the organization)
 * and admins (only the locations they run) use it; trainers and members get 403.
 *
 * Consent: a MARKETING template goes only to people whose marketing consent for the channel is recorded (granted);
 * a UTILITY template follows the member's notification preferences and messaging consent. Whoever cannot be reached
 * (no consent, no phone/email) is skipped and counted, never messaged.
 */

export const CampaignChannel = z.enum(['whatsapp', 'sms', 'email'], { message: 'Channel must be whatsapp, sms or email' });
export type CampaignChannel = z.infer<typeof CampaignChannel>;
/** A template's category (WhatsApp's): marketing needs marketing consent; utility is a service message. */
export const MessagePurpose = z.enum(['marketing', 'utility'], { message: 'Purpose must be marketing or utility' });
export type MessagePurpose = z.infer<typeof MessagePurpose>;

/** Age bands (years, in the member's location's calendar today); only members whose date of birth is recorded match one. */
export const AgeBand = z.enum(['under_18', '18_24', '25_34', '35_44', '45_54', '55_plus'], {
  message: 'Age band must be under_18, 18_24, 25_34, 35_44, 45_54 or 55_plus',
});
export type AgeBand = z.infer<typeof AgeBand>;

const Days = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number of days` })
    .int(`${label} must be a whole number of days`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const LocationIds = z.array(z.uuid({ message: 'Not a valid location id' })).max(100, 'At most 100 locations');

/**
 * A segment of MEMBERS. Every criterion given narrows it (AND); a list matches any of its values (OR); an empty list or
 * an absent field does not filter. Days are counted in each member's location's calendar.
 * - `locationIds`: empty → every location the caller may reach (an owner: the organization; an admin: their locations).
 * - `statuses`: membership status (active, expired, …); archived members are never included.
 * - `planIds`: the membership plan's id.
 * - `expiringWithinDays` N: an end date from today to today + N (0: ending today).
 * - `expiredWithinDays` N: an end date from today − N to yesterday.
 * - `noVisitInDays` N: no check-in in the last N days (never checked in counts as no visit).
 * - `birthdayThisWeek`: the birthday (day and month) falls in this calendar week, Monday to Sunday.
 * - `genders`, `ageBands`: only members who have them recorded match.
 */
export const MemberSegment = z
  .object({
    audience: z.literal('members'),
    locationIds: LocationIds.default([]),
    statuses: z.array(MembershipStatus).max(10).default([]),
    planIds: z.array(Text('Plan').trim().min(1, 'Plan is required').max(100, 'Plan must be at most 100 characters')).max(50, 'At most 50 plans').default([]),
    expiringWithinDays: Days('Expiring within', 0, 365).optional(),
    expiredWithinDays: Days('Expired within', 1, 3650).optional(),
    noVisitInDays: Days('No visit in', 1, 3650).optional(),
    birthdayThisWeek: z.boolean().default(false),
    genders: z.array(Gender).max(3).default([]),
    ageBands: z.array(AgeBand).max(6).default([]),
  })
  .strict();
export type MemberSegment = z.infer<typeof MemberSegment>;

/** A segment of LEADS (enquiries): by location, pipeline stage and source (empty lists do not filter). */
export const LeadSegment = z
  .object({
    audience: z.literal('leads'),
    locationIds: LocationIds.default([]),
    stages: z.array(LeadStage).max(6).default([]),
    sources: z.array(LeadSource).max(7).default([]),
  })
  .strict();
export type LeadSegment = z.infer<typeof LeadSegment>;

/** Who a campaign goes to: members or leads (never both), by `audience`. */
export const Segment = z.discriminatedUnion('audience', [MemberSegment, LeadSegment], { message: 'Audience must be members or leads' });
export type Segment = z.infer<typeof Segment>;

/** How many a segment has and how many of them the channel can reach. */
export const SegmentCount = z.object({
  /** People in the segment (within the caller's locations). */
  total: z.number().int().min(0),
  /** Those the message would go to: an address for the channel and, for marketing, consent for it. */
  reachable: z.number().int().min(0),
  /** In the segment but without marketing consent for the channel (marketing only; 0 for utility). */
  noConsent: z.number().int().min(0),
  /** In the segment, consent or not needed, but without a phone (WhatsApp, SMS) or email (email). */
  noAddress: z.number().int().min(0),
});
export type SegmentCount = z.infer<typeof SegmentCount>;

export const SegmentCountBody = z
  .object({
    segment: Segment,
    channel: CampaignChannel,
    /** marketing (default) counts only people with marketing consent for the channel as reachable. */
    purpose: MessagePurpose.default('marketing'),
  })
  .strict();
export type SegmentCountBody = z.infer<typeof SegmentCountBody>;

const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour), e.g. 18:30');

/** The highest rate a campaign may ask for (messages per minute). */
export const MAX_CAMPAIGN_RATE = 100_000;
export const DEFAULT_CAMPAIGN_RATE = 600;

export const CreateCampaignBody = z
  .object({
    name: Text('Name').trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
    segment: Segment,
    channel: CampaignChannel,
    /** A template of the organization on the same channel (audience.ts); its category makes the campaign marketing or utility. */
    templateId: z.uuid({ message: 'Choose a template' }),
    /**
     * When to send: absent → now. A local date and time in the time zone of the segment's first location (else the
     * organization's first location); it must not be in the past (a minute of slack) nor more than a year ahead.
     */
    sendAt: z
      .object({ date: DateWithin('Send date', '2026-12-01', { yearsBack: 1, yearsAhead: 1 }), time: LocalTime })
      .strict()
      .optional(),
    /** Messages per minute the campaign is sent at (the provider's tier, or to spread replies over the day). */
    ratePerMinute: z
      .number({ message: 'Rate must be a number of messages per minute' })
      .int('Rate must be a whole number')
      .min(1, 'Rate must be at least 1 message a minute')
      .max(MAX_CAMPAIGN_RATE, `Rate must be at most ${MAX_CAMPAIGN_RATE} messages a minute`)
      .default(DEFAULT_CAMPAIGN_RATE),
  })
  .strict();
export type CreateCampaignBody = z.infer<typeof CreateCampaignBody>;

/**
 * scheduled (waiting for its time) → sending (recipients resolved and queued; the sender works through them) →
 * completed (nothing left queued). cancelled: stopped before its time (nothing was sent) or while sending (what was
 * still queued is not sent).
 */
export const CampaignStatus = z.enum(['scheduled', 'sending', 'completed', 'cancelled']);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/** Per-recipient delivery status: queued → sent (the provider took it) → delivered → read, or failed with the provider's reason. */
export const OutboundStatus = z.enum(['queued', 'sent', 'delivered', 'read', 'failed']);
export type OutboundStatus = z.infer<typeof OutboundStatus>;

export const CampaignCounts = z.object({
  /** Recipients queued (one per reachable person when the campaign started sending; 0 while scheduled). */
  recipients: z.number().int().min(0),
  queued: z.number().int().min(0),
  sent: z.number().int().min(0),
  delivered: z.number().int().min(0),
  read: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** Cancelled before they went out. */
  cancelled: z.number().int().min(0),
  /** In the segment when it started sending but skipped: no marketing consent for the channel. */
  skippedNoConsent: z.number().int().min(0),
  /** Skipped: no phone (WhatsApp, SMS) or email (email). */
  skippedNoAddress: z.number().int().min(0),
});
export type CampaignCounts = z.infer<typeof CampaignCounts>;

export const Campaign = z.object({
  _id: z.uuid(),
  name: z.string(),
  segment: Segment,
  channel: CampaignChannel,
  templateId: z.uuid(),
  templateName: z.string(),
  purpose: MessagePurpose,
  status: CampaignStatus,
  /** When it starts (UTC); for "now", the moment it was created. */
  scheduledAt: IsoDateTime,
  /** The local date and time asked for, and the time zone they were read in; null for "now". */
  sendAt: z.object({ date: IsoDate, time: z.string(), timeZone: z.string() }).nullable(),
  ratePerMinute: z.number().int().min(1),
  counts: CampaignCounts,
  createdBy: z.object({ id: z.uuid(), name: z.string() }),
  createdAt: IsoDateTime,
  startedAt: IsoDateTime.nullable(),
  completedAt: IsoDateTime.nullable(),
  cancelledAt: IsoDateTime.nullable(),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignListQuery = z.object({
  status: CampaignStatus.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const CampaignList = z.object({
  success: z.literal(true),
  data: z.object({ campaigns: z.array(Campaign) }),
  totalCount: z.number().int(),
  pagination: Pagination,
});

/** One person a campaign went (or failed to go) to. */
export const CampaignRecipient = z.object({
  personId: z.uuid(),
  audience: z.enum(['members', 'leads']),
  name: z.string(),
  /** The phone number or email address it went to. */
  address: z.string(),
  status: OutboundStatus.or(z.literal('cancelled')),
  /** The provider's reason when failed (e.g. "WhatsApp API 400: (#131026) Message undeliverable"), else null. */
  reason: z.string().nullable(),
  sentAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime,
});
export type CampaignRecipient = z.infer<typeof CampaignRecipient>;

export const CampaignRecipientsQuery = z.object({
  /** Default failed: the people it failed for. */
  status: OutboundStatus.or(z.literal('cancelled')).default('failed'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const CampaignRecipientList = z.object({
  success: z.literal(true),
  data: z.object({ recipients: z.array(CampaignRecipient) }),
  totalCount: z.number().int(),
  pagination: Pagination,
});

const p = '/notifications/campaigns';
export const campaignRoutes = {
  countSegment: route({
    method: 'POST',
    path: `${p}/segments/count`,
    body: SegmentCountBody,
    responses: { 200: ok(SegmentCount), 400: Problem, 404: Problem },
    auth: true,
    roles: STAFF_ROLES,
    allowReadOnly: true,
    summary: 'The live count of a segment, and how many of them the channel can reach (consent for marketing, a phone or email).',
    description: 'Within the caller’s organization; an admin’s segment covers only the locations they run (another location: 404). Writes nothing.',
  }),
  create: route({
    method: 'POST',
    path: p,
    body: CreateCampaignBody,
    responses: { 201: ok(Campaign), 400: Problem, 404: Problem },
    auth: true,
    roles: STAFF_ROLES,
    summary: 'Create a campaign: a template to a segment on a channel, now or at a local time, at a rate.',
    description:
      'Sent now, the recipients are resolved and queued at once (those without consent or address skipped and counted). ' +
      'A template of another organization, another channel or archived: 404; a time in the past: 400.',
  }),
  list: route({
    method: 'GET',
    path: p,
    query: CampaignListQuery,
    responses: { 200: CampaignList, 400: Problem },
    auth: true,
    roles: STAFF_ROLES,
    summary: 'The organization’s campaigns, newest first, with their counts (an admin: those within their locations).',
  }),
  get: route({
    method: 'GET',
    path: `${p}/:id`,
    params: IdParams,
    responses: { 200: ok(Campaign), 400: Problem, 404: Problem },
    auth: true,
    roles: STAFF_ROLES,
    summary: 'One campaign with its counts per status (its report).',
  }),
  cancel: route({
    method: 'POST',
    path: `${p}/:id/cancel`,
    params: IdParams,
    responses: { 200: ok(Campaign), 400: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF_ROLES,
    summary: 'Cancel a scheduled campaign (nothing is sent), or stop a sending one (what is still queued is not sent).',
    description: 'A completed or already cancelled campaign: 409.',
  }),
  recipients: route({
    method: 'GET',
    path: `${p}/:id/recipients`,
    params: IdParams,
    query: CampaignRecipientsQuery,
    responses: { 200: CampaignRecipientList, 400: Problem, 404: Problem },
    auth: true,
    roles: STAFF_ROLES,
    summary: 'The people of a campaign in one status, paged (default: those it failed for, with the provider’s reason).',
  }),
} as const;
