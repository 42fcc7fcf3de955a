import { z } from 'zod';
import { Email, Phone } from './auth.ts';
import { normalizeReferralCode } from './referrals.ts';
import { IdParams, IsoDate, IsoDateTime, ok, Pagination, Problem, route, Text } from './route.ts';

/**
 * The enquiries service (prefix /enquiries): the gym's leads. A lead is captured at the front desk (a walk-in or a phone
 * call) or by the gym's public enquiry form; a second enquiry with the same phone number in the organization joins the
 * first lead's timeline instead of making a new lead. Each lead moves through its location's pipeline (new → contacted →
 * trial booked → trial done → joined, or lost with a reason, and reopened), has an owner (a staff member), a timeline
 * and follow-ups. Owners and admins see their locations' leads; a trainer only the leads assigned to them; members
 * none. Every plan has it.
 */

export const LeadStage = z.enum(['new', 'contacted', 'trial_booked', 'trial_done', 'joined', 'lost']);
export type LeadStage = z.infer<typeof LeadStage>;
/** The stages a lead is moved to (lost has its own route with a reason). */
export const OpenLeadStage = z.enum(['new', 'contacted', 'trial_booked', 'trial_done', 'joined'], {
  message: 'Stage must be new, contacted, trial_booked, trial_done or joined',
});
export type OpenLeadStage = z.infer<typeof OpenLeadStage>;
export const LeadInterest = z.enum(['membership', 'personal_training', 'class'], { message: 'Interest must be membership, personal_training or class' });
export type LeadInterest = z.infer<typeof LeadInterest>;
export const LeadSource = z.enum(['walk_in', 'phone', 'website', 'instagram', 'google', 'referral', 'other'], {
  message: 'Source must be walk_in, phone, website, instagram, google, referral or other',
});
export type LeadSource = z.infer<typeof LeadSource>;
export const LostReason = z.enum(['price', 'distance', 'timing', 'joined_elsewhere', 'not_interested', 'other'], {
  message: 'Reason must be price, distance, timing, joined_elsewhere, not_interested or other',
});
export type LostReason = z.infer<typeof LostReason>;
export const FollowUpKind = z.enum(['call', 'whatsapp', 'visit'], { message: 'Follow-up must be call, whatsapp or visit' });
export type FollowUpKind = z.infer<typeof FollowUpKind>;
export const TimelineType = z.enum([
  'captured',
  'enquired_again',
  'edited',
  'stage_changed',
  'lost',
  'reopened',
  'assigned',
  'note',
  'follow_up_added',
  'follow_up_done',
  'trial_pass_issued',
  'trial_visit',
  'joined',
]);
export type TimelineType = z.infer<typeof TimelineType>;

/** The consent shown on the public enquiry form, in the language the visitor saw; recorded with the lead. */
export const ENQUIRY_CONSENT_TEXT = {
  en: 'I agree that this gym may contact me by phone, WhatsApp or email about my enquiry.',
  hi: 'मैं सहमत हूँ कि यह जिम मेरी पूछताछ के बारे में मुझसे फ़ोन, व्हाट्सऐप या ईमेल पर संपर्क कर सकता है।',
} as const;
/**
 * The optional offers-and-news box of the public enquiry form (unticked by default), with the gym's name, in the
 * language the visitor saw; its text is recorded with the lead and only it is marketing consent (the consent above is
 * to be contacted about the enquiry, nothing more).
 */
export const marketingConsentText = (language: 'en' | 'hi', gym: string): string =>
  language === 'hi'
    ? `मुझे ${gym} से ऑफ़र और खबरें व्हाट्सऐप, एसएमएस और ईमेल पर भेजें (कभी भी STOP लिखकर जवाब दें या अनसब्सक्राइब करें)`
    : `Send me offers and news from ${gym} on WhatsApp, SMS and email (reply STOP or unsubscribe any time)`;
/** What is recorded with a lead when staff tick "The person agreed to offers and news" on the walk-in/phone form. */
export const STAFF_MARKETING_CONSENT_TEXT = 'The person agreed to offers and news on WhatsApp, SMS and email (recorded by staff).';
/** At most this many public enquiries from one address an hour (429 after that). */
export const PUBLIC_ENQUIRIES_PER_HOUR = 5;

