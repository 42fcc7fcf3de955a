import { z } from 'zod';
import { ComplaintCategory, FeedbackPriority, FeedbackStatus, FeedbackType, MembershipType } from '../enums.ts';
import { ServiceExportQuery } from './data.ts';
import { ANY_ROLE, DateWithin, IdParams, IsoDateTime, ok, okMessage, Pagination, Problem, route, Text } from './route.ts';

/**
 * Feedback and surveys (spec part 2 "Feedback", §7 "Feedback and surveys"). A feedback ticket is event-sourced in the
 * feedback service; surveys are plain rows. Anonymous tickets never show their author to anyone but the author.
 */

/** The ten emoji of the Submit Feedback screen, in screen order. */
export const FEEDBACK_EMOJI = ['😀', '😊', '🙂', '😐', '😕', '😞', '😠', '😍', '🤩', '💪'] as const;
export const FeedbackEmoji = z.enum(FEEDBACK_EMOJI, { message: 'Choose one of the ten emoji' });
export type FeedbackEmoji = z.infer<typeof FeedbackEmoji>;
/** Days after resolving (or closing) during which the member may reopen their ticket. */
export const FEEDBACK_REOPEN_DAYS = 7;
/** Tickets a member may submit per rolling hour (anonymous ones included). */
export const FEEDBACK_RATE_LIMIT_PER_HOUR = 10;

const Person = z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const FeedbackResponse = z.object({
  message: z.string(),
  respondedBy: z.object({ firstName: z.string(), lastName: z.string() }),
  respondedAt: IsoDateTime,
});

/** A ticket as the API shows it. `member` is null for anonymous tickets (to everyone, the author included). */
export const Feedback = z.object({
  _id: z.uuid(),
  type: FeedbackType,
  rating: z.object({ overall: z.number().int().min(1).max(5) }),
  title: z.string(),
  description: z.string(),
  /** Complaints only (null otherwise). */
  complaintCategory: ComplaintCategory.nullable(),
  priority: FeedbackPriority.nullable(),
  isAnonymous: z.boolean(),
  emoji: FeedbackEmoji.nullable(),
  tags: z.array(z.string()),
  status: FeedbackStatus,
  locationId: z.uuid(),
  /** The author; null when anonymous. */
  member: Person.nullable(),
  /** The trainer the feedback is about (type trainer), or null. */
  trainer: Person.nullable(),
  assignedTo: Person.nullable(),
  /** The latest staff response (the spec's adminResponse); all of them are in `responses`. */
  adminResponse: FeedbackResponse.nullable(),
  responses: z.array(FeedbackResponse),
  /** True for the caller's own ticket (so the author sees their anonymous ticket as theirs). */
  isMine: z.boolean(),
  /** Until when the author may reopen it (resolved or closed tickets), else null. */
  reopenableUntil: IsoDateTime.nullable(),
  firstRespondedAt: IsoDateTime.nullable(),
  resolvedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  version: z.number().int(),
});
export type Feedback = z.infer<typeof Feedback>;

