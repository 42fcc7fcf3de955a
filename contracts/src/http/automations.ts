import { z } from 'zod';
import { IdParams, IsoDateTime, ok, PageQuery, Pagination, Problem, route, Text } from './route.ts';

/**
 * Automations (issue 27), owned by notifications (prefix /notifications/automations): rules a gym's owner makes —
 * WHEN something happens to a person (trigger), optionally WAIT, then IF the conditions still hold, DO the actions.
 *
 * - Every gym has built-in rules (`builtin` set), made the first time the organization is seen: the renewal reminder 7
 *   days and 1 day before a membership ends, the overdue reminder 1, 3 and 7 days after a payment was due, the welcome
 *   message on joining, and the birthday greeting. They can be edited and paused, never deleted (409 BUILTIN_RULE).
 * - A rule reaches a person at most ONCE per occurrence: the membership's end date, the payment (one run per rule and
 *   payment), the birthday's year, the joining, the lead, the last visit's day, the class. A run is written when the
 *   trigger matches (status `waiting` until its wait is over) and done in one transaction with its messages, so a sweep
 *   stopped half-way and run again reaches nobody twice.
 * - At send time the run checks again: the rule still active and the person still in its locations and plans, and
 *   (`conditions.stillTrue`) the trigger still true — renewed meanwhile, paid meanwhile, visited meanwhile → skipped,
 *   with the reason in the run log.
 * - Triggers are checked by a sweep every few minutes against this service's copies of members, payments, leads and
 *   visits (in the location's calendar); "N days" matches on that day and, if the sweep could not run, up to 2 days
 *   late (a payment 5 days overdue gets the 3-day reminder, not the 1-day one).
 * - "Create a follow-up" is a lead's (enquiries keeps follow-ups on leads only): notifications publishes
 *   notifications.follow_up_requested with the run's follow-up id and enquiries adds it to the lead once, for its owner.
 * - "Follow-up overdue" is a lead's too: this service keeps a copy of enquiries' follow-ups (lead_changed's followUp);
 *   one still not done `hours` after its due time matches once (the follow-up is the occurrence), and at send time,
 *   with `stillTrue`, one done meanwhile is skipped.
 *
 * Who: owners (every rule) and admins. An admin sees the organization-wide rules and the rules of their locations, and
 * changes only rules scoped to locations all of which they run (`locationIds` not empty); anything else is 403.
 */

/** What starts a rule for a person. `days` is counted in the location's calendar. */
export const AutomationTrigger = z.discriminatedUnion(
  'type',
  [
    /** A member's membership ends in `days` days (active members). Occurrence: the end date. */
    z.object({ type: z.literal('membership_expiring'), days: z.number().int().min(1, 'Days must be 1 to 90').max(90, 'Days must be 1 to 90') }),
    /** A member's membership has ended (the day after the end date). Occurrence: the end date. */
    z.object({ type: z.literal('membership_expired') }),
    /** A member's payment is still unpaid `days` days after its due date. Occurrence: the payment. */
    z.object({ type: z.literal('payment_overdue'), days: z.number().int().min(1, 'Days must be 1 to 90').max(90, 'Days must be 1 to 90') }),
    /** An active member has not checked in for `days` days (since joining, if never). Occurrence: the last visit's day. */
    z.object({ type: z.literal('no_visit'), days: z.number().int().min(3, 'Days must be 3 to 365').max(365, 'Days must be 3 to 365') }),
    /** A member's birthday (recorded date of birth; 29 February on 28 February in other years). Occurrence: the year. */
    z.object({ type: z.literal('birthday') }),
    /** A member joined (registered). Occurrence: the member. Only members who join after the rule was made. */
    z.object({ type: z.literal('member_joined') }),
    /** A new lead (enquiry). Occurrence: the lead. Only leads captured after the rule was made. */
    z.object({ type: z.literal('lead_created') }),
    /** A booked member did not come to a class (scheduling's class_closed). Occurrence: the class. */
    z.object({ type: z.literal('class_no_show') }),
    /** A lead's follow-up still not done `hours` after its due time. Occurrence: the follow-up. */
    z.object({
      type: z.literal('follow_up_overdue'),
      hours: z.number().int().min(1, 'Hours must be 1 to 168').max(168, 'Hours must be 1 to 168'),
    }),
  ],
  { message: 'Choose a trigger' },
);
export type AutomationTrigger = z.infer<typeof AutomationTrigger>;
export const AutomationTriggerType = z.enum([
  'membership_expiring',
  'membership_expired',
  'payment_overdue',
  'no_visit',
  'birthday',
  'member_joined',
  'lead_created',
  'class_no_show',
  'follow_up_overdue',
]);
export type AutomationTriggerType = z.infer<typeof AutomationTriggerType>;
/** Triggers about a lead (no account: only staff can be told, or an org template sent); the others are about a member. */
export const LEAD_TRIGGERS: readonly AutomationTriggerType[] = ['lead_created', 'follow_up_overdue'];