/** An Indian mobile number: 10 digits starting 6–9, with or without +91 / 0 in front (spaces and dashes allowed). */
export const LeadPhone = Phone.refine((v) => /^(?:\+?91|0)?[6-9]\d{9}$/.test(v.replace(/[\s()-]/g, '')), 'Enter a 10-digit Indian mobile number');
const Name = Text('Name').trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const PreferredTime = Text('Preferred time').trim().max(100, 'Preferred time must be at most 100 characters');
const Notes = Text('Notes', { multiline: true }).trim().max(2000, 'Notes must be at most 2000 characters');
const NoteText = Text('Note', { multiline: true }).trim().min(1, 'Note is required').max(2000, 'Note must be at most 2000 characters');
const Outcome = Text('Outcome', { multiline: true }).trim().min(1, 'Outcome is required').max(1000, 'Outcome must be at most 1000 characters');
const OptionalEmail = z.union([z.literal(''), Email]).transform((v) => (v === '' ? null : v));
const Uuid = (label: string) => z.uuid({ message: `${label} is not a valid id` });

export const FollowUp = z.object({
  id: z.uuid(),
  kind: FollowUpKind,
  dueAt: IsoDateTime,
  note: z.string(),
  /** The staff member who is to do it (the lead's owner when it was added, else who added it). */
  assigneeId: z.uuid().nullable(),
  doneAt: IsoDateTime.nullable(),
  outcome: z.string().nullable(),
});
export type FollowUp = z.infer<typeof FollowUp>;