const nonBlank = (label: string, max: number, multiline = false) =>
  Text(label, { multiline }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const SubmitFeedbackBody = z
  .object({
    type: FeedbackType.default('general'),
    rating: z
      .object({
        overall: z.number({ message: 'Rating must be 1 to 5' }).int('Rating must be 1 to 5').min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5'),
      })
      .default({ overall: 5 }),
    title: nonBlank('Title', 120),
    description: nonBlank('Description', 2000, true),
    /** Sent only for complaints; defaults to other. */
    complaintCategory: ComplaintCategory.optional(),
    /** Sent only for complaints; defaults to medium. */
    priority: FeedbackPriority.optional(),
    isAnonymous: z.boolean().default(false),
    emoji: FeedbackEmoji.optional(),
    tags: z.array(Text('Tag').trim().min(1, 'Tag cannot be blank').max(30, 'A tag must be at most 30 characters')).max(10, 'At most 10 tags').default([]),
    /** Type trainer: the trainer it is about (defaults to the member's own trainer). */
    trainerId: z.uuid({ message: 'Not a valid trainer' }).optional(),
  })
  .refine((b) => b.type === 'complaint' || (b.complaintCategory === undefined && b.priority === undefined), {
    message: 'Complaint category and priority are only for complaints',
    path: ['complaintCategory'],
  });
export type SubmitFeedbackBody = z.input<typeof SubmitFeedbackBody>;

const optionalUuid = (label: string) => z.uuid({ message: `Not a valid ${label}` }).optional();
const FromTo = {
  from: DateWithin('From', '2026-04-01', { yearsBack: 5 }).optional(),
  to: DateWithin('To', '2026-04-30', { yearsBack: 5 }).optional(),
};

export const FeedbackListQuery = z.object({
  type: FeedbackType.optional(),
  status: FeedbackStatus.optional(),
  priority: FeedbackPriority.optional(),
  complaintCategory: ComplaintCategory.optional(),
  trainerId: optionalUuid('trainer'),
  locationId: optionalUuid('location'),
  assignedTo: optionalUuid('assignee'),
  rating: z.coerce.number().int().min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5').optional(),
  ...FromTo,
  search: Text('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const FeedbackList = z.object({ success: z.literal(true), data: z.array(Feedback), totalCount: z.number().int(), pagination: Pagination });

export const MyFeedbackQuery = z.object({
  status: FeedbackStatus.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** Staff move a ticket along (any forward step, or back to in_progress); the author may only reopen (status open) within the window. */
export const FeedbackStatusBody = z.object({
  status: FeedbackStatus,
  note: Text('Note', { multiline: true }).trim().max(500, 'Note must be at most 500 characters').optional(),
  expectedVersion: z.number().int().min(0).optional(),
});
export const RespondFeedbackBody = z.object({
  message: nonBlank('Response', 2000, true),
  /** Optionally move the ticket in the same step (e.g. respond and resolve). */
  status: FeedbackStatus.optional(),
});
export const AssignFeedbackBody = z.object({ assigneeId: z.uuid({ message: 'Choose a staff member' }).nullable() });

export const Assignee = z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string(), role: z.enum(['owner', 'admin']) });

export const FeedbackAnalyticsPeriod = z.enum(['7d', '30d', '90d', '365d']);
export type FeedbackAnalyticsPeriod = z.infer<typeof FeedbackAnalyticsPeriod>;
export const FeedbackAnalyticsQuery = z.object({
  period: FeedbackAnalyticsPeriod.default('30d'),
  type: FeedbackType.optional(),
  locationId: optionalUuid('location'),
});
export const TrainerScorecard = z.object({
  trainer: Person,
  average: z.number().min(0).max(5),
  count: z.number().int(),
  /** Average of the previous period of the same length (null when none). */
  previousAverage: z.number().nullable(),
  /** Count of ratings 1..5 (index 0 = one star). */
  distribution: z.array(z.number().int()).length(5),
  openComplaints: z.number().int(),
});
export const FeedbackAnalytics = z.object({
  period: FeedbackAnalyticsPeriod,
  from: IsoDateTime,
  to: IsoDateTime,
  total: z.number().int(),
  averageRating: z.number(),
  previousAverageRating: z.number().nullable(),
  /** One point per day (location calendar of the organization's first location; UTC day otherwise). */
  trend: z.array(z.object({ date: z.iso.date(), average: z.number().nullable(), count: z.number().int() })),
  ratingDistribution: z.array(z.number().int()).length(5),
  byType: z.array(z.object({ type: FeedbackType, count: z.number().int(), average: z.number() })),
  byCategory: z.array(z.object({ category: ComplaintCategory, count: z.number().int() })),
  byStatus: z.array(z.object({ status: FeedbackStatus, count: z.number().int() })),
  /** Hours from submission to the first staff response, over tickets answered in the period. */
  responseTime: z.object({
    averageHours: z.number().nullable(),
    medianHours: z.number().nullable(),
    responded: z.number().int(),
    unanswered: z.number().int(),
  }),
  /** Open (open or in_progress) complaints by age now: under 1 day, 1–3, 3–7, over 7 days, by priority. */
  openComplaintsByAge: z.array(
    z.object({
      bucket: z.enum(['lt1d', '1to3d', '3to7d', 'gt7d']),
      low: z.number().int(),
      medium: z.number().int(),
      high: z.number().int(),
      urgent: z.number().int(),
    }),
  ),
  trainerScorecards: z.array(TrainerScorecard),
  /** Most frequent words of recent comments (stop words removed), most frequent first. */
  wordFrequencies: z.array(z.object({ word: z.string(), count: z.number().int() })),
});
export type FeedbackAnalytics = z.infer<typeof FeedbackAnalytics>;

/* ---------- Surveys ---------- */

export const SurveyQuestionKind = z.enum(['rating', 'single', 'multiple', 'text', 'nps']);
export type SurveyQuestionKind = z.infer<typeof SurveyQuestionKind>;
export const SurveyType = z.enum(['satisfaction', 'facility', 'trainer', 'program', 'nps', 'general']);
export const SurveyQuestion = z.object({
  id: z.string().min(1).max(40),
  kind: SurveyQuestionKind,
  text: z.string(),
  required: z.boolean(),
  /** Choices of single and multiple questions (else empty). */
  options: z.array(z.string()),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;
export const SurveyAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('location'), locationId: z.uuid({ message: 'Not a valid location' }) }),
  /** A group of members: those of a membership type. */
  z.object({ kind: z.literal('group'), membershipType: MembershipType }),
]);
export type SurveyAudience = z.infer<typeof SurveyAudience>;

export const Survey = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  type: SurveyType,
  questions: z.array(SurveyQuestion),
  audience: SurveyAudience,
  startsOn: z.iso.date(),
  endsOn: z.iso.date(),
  isAnonymous: z.boolean(),
  /** Published (staff switch it on); members see it while active and today is within the period. */
  isActive: z.boolean(),
  /** Active and within its period today. */
  isOpen: z.boolean(),
  totalResponses: z.number().int(),
  /** For a member: whether they answered already. */
  hasResponded: z.boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Survey = z.infer<typeof Survey>;

const QuestionInput = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9_-]{1,40}$/, 'Question ids are 1–40 letters, digits, _ or -')
      .optional(),
    kind: SurveyQuestionKind,
    text: nonBlank('Question', 300),
    required: z.boolean().default(true),
    options: z.array(nonBlank('Option', 100)).max(12, 'At most 12 options').default([]),
  })
  .refine((q) => (q.kind === 'single' || q.kind === 'multiple' ? q.options.length >= 2 : q.options.length === 0), {
    message: 'Choice questions need at least two options; other questions none',
    path: ['options'],
  });