/** How long after the trigger the actions run (none: at once). At most 30 days. */
export const AutomationWait = z
  .object({
    amount: z.number().int().min(1, 'Wait must be at least 1'),
    unit: z.enum(['hours', 'days'], { message: 'Wait unit must be hours or days' }),
  })
  .refine((w) => (w.unit === 'hours' ? w.amount <= 720 : w.amount <= 30), { message: 'Wait must be at most 30 days (720 hours)' });
export type AutomationWait = z.infer<typeof AutomationWait>;

export const AutomationConditions = z.object({
  /** Only members on one of these plans (members' plan ids); empty: any plan. Checked at send time. */
  planIds: z.array(Text('Plan').trim().min(1, 'Plan is required').max(100)).max(50, 'At most 50 plans').default([]),
  /** Check at send time that the trigger still holds (not renewed, still unpaid, still not visited…); default on. */
  stillTrue: z.boolean().default(true),
});
export type AutomationConditions = z.infer<typeof AutomationConditions>;

/**
 * The built-in message texts a rule can send a MEMBER (the app's own texts, en + hi): in-app, and email/WhatsApp by the
 * member's notification preferences and consent, WhatsApp as the approved template in the member's language. Each
 * fits the triggers in MESSAGE_TRIGGERS (its words name what the trigger knows: the end date, the amount due…).
 */
export const AutomationMessage = z.enum(['renewal_reminder', 'membership_expired', 'overdue_reminder', 'welcome', 'birthday', 'we_miss_you', 'class_missed'], {
  message: 'Choose a message',
});
export type AutomationMessage = z.infer<typeof AutomationMessage>;
export const MESSAGE_TRIGGERS: Readonly<Record<AutomationMessage, readonly AutomationTriggerType[]>> = {
  renewal_reminder: ['membership_expiring'],
  membership_expired: ['membership_expired'],
  overdue_reminder: ['payment_overdue'],
  welcome: ['member_joined'],
  birthday: ['birthday'],
  we_miss_you: ['no_visit'],
  class_missed: ['class_no_show'],
};

export const AutomationAction = z.discriminatedUnion(
  'type',
  [
    /** Send the member one of the built-in texts (member triggers only; the text must fit the trigger). */
    z.object({ type: z.literal('send_message'), message: AutomationMessage }),
    /**
     * Send one of the organization's own templates (Templates screen; its channel, language and category are the
     * template's) through the campaigns' outbound pipeline: a marketing template only to people with marketing
     * consent for its channel, a utility one by their notification preferences.
     */
    z.object({ type: z.literal('send_template'), templateId: z.uuid({ message: 'Choose a template' }) }),
    /** Tell the owners and the admins of the person's location (in-app, and by their own preferences). */
    z.object({ type: z.literal('notify_staff') }),
    /** A follow-up on the lead for its owner, due `dueInHours` after the action (lead triggers only). */
    z.object({
      type: z.literal('create_follow_up'),
      kind: z.enum(['call', 'whatsapp', 'visit'], { message: 'Follow-up must be call, whatsapp or visit' }),
      dueInHours: z.number().int().min(0, 'Due in 0 to 720 hours').max(720, 'Due in 0 to 720 hours').default(24),
      note: Text('Note').trim().max(200, 'Note must be at most 200 characters').default(''),
    }),
  ],
  { message: 'Choose an action' },
);
export type AutomationAction = z.infer<typeof AutomationAction>;

/** The keys of the built-in rules (one each per organization). */
export const BuiltinAutomation = z.enum(['renewal_7d', 'renewal_1d', 'overdue_1d', 'overdue_3d', 'overdue_7d', 'welcome', 'birthday']);
export type BuiltinAutomation = z.infer<typeof BuiltinAutomation>;

export const AutomationStatus = z.enum(['active', 'paused']);
export type AutomationStatus = z.infer<typeof AutomationStatus>;

export const AutomationRule = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** Set for a built-in rule (editable and pausable, not deletable). */
  builtin: BuiltinAutomation.nullable(),
  status: AutomationStatus,
  trigger: AutomationTrigger,
  wait: AutomationWait.nullable(),
  conditions: AutomationConditions,
  /** The locations whose people it reaches; empty: every location of the organization. */
  locationIds: z.array(z.uuid()),
  actions: z.array(AutomationAction),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** Its runs so far: done (reached), skipped, waiting; when the last one was done. */
  stats: z.object({ done: z.number().int(), skipped: z.number().int(), waiting: z.number().int(), lastRunAt: IsoDateTime.nullable() }),
});
export type AutomationRule = z.infer<typeof AutomationRule>;

export const AutomationBody = z.object({
  name: Text('Name').trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  trigger: AutomationTrigger,
  wait: AutomationWait.nullable().default(null),
  conditions: AutomationConditions.default({ planIds: [], stillTrue: true }),
  locationIds: z
    .array(z.uuid({ message: 'Not a valid location' }))
    .max(100)
    .default([]),
  actions: z.array(AutomationAction).min(1, 'Add at least one action').max(5, 'At most 5 actions'),
  /** Create paused (default: active at once). */
  status: AutomationStatus.default('active'),
});
export type AutomationBody = z.infer<typeof AutomationBody>;
export type AutomationBodyInput = z.input<typeof AutomationBody>;