export const TimelineEntry = z.object({
  at: IsoDateTime,
  type: TimelineType,
  /** Who did it; null for the public form. */
  actorId: z.uuid().nullable(),
  stage: LeadStage.nullable(),
  reason: LostReason.nullable(),
  source: LeadSource.nullable(),
  ownerId: z.uuid().nullable(),
  /** A note, an outcome, a follow-up's kind and note, an enquiry's own notes. */
  text: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** At most this many days a trial pass covers (the day it is issued counts as the first). */
export const TRIAL_PASS_MAX_DAYS = 7;

/**
 * A trial pass: the lead may visit its location from `validFrom` (when it was issued) until `validUntil` (midnight at
 * the location after the last day), both UTC. `code` is what the front desk types or the QR code carries.
 */
export const TrialPass = z.object({
  id: z.uuid(),
  code: z.string(),
  locationId: z.uuid(),
  days: z.number().int().min(1).max(TRIAL_PASS_MAX_DAYS),
  validFrom: IsoDateTime,
  validUntil: IsoDateTime,
  /** The last day it covers, in the location's calendar. */
  lastDay: IsoDate,
  issuedAt: IsoDateTime,
  /** Visits recorded by attendance with this pass. */
  visits: z.number().int().min(0),
});
export type TrialPass = z.infer<typeof TrialPass>;

export const Lead = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  interest: LeadInterest,
  source: LeadSource,
  preferredTime: z.string(),
  notes: z.string(),
  stage: LeadStage,
  lostReason: LostReason.nullable(),
  ownerId: z.uuid().nullable(),
  /** The owner's name ("First Last"); null when unassigned or not known to the service yet (the screen says "a colleague"). */
  ownerName: z.string().nullable(),
  /** The member this lead became (members' member.created naming the lead), once joined that way. */
  memberId: z.uuid().nullable(),
  /** How many enquiries this lead made (a second one with the same phone joins the first lead). */
  enquiries: z.number().int().min(1),
  /** The consent text the visitor agreed to on the public form, and when; null for a lead captured by staff. */
  consentText: z.string().nullable(),
  consentAt: IsoDateTime.nullable(),
  /**
   * The marketing consent (offers and news on WhatsApp, SMS and email) the person gave with an enquiry, as its text,
   * and when (the latest one); null when never given. Notifications keeps the consent itself (and later changes).
   */
  marketingConsentText: z.string().nullable(),
  marketingConsentAt: IsoDateTime.nullable(),
  /** The earliest follow-up not done yet. */
  nextFollowUpAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Lead = z.infer<typeof Lead>;

export const LeadDetail = Lead.extend({ timeline: z.array(TimelineEntry), followUps: z.array(FollowUp), trialPasses: z.array(TrialPass) });
export type LeadDetail = z.infer<typeof LeadDetail>;

export const LeadList = z.object({ success: z.literal(true), data: z.array(Lead), totalCount: z.number().int(), pagination: Pagination });
export type LeadList = z.infer<typeof LeadList>;

export const LeadsQuery = z.object({
  stage: LeadStage.optional(),
  ownerId: z.union([Uuid('Owner'), z.literal('none')]).optional(),
  source: LeadSource.optional(),
  locationId: Uuid('Location').optional(),
  search: Text('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type LeadsQuery = z.infer<typeof LeadsQuery>;

const LeadFields = {
  name: Name,
  phone: LeadPhone,
  email: OptionalEmail.optional(),
  interest: LeadInterest,
  preferredTime: PreferredTime.optional(),
  notes: Notes.optional(),
};

export const CreateLeadBody = z.object({
  locationId: Uuid('Location'),
  ...LeadFields,
  source: LeadSource,
  /** The staff member who owns the lead; the person capturing it when left out. */
  ownerId: Uuid('Owner').nullable().optional(),
  /** The referral code of the member who sent the lead (the source becomes referral). */
  referralCode: Text('Referral code')
    .refine((v) => normalizeReferralCode(v) !== null, 'A referral code is 8 letters and digits, such as 7K2M9QXA')
    .optional(),
  /** Staff ticked "The person agreed to offers and news": marketing consent on WhatsApp, SMS and email, recorded by them. */
  marketingConsent: z.boolean().optional(),
});
export type CreateLeadBody = z.infer<typeof CreateLeadBody>;

export const EditLeadBody = z
  .object({
    name: Name.optional(),
    phone: LeadPhone.optional(),
    email: OptionalEmail.optional(),
    interest: LeadInterest.optional(),
    source: LeadSource.optional(),
    preferredTime: PreferredTime.optional(),
    notes: Notes.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Change at least one field');
export type EditLeadBody = z.infer<typeof EditLeadBody>;

export const MoveStageBody = z.object({ stage: OpenLeadStage });
export const LoseLeadBody = z.object({ reason: LostReason, note: Notes.optional() });
export const AssignLeadBody = z.object({ ownerId: Uuid('Owner').nullable() });
export const AddNoteBody = z.object({ text: NoteText });
export const AddFollowUpBody = z.object({
  kind: FollowUpKind,
  /** The decider keeps it within a day back and a year ahead of the request; here only a sane year. */
  dueAt: IsoDateTime.refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 2000 && year <= 2100;
  }, 'Choose a date and time'),
  note: Notes.optional(),
});
export type AddFollowUpBody = z.infer<typeof AddFollowUpBody>;
export const CompleteFollowUpBody = z.object({ outcome: Outcome });
export const IssueTrialPassBody = z.object({
  days: z
    .number({ message: `Days must be a whole number from 1 to ${TRIAL_PASS_MAX_DAYS}` })
    .int(`Days must be a whole number from 1 to ${TRIAL_PASS_MAX_DAYS}`)
    .min(1, `Days must be a whole number from 1 to ${TRIAL_PASS_MAX_DAYS}`)
    .max(TRIAL_PASS_MAX_DAYS, `Days must be a whole number from 1 to ${TRIAL_PASS_MAX_DAYS}`),
});
export type IssueTrialPassBody = z.infer<typeof IssueTrialPassBody>;
export const FollowUpParams = z.object({ id: Uuid('Lead'), followUpId: Uuid('Follow-up') });

export const CaptureResult = z.object({
  /** null when the enquiry joined a lead the caller may not see (a trainer's, of a lead assigned to someone else). */
  lead: LeadDetail.nullable(),
  /** True when the phone number belonged to a lead already: this enquiry joined its timeline. */
  duplicate: z.boolean(),
});

export const TodayFollowUp = FollowUp.extend({
  leadId: z.uuid(),
  leadName: z.string(),
  leadPhone: z.string(),
  stage: LeadStage,
  locationId: z.uuid(),
  overdue: z.boolean(),
});
export type TodayFollowUp = z.infer<typeof TodayFollowUp>;

/** A location's public enquiry form: the code in its link /enquire/<code>, kept by this service. */
/** A staff member a lead can be given to (owners, admins and trainers the service knows), by name. */
export const LeadStaffMember = z.object({ id: z.uuid(), name: z.string() });
export type LeadStaffMember = z.infer<typeof LeadStaffMember>;

export const EnquiryFormLink = z.object({ locationId: z.uuid(), locationName: z.string(), code: z.string() });
export type EnquiryFormLink = z.infer<typeof EnquiryFormLink>;

export const PublicFormParams = z.object({ code: Text('Code').trim().min(4, 'Not a valid enquiry link').max(40, 'Not a valid enquiry link') });
export const PublicForm = z.object({
  locationName: z.string(),
  city: z.string(),
  consentText: z.object({ en: z.string(), hi: z.string() }),
  /** The optional offers-and-news box's text (marketingConsentText with the location's name). */
  marketingConsentText: z.object({ en: z.string(), hi: z.string() }),
});
export const PublicEnquiryBody = z.object({
  ...LeadFields,
  language: z.enum(['en', 'hi']).default('en'),
  consent: z.literal(true, { message: 'Please agree to be contacted' }),
  /** The optional offers-and-news box (unticked by default): marketing consent on WhatsApp, SMS and email. */
  marketingConsent: z.boolean().optional(),
  /** The `?ref=` of a member's referral link; one that is not a code is ignored (the enquiry is still taken). */
  ref: Text('Referral code').max(40, 'Not a valid referral code').optional(),
  /** A field hidden from people: a bot fills it. A filled one is answered 201 and stored nowhere. */
  website: Text('Website').max(500, 'Website must be at most 500 characters').optional(),
});
export type PublicEnquiryBody = z.infer<typeof PublicEnquiryBody>;

/** How the funnel report groups its leads: by source, by the staff member who owns them, by the month they enquired. */
export const FunnelBy = z.enum(['source', 'owner', 'month'], { message: 'Group by source, owner or month' });
export type FunnelBy = z.infer<typeof FunnelBy>;
/** At most this many days a funnel report covers (two years and a day). */
export const FUNNEL_MAX_DAYS = 731;
const ReportDate = (label: string) =>
  IsoDate.refine((v) => v >= '2000-01-01' && v <= '2100-12-31', `${label} must be a date such as 2030-03-01`).describe(
    `${label} (YYYY-MM-DD, the location's calendar)`,
  );
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
const FunnelQueryFields = z.object({
  /** One of the caller's locations; default every location the caller runs. */
  locationId: Uuid('Location').optional(),
  from: ReportDate('From'),
  to: ReportDate('To'),
  by: FunnelBy.default('source'),
});
const inRange = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((q) => q.to >= q.from, { message: 'To must be on or after From', path: ['to'] })
    .refine((q) => dayNumber(q.to) - dayNumber(q.from) < FUNNEL_MAX_DAYS, { message: `Choose at most ${FUNNEL_MAX_DAYS} days`, path: ['to'] });
export const FunnelQuery = inRange(FunnelQueryFields);
export type FunnelQuery = z.infer<typeof FunnelQuery>;
export const FunnelExportQuery = inRange(
  FunnelQueryFields.extend({ format: z.enum(['csv', 'json'], { message: 'Format must be csv or json' }).default('csv') }),
);
export type FunnelExportQuery = z.infer<typeof FunnelExportQuery>;

/**
 * One group of the funnel: the leads that enquired (were captured) between from and to, how many of them reached a
 * trial (trial booked or trial done, or were given a trial pass) and how many joined.
 */
export const FunnelFigures = z.object({
  enquiries: z.number().int().min(0),
  trials: z.number().int().min(0),
  joined: z.number().int().min(0),
  /** joined / enquiries × 100, rounded to one decimal; 0 when there were no enquiries. */
  conversionPct: z.number().min(0).max(100),
  /** The median of days from enquiry to joining over the joined leads, one decimal; null when none joined. */
  medianDaysToJoin: z.number().min(0).nullable(),
});
export type FunnelFigures = z.infer<typeof FunnelFigures>;
export const FunnelRow = FunnelFigures.extend({
  /** The source (walk_in…), the owner's id ('none' for unassigned leads) or the month (YYYY-MM). */
  key: z.string(),
  /** The key in English words, for the CSV (a screen translates the key itself). */
  label: z.string(),
});
export type FunnelRow = z.infer<typeof FunnelRow>;
export const FunnelReport = z.object({
  by: FunnelBy,
  from: IsoDate,
  to: IsoDate,
  rows: z.array(FunnelRow),
  totals: FunnelFigures,
  /** The leads of the range lost now, by reason, most first. */
  lostReasons: z.array(z.object({ reason: LostReason, count: z.number().int().min(1) })),
});
export type FunnelReport = z.infer<typeof FunnelReport>;

const STAFF = ['owner', 'admin', 'trainer'] as const;
const MANAGERS = ['owner', 'admin'] as const;
const refusals = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

/**
 * Live pushes over the notifications hub's socket: a lead of one of the staff member's locations (or one assigned to
 * them) changed. A thin ping, no lead data: the open board, list, lead and today's follow-ups read again, scoped by the
 * server as always. At most once, like every hub push: a screen reads again after a reconnect too.
 */
export const ENQUIRIES_SOCKET_EVENTS = {
  changed: 'enquiries:changed',
} as const;
export const EnquiriesChanged = z.object({ leadId: z.uuid(), locationId: z.uuid() });
export type EnquiriesChanged = z.infer<typeof EnquiriesChanged>;

export const enquiriesRoutes = {
  listLeads: route({
    method: 'GET',
    path: '/enquiries/leads',
    query: LeadsQuery,
    responses: { 200: LeadList, ...refusals },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'leads', access: 'read' },
    summary: "Leads, newest first: owners and admins see their locations' leads, a trainer the leads assigned to them.",
  }),
  createLead: route({
    method: 'POST',
    path: '/enquiries/leads',
    body: CreateLeadBody,
    responses: { 201: ok(CaptureResult), ...refusals },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'leads', access: 'write' },
    summary: 'Captures a walk-in or phone enquiry; a phone number the organization knows joins that lead instead (duplicate: true).',
  }),
  getLead: route({
    method: 'GET',
    path: '/enquiries/leads/:id',
    params: IdParams,
    responses: { 200: ok(LeadDetail), ...refusals },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'leads', access: 'read' },
    summary: 'One lead with its timeline and follow-ups.',
  }),
  editLead: route({
    method: 'PATCH',
    path: '/enquiries/leads/:id',
    params: IdParams,
    body: EditLeadBody,
    responses: { 200: ok(LeadDetail), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: "Changes a lead's details; a phone number of another lead is refused (409).",
  }),
  moveStage: route({
    method: 'POST',
    path: '/enquiries/leads/:id/stage',
    params: IdParams,
    body: MoveStageBody,
    responses: { 200: ok(LeadDetail), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Moves a lead to another stage of the pipeline (a lost lead is reopened first).',
  }),
  loseLead: route({
    method: 'POST',
    path: '/enquiries/leads/:id/lose',
    params: IdParams,
    body: LoseLeadBody,
    responses: { 200: ok(LeadDetail), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Marks a lead lost, with a reason.',
  }),
  reopenLead: route({
    method: 'POST',
    path: '/enquiries/leads/:id/reopen',
    params: IdParams,
    responses: { 200: ok(LeadDetail), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Reopens a lost lead at the stage it was lost from.',
  }),
  assignLead: route({
    method: 'POST',
    path: '/enquiries/leads/:id/owner',
    params: IdParams,
    body: AssignLeadBody,
    responses: { 200: ok(LeadDetail), ...refusals, 409: Problem },
    auth: true,
    roles: MANAGERS,
    summary: 'Gives a lead to a staff member of the organization (another organization’s or an unknown id: 404), or to nobody.',
  }),
  staff: route({
    method: 'GET',
    path: '/enquiries/staff',
    responses: { 200: ok(z.array(LeadStaffMember)), 401: Problem, 403: Problem },
    auth: true,
    roles: MANAGERS,
    summary: "The organization's staff by name, whom a lead can be given to (owners, admins and trainers; a new one once auth has announced them).",
  }),
  addNote: route({
    method: 'POST',
    path: '/enquiries/leads/:id/notes',
    params: IdParams,
    body: AddNoteBody,
    responses: { 200: ok(LeadDetail), ...refusals },
    auth: true,
    roles: STAFF,
    summary: "Adds a note to a lead's timeline.",
  }),
  addFollowUp: route({
    method: 'POST',
    path: '/enquiries/leads/:id/follow-ups',
    params: IdParams,
    body: AddFollowUpBody,
    responses: { 200: ok(LeadDetail), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Plans a follow-up (call, WhatsApp, visit) due at a time; it is the lead owner’s to do.',
  }),
  completeFollowUp: route({
    method: 'POST',
    path: '/enquiries/leads/:id/follow-ups/:followUpId/done',
    params: FollowUpParams,
    body: CompleteFollowUpBody,
    responses: { 200: ok(LeadDetail), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Marks a follow-up done with its outcome.',
  }),
  issueTrialPass: route({
    method: 'POST',
    path: '/enquiries/leads/:id/trial-pass',
    params: IdParams,
    body: IssueTrialPassBody,
    responses: { 200: ok(LeadDetail), ...refusals, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: "Issues the lead a trial pass for 1–7 days at the lead's location (a code for the front desk and its QR); the lead moves to trial booked.",
    description: 'Refused (409) for a lost or joined lead and while another pass of the lead is still valid.',
  }),
  todayFollowUps: route({
    method: 'GET',
    path: '/enquiries/follow-ups/today',
    responses: { 200: ok(z.array(TodayFollowUp)), 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: "The caller's follow-ups not done and due by the end of today (the location's day), overdue first.",
  }),
  formLinks: route({
    method: 'POST',
    path: '/enquiries/form-links',
    responses: { 200: ok(z.array(EnquiryFormLink)), 401: Problem, 403: Problem },
    auth: true,
    roles: MANAGERS,
    summary: "Each of the caller's locations with the code of its public enquiry form (/enquire/<code>), made for a location that has none yet.",
  }),
  myFormLinks: route({
    method: 'POST',
    path: '/enquiries/form-links/mine',
    responses: { 200: ok(z.array(EnquiryFormLink)), 401: Problem, 403: Problem },
    auth: true,
    roles: ['member'],
    summary: "A member's location's public enquiry form, for their referral link (/enquire/<code>?ref=<their code>).",
  }),
  funnelReport: route({
    method: 'GET',
    path: '/enquiries/reports/funnel',
    query: FunnelQuery,
    responses: { 200: ok(FunnelReport), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: MANAGERS,
    apiScope: { area: 'reports', access: 'read' },
    summary:
      "The enquiry funnel of a date range (enquiries → trials → joined, conversion, median days to join) by source, owner or month, and the lost leads' reasons.",
    description: "Leads counted by the day they enquired in their location's calendar; an admin sees only their locations.",
  }),
  funnelExport: route({
    method: 'GET',
    path: '/enquiries/reports/funnel/export',
    query: FunnelExportQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: MANAGERS,
    summary: 'The funnel report as a CSV (or JSON) file download: one line per group and a Total line.',
    description: 'Content-Type text/csv or application/json with Content-Disposition attachment; filename="enquiry-funnel-<by>-<from>-<to>.<ext>".',
  }),
  publicForm: route({
    method: 'GET',
    path: '/enquiries/public/:code',
    params: PublicFormParams,
    responses: { 200: ok(PublicForm), 400: Problem, 404: Problem },
    auth: false,
    summary: 'What the public enquiry form shows: the location and the consent text.',
  }),
  publicEnquiry: route({
    method: 'POST',
    path: '/enquiries/public/:code',
    params: PublicFormParams,
    body: PublicEnquiryBody,
    responses: { 201: z.object({ success: z.literal(true), message: z.string() }), 400: Problem, 404: Problem, 429: Problem },
    auth: false,
    summary: "The gym's public enquiry form: no sign-in, at most 5 an hour per address (429), the consent recorded with the lead.",
  }),
} as const;