export const SurveyBody = z
  .object({
    title: nonBlank('Title', 120),
    description: Text('Description', { multiline: true }).trim().max(1000, 'Description must be at most 1000 characters').default(''),
    type: SurveyType.default('general'),
    questions: z.array(QuestionInput).min(1, 'Add at least one question').max(30, 'At most 30 questions'),
    audience: SurveyAudience.default({ kind: 'all' }),
    startsOn: DateWithin('Start date', '2026-04-01', { yearsBack: 1, yearsAhead: 1 }),
    endsOn: DateWithin('End date', '2026-04-30', { yearsBack: 1, yearsAhead: 2 }),
    isAnonymous: z.boolean().default(false),
    isActive: z.boolean().default(false),
  })
  .refine((b) => b.endsOn >= b.startsOn, { message: 'End date must be on or after the start date', path: ['endsOn'] });
export type SurveyBody = z.input<typeof SurveyBody>;

export const SurveyListQuery = z.object({
  isActive: z.enum(['true', 'false']).optional(),
  type: SurveyType.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const SurveyList = z.object({ success: z.literal(true), data: z.array(Survey), totalCount: z.number().int(), pagination: Pagination });

/** One answer per question id: rating 1–5, nps 0–10, single a choice, multiple choices, text. */
export const SurveyAnswer = z.union([
  z.number().int().min(0).max(10),
  Text('Answer', { multiline: true }).trim().max(1000, 'An answer must be at most 1000 characters'),
  z.array(Text('Choice').max(100)).max(12),
]);
export const SurveyRespondBody = z.object({ answers: z.record(z.string().max(40), SurveyAnswer) });
export const SurveyResponseView = z.object({
  _id: z.uuid(),
  /** null for anonymous surveys. */
  member: Person.nullable(),
  answers: z.record(z.string(), SurveyAnswer),
  submittedAt: IsoDateTime,
});
export const SurveyResponseList = z.object({
  success: z.literal(true),
  data: z.array(SurveyResponseView),
  totalCount: z.number().int(),
  pagination: Pagination,
});
export const SurveyQuestionResult = z.object({
  questionId: z.string(),
  kind: SurveyQuestionKind,
  text: z.string(),
  answered: z.number().int(),
  /** rating and nps. */
  average: z.number().nullable(),
  /** For rating 1..5, nps 0..10, choices in option order. */
  distribution: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** nps questions: promoters (9–10) minus detractors (0–6), in % of answers (−100..100). */
  nps: z.object({ score: z.number(), promoters: z.number().int(), passives: z.number().int(), detractors: z.number().int() }).nullable(),
  /** text questions: the latest answers (at most 20). */
  samples: z.array(z.string()),
});
export const SurveyAnalytics = z.object({
  survey: Survey,
  totalResponses: z.number().int(),
  /** Members in the audience now (the rate's denominator). */
  audienceSize: z.number().int(),
  questions: z.array(SurveyQuestionResult),
});
export type SurveyAnalytics = z.infer<typeof SurveyAnalytics>;

const STAFF = ['owner', 'admin'] as const;
const SurveyParams = IdParams;

export const feedbackRoutes = {
  submit: route({
    method: 'POST',
    path: '/feedback',
    body: SubmitFeedbackBody,
    responses: { 201: ok(Feedback), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 429: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Submit feedback (a complaint carries its category and priority); anonymous hides the author from staff.',
    description: `429 RATE_LIMITED after ${FEEDBACK_RATE_LIMIT_PER_HOUR} tickets in an hour by one person (anonymous included). 404 for a trainer not in the organization.`,
  }),
  list: route({
    method: 'GET',
    path: '/feedback',
    query: FeedbackListQuery,
    responses: { 200: FeedbackList, 400: Problem },
    auth: true,
    roles: STAFF,
    summary: 'The working queue: tickets of the caller’s locations, newest first, with filters and paging.',
  }),
  assignees: route({
    method: 'GET',
    path: '/feedback/assignees',
    responses: { 200: ok(z.array(Assignee)) },
    auth: true,
    roles: STAFF,
    summary: 'Staff (owners and admins) a ticket may be assigned to.',
  }),
  my: route({
    method: 'GET',
    path: '/feedback/my',
    query: MyFeedbackQuery,
    responses: { 200: FeedbackList, 400: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'The caller’s own tickets (anonymous ones included), newest first, with the staff response.',
  }),
  analytics: route({
    method: 'GET',
    path: '/feedback/analytics',
    query: FeedbackAnalyticsQuery,
    responses: { 200: ok(FeedbackAnalytics), 400: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Average rating and trend, volume by type and category, response time, open complaints by age, trainer scorecards, frequent words.',
  }),
  get: route({
    method: 'GET',
    path: '/feedback/:id',
    params: IdParams,
    responses: { 200: ok(Feedback), 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'One ticket: staff of its location, or its author (404 otherwise).',
  }),
  updateStatus: route({
    method: 'PUT',
    path: '/feedback/:id/status',
    params: IdParams,
    body: FeedbackStatusBody,
    responses: { 200: ok(Feedback), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Staff change the status; the author may reopen a resolved or closed ticket within 7 days.',
    description: '409 FEEDBACK_INVALID_TRANSITION for a step the workflow does not allow; 409 FEEDBACK_REOPEN_EXPIRED after the window.',
  }),
  respond: route({
    method: 'POST',
    path: '/feedback/:id/respond',
    params: IdParams,
    body: RespondFeedbackBody,
    responses: { 200: ok(Feedback), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Respond to a ticket (the author is notified); optionally change its status in the same step.',
  }),
  assign: route({
    method: 'POST',
    path: '/feedback/:id/assign',
    params: IdParams,
    body: AssignFeedbackBody,
    responses: { 200: ok(Feedback), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Assign a ticket to an owner or admin of the organization (null unassigns).',
  }),
  remove: route({
    method: 'DELETE',
    path: '/feedback/:id',
    params: IdParams,
    responses: { 200: okMessage, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Archive a ticket: gone from the lists and analytics, its history kept.',
  }),
  createSurvey: route({
    method: 'POST',
    path: '/feedback/surveys',
    body: SurveyBody,
    responses: { 201: ok(Survey), 400: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Build a survey: questions, audience and period; active makes it visible to members.',
  }),
  listSurveys: route({
    method: 'GET',
    path: '/feedback/surveys',
    query: SurveyListQuery,
    responses: { 200: SurveyList, 400: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Staff: every survey (filters). Others: the open surveys of their audience, with whether they answered.',
  }),
  getSurvey: route({
    method: 'GET',
    path: '/feedback/surveys/:id',
    params: SurveyParams,
    responses: { 200: ok(Survey), 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'One survey (members: only an open one of their audience).',
  }),
  updateSurvey: route({
    method: 'PUT',
    path: '/feedback/surveys/:id',
    params: SurveyParams,
    body: SurveyBody,
    responses: { 200: ok(Survey), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Edit a survey; its questions are fixed once it has answers (409 SURVEY_HAS_RESPONSES).',
  }),
  deleteSurvey: route({
    method: 'DELETE',
    path: '/feedback/surveys/:id',
    params: SurveyParams,
    responses: { 200: okMessage, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Remove a survey (archived with its answers).',
  }),
  respondSurvey: route({
    method: 'POST',
    path: '/feedback/surveys/:id/respond',
    params: SurveyParams,
    body: SurveyRespondBody,
    responses: { 201: okMessage, 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: ['member'],
    summary: 'Answer an open survey of the member’s audience, once (409 SURVEY_ALREADY_ANSWERED).',
  }),
  surveyResponses: route({
    method: 'GET',
    path: '/feedback/surveys/:id/responses',
    params: SurveyParams,
    query: z.object({ page: z.coerce.number().int().min(1).max(100000).default(1), limit: z.coerce.number().int().min(1).max(100).default(20) }),
    responses: { 200: SurveyResponseList, 400: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'The answers of a survey, newest first (no names for anonymous surveys).',
  }),
  surveyAnalytics: route({
    method: 'GET',
    path: '/feedback/surveys/:id/analytics',
    params: SurveyParams,
    responses: { 200: ok(SurveyAnalytics), 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Results per question: averages, distributions, NPS, sample text answers.',
  }),
  export: route({
    method: 'GET',
    path: '/feedback/export',
    query: ServiceExportQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner', 'admin', 'member'],
    summary: 'The organization’s feedback (staff; anonymous feedback without its author) or one’s own (a member), streamed.',
  }),
} as const;