/**
 * Why a run did not (fully) happen, shown in the run log: the trigger no longer held at send time, the person left the
 * rule's plans or locations, the rule was paused or deleted before the wait was over, the person is gone (erased,
 * archived), the member turned these messages off, no way to reach them (no phone, no consent), or the template is
 * archived or not approved.
 */
export const AutomationSkipReason = z.enum([
  'no_longer_true',
  'plan_mismatch',
  'location_mismatch',
  'rule_paused',
  'rule_deleted',
  'person_gone',
  'preferences_off',
  'no_contact',
  'template_unavailable',
  'not_for_leads',
  'leads_only',
]);
export type AutomationSkipReason = z.infer<typeof AutomationSkipReason>;

export const AutomationRunStatus = z.enum(['waiting', 'done', 'skipped']);
export type AutomationRunStatus = z.infer<typeof AutomationRunStatus>;

export const AutomationRun = z.object({
  _id: z.uuid(),
  ruleId: z.uuid(),
  person: z.object({ id: z.uuid(), kind: z.enum(['member', 'lead']), name: z.string() }),
  /** What it was about, as the rule counts once: an end date, a payment id, a year, a class id… */
  occurrence: z.string(),
  status: AutomationRunStatus,
  reason: AutomationSkipReason.nullable(),
  /** When the trigger matched, and when the actions are (were) due. */
  triggeredAt: IsoDateTime,
  dueAt: IsoDateTime,
  doneAt: IsoDateTime.nullable(),
  /** What each action did: sent (notification written, follow-up asked of enquiries), queued (template in the outbound pipeline), skipped with why. */
  actions: z.array(
    z.object({
      type: z.enum(['send_message', 'send_template', 'notify_staff', 'create_follow_up']),
      result: z.enum(['sent', 'queued', 'skipped']),
      reason: AutomationSkipReason.nullable(),
    }),
  ),
});
export type AutomationRun = z.infer<typeof AutomationRun>;

export const AutomationRunsQuery = PageQuery.extend({ status: AutomationRunStatus.optional() });
export const AutomationRunList = z.object({ success: z.literal(true), data: z.array(AutomationRun), totalCount: z.number().int(), pagination: Pagination });

const MANAGERS = ['owner', 'admin'] as const;
const refusals = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

export const automationRoutes = {
  list: route({
    method: 'GET',
    path: '/notifications/automations',
    responses: { 200: ok(z.array(AutomationRule)), 401: Problem, 403: Problem },
    auth: true,
    roles: MANAGERS,
    summary: "The organization's automation rules, built-in first, with their run counts.",
    description:
      "An admin sees the organization-wide rules and those of their locations, with the counts of their locations' people. The built-in rules are made when the organization's owner is first seen; a read writes nothing.",
  }),
  create: route({
    method: 'POST',
    path: '/notifications/automations',
    body: AutomationBody,
    responses: { 201: ok(AutomationRule), ...refusals },
    auth: true,
    roles: MANAGERS,
    summary: 'Makes a rule: trigger → optional wait → conditions → actions.',
    description:
      'A message must fit the trigger (MESSAGE_TRIGGERS) and a lead trigger takes no member message (400); a template must be one of the organization (404). An admin makes only rules of their own locations.',
  }),
  update: route({
    method: 'PUT',
    path: '/notifications/automations/:id',
    params: IdParams,
    body: AutomationBody,
    responses: { 200: ok(AutomationRule), ...refusals, 409: Problem },
    auth: true,
    roles: MANAGERS,
    summary: 'Changes a rule (a built-in keeps its trigger type: 409). Runs already waiting go by the rule as it is at send time.',
  }),
  pause: route({
    method: 'POST',
    path: '/notifications/automations/:id/pause',
    params: IdParams,
    responses: { 200: ok(AutomationRule), ...refusals },
    auth: true,
    roles: MANAGERS,
    summary: 'Pauses a rule: no new runs, and runs still waiting are skipped (rule_paused) when due.',
  }),
  resume: route({
    method: 'POST',
    path: '/notifications/automations/:id/resume',
    params: IdParams,
    responses: { 200: ok(AutomationRule), ...refusals },
    auth: true,
    roles: MANAGERS,
    summary: 'Resumes a paused rule.',
  }),
  remove: route({
    method: 'DELETE',
    path: '/notifications/automations/:id',
    params: IdParams,
    responses: { 200: z.object({ success: z.literal(true), message: z.string() }), ...refusals, 409: Problem },
    auth: true,
    roles: MANAGERS,
    summary: 'Deletes a rule (its run log stays readable by its id); a built-in rule cannot be deleted (409 BUILTIN_RULE), pause it instead.',
  }),
  runs: route({
    method: 'GET',
    path: '/notifications/automations/:id/runs',
    params: IdParams,
    query: AutomationRunsQuery,
    responses: { 200: AutomationRunList, ...refusals },
    auth: true,
    roles: MANAGERS,
    summary: "A rule's run log, newest first: who it reached, when, what each action did, or why it was skipped.",
    description: "An admin reads the runs of their locations' people only.",
  }),
};
