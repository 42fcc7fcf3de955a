import {
  LEAD_TRIGGERS,
  MESSAGE_TRIGGERS,
  type AutomationAction,
  type AutomationBody,
  type AutomationConditions,
  type AutomationSkipReason,
  type AutomationTrigger,
  type AutomationWait,
  type BuiltinAutomation,
} from '@akhada/contracts';
import { addDays, daysBetween, DomainError, type CalendarDate, type Decider } from '@akhada/kit/domain';

/**
 * Automations' rules, pure: whether a rule's trigger matches a person today (and the occurrence it counts once), when
 * its actions are due (the wait), and at send time whether they still go (rule active, person still in its locations
 * and plans, the trigger still true) — as a decider over one run, the rule × person × occurrence that happens at most
 * once. The effectful side (app/automations-sweep.ts) keeps each run as a row whose unique key (rule, person,
 * occurrence) is the "at most once", and does a run's actions in the transaction that marks it done.
 */

/** A sweep that could not run (a deploy, an outage) still matches "in N days" up to this many days late. */
export const CATCH_UP_DAYS = 2;
/** "Joined" and "lead created" match events of the last days only (a rule made today does not greet last year's members). */
export const RECENT_DAYS = 2;

/** What the rule is, as the decider needs it. */
export interface RuleFacts {
  id: string;
  status: 'active' | 'paused';
  deleted: boolean;
  trigger: AutomationTrigger;
  wait: AutomationWait | null;
  conditions: AutomationConditions;
  locationIds: readonly string[];
  actions: readonly AutomationAction[];
  /** When the rule was made: "joined" and "lead created" count only what happened since. */
  createdAt: Date;
}

/** A person as this service knows them now, with the day it is at their location. */
export interface PersonFacts {
  kind: 'member' | 'lead';
  id: string;
  locationId: string | null;
  /** Member: plan id (members' membership type); lead: null. */
  planId: string | null;
  /** Member: active | pending | frozen | expired | cancelled | archived …; lead: its stage. */
  status: string;
  /** Today at the person's location. */
  today: CalendarDate;
  endDate?: CalendarDate | null;
  dateOfBirth?: CalendarDate | null;
  joinedOn?: CalendarDate | null;
  /** The day (at the location) of the last check-in; null: never. */
  lastVisitOn?: CalendarDate | null;
  /** Lead: when it was captured. */
  createdAt?: Date | null;
  /** payment_overdue: the payment the occurrence is about. */
  payment?: { id: string; status: string; dueDate: CalendarDate } | null;
  /** class_no_show: the class missed (from scheduling's event). */
  classId?: string | null;
  /** follow_up_overdue: the lead's follow-up the occurrence is about (this service's copy of enquiries'). */
  followUp?: { id: string; dueAt: Date | null; done: boolean } | null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** A birthday's day this year: 29 February is kept on 28 February in a year without it. */
export const birthdayIn = (dateOfBirth: CalendarDate, year: number): CalendarDate => {
  const md = dateOfBirth.slice(5);
  return md === '02-29' && !isLeap(year) ? `${year}-02-28` : `${year}-${md}`;
};

/** People gone from the gym's books: no rule reaches them. */
const GONE = new Set(['archived', 'deleted']);

/**
 * The occurrence the trigger counts once, when it matches the person today; null when it does not.
 * Windows: "in N days" / "N days overdue" / "N days without a visit" match on that day and up to CATCH_UP_DAYS after;
 * "follow-up overdue by N hours" from that moment (`now`) up to CATCH_UP_DAYS after (a new rule does not tell staff
 * about last year's forgotten follow-ups).
 */
export const occurrenceOf = (rule: Pick<RuleFacts, 'trigger' | 'createdAt'>, p: PersonFacts, createdDay: CalendarDate = p.today, now?: Date): string | null => {
  const t = rule.trigger;
  if (GONE.has(p.status)) return null;
  if ((LEAD_TRIGGERS as readonly string[]).includes(t.type) !== (p.kind === 'lead')) return null;
  switch (t.type) {
    case 'membership_expiring': {
      if (p.status !== 'active' || !p.endDate) return null;
      const left = daysBetween(p.today, p.endDate);
      return left <= t.days && left >= Math.max(0, t.days - CATCH_UP_DAYS) ? p.endDate : null;
    }
    case 'membership_expired': {
      if (!p.endDate || p.status === 'active' || p.status === 'pending') return null;
      const since = daysBetween(p.endDate, p.today);
      return since >= 1 && since <= 1 + CATCH_UP_DAYS ? p.endDate : null;
    }
    case 'payment_overdue': {
      if (!p.payment || p.payment.status !== 'pending') return null;
      const late = daysBetween(p.payment.dueDate, p.today);
      return late >= t.days && late <= t.days + CATCH_UP_DAYS ? p.payment.id : null;
    }
    case 'no_visit': {
      if (p.status !== 'active') return null;
      const last = p.lastVisitOn ?? p.joinedOn;
      if (!last) return null;
      const away = daysBetween(last, p.today);
      return away >= t.days && away <= t.days + CATCH_UP_DAYS ? last : null;
    }
    case 'birthday': {
      if (!p.dateOfBirth) return null;
      const year = Number(p.today.slice(0, 4));
      return birthdayIn(p.dateOfBirth, year) === p.today ? String(year) : null;
    }
    case 'member_joined': {
      if (!p.joinedOn || p.joinedOn < createdDay) return null;
      const since = daysBetween(p.joinedOn, p.today);
      return since >= 0 && since <= RECENT_DAYS ? p.joinedOn : null;
    }
    case 'lead_created': {
      if (!p.createdAt || p.createdAt < rule.createdAt) return null;
      if (p.status === 'joined' || p.status === 'lost') return null;
      return 'captured';
    }
    case 'class_no_show':
      return p.classId ?? null;
    case 'follow_up_overdue': {
      const f = p.followUp;
      if (!f || f.done || !f.dueAt || !now) return null;
      const late = now.getTime() - (f.dueAt.getTime() + t.hours * HOUR_MS);
      return late >= 0 && late <= CATCH_UP_DAYS * DAY_MS ? f.id : null;
    }
  }
};

/** At send time: does the trigger still hold for that occurrence (not renewed, still unpaid, no visit since…)? */
export const stillHolds = (trigger: AutomationTrigger, occurrence: string, p: PersonFacts): boolean => {
  switch (trigger.type) {
    case 'membership_expiring':
      return p.status === 'active' && p.endDate === occurrence && p.endDate >= p.today;
    case 'membership_expired':
      return p.endDate === occurrence && p.status !== 'active' && p.status !== 'pending';
    case 'payment_overdue':
      return p.payment?.id === occurrence && p.payment.status === 'pending';
    case 'no_visit':
      return p.status === 'active' && (p.lastVisitOn ?? p.joinedOn) === occurrence;
    case 'lead_created':
      return p.status !== 'joined' && p.status !== 'lost';
    case 'follow_up_overdue':
      return p.followUp?.id === occurrence && !p.followUp.done;
    case 'birthday':
    case 'member_joined':
    case 'class_no_show':
      return true;
  }
};

/** The person is in the rule's locations and plans (a lead has no plan: a plan condition leaves leads out). */
export const inScope = (rule: Pick<RuleFacts, 'locationIds' | 'conditions'>, p: Pick<PersonFacts, 'locationId' | 'planId'>): AutomationSkipReason | null => {
  if (rule.locationIds.length > 0 && (!p.locationId || !rule.locationIds.includes(p.locationId))) return 'location_mismatch';
  if (rule.conditions.planIds.length > 0 && (!p.planId || !rule.conditions.planIds.includes(p.planId))) return 'plan_mismatch';
  return null;
};

/** When the actions are due: the trigger's time plus the wait. */
export const dueAt = (triggeredAt: Date, wait: AutomationWait | null): Date =>
  wait ? new Date(triggeredAt.getTime() + wait.amount * (wait.unit === 'hours' ? HOUR_MS : DAY_MS)) : triggeredAt;

// ---------------------------------------------------------------------------------------------------------------------
// One run (rule × person × occurrence) as a decider.

export type RunState =
  | { status: 'none' }
  | { status: 'waiting'; occurrence: string; dueAt: Date }
  | { status: 'done'; occurrence: string }
  | { status: 'skipped'; occurrence: string; reason: AutomationSkipReason };

export type RunCommand =
  /** The sweep (or a consumer) found the person: start the run when the trigger matches and the person is in scope. */
  | { type: 'Match'; rule: RuleFacts; person: PersonFacts; now: Date; createdDay?: CalendarDate }
  /** The run is due: do its actions, or skip it (rule gone or paused, person gone or out of scope, trigger no longer true). */
  | { type: 'Execute'; rule: RuleFacts | null; person: PersonFacts | null; now: Date };

export type RunEvent =
  | { type: 'RunTriggered'; occurrence: string; triggeredAt: Date; dueAt: Date }
  | { type: 'RunDone'; actions: readonly AutomationAction[] }
  | { type: 'RunSkipped'; reason: AutomationSkipReason };

export const runDecider: Decider<RunCommand, RunEvent, RunState> = {
  initialState: () => ({ status: 'none' }),
  decide(c, s) {
    if (c.type === 'Match') {
      // Never twice for the same person and occurrence, whatever the run's fate.
      if (s.status !== 'none') return [];
      if (c.rule.deleted || c.rule.status !== 'active') return [];
      if (inScope(c.rule, c.person)) return [];
      const occurrence = occurrenceOf(c.rule, c.person, c.createdDay, c.now);
      if (occurrence === null) return [];
      return [{ type: 'RunTriggered', occurrence, triggeredAt: c.now, dueAt: dueAt(c.now, c.rule.wait) }];
    }
    if (s.status !== 'waiting' || c.now < s.dueAt) return [];
    const skip = (reason: AutomationSkipReason): RunEvent[] => [{ type: 'RunSkipped', reason }];
    if (!c.rule || c.rule.deleted) return skip('rule_deleted');
    if (c.rule.status !== 'active') return skip('rule_paused');
    if (!c.person || GONE.has(c.person.status)) return skip('person_gone');
    const out = inScope(c.rule, c.person);
    if (out) return skip(out);
    if (c.rule.conditions.stillTrue && !stillHolds(c.rule.trigger, s.occurrence, c.person)) return skip('no_longer_true');
    return [{ type: 'RunDone', actions: c.rule.actions }];
  },
  evolve(s, e) {
    switch (e.type) {
      case 'RunTriggered':
        return { status: 'waiting', occurrence: e.occurrence, dueAt: e.dueAt };
      case 'RunDone':
        return { status: 'done', occurrence: s.status === 'none' ? '' : s.occurrence };
      case 'RunSkipped':
        return { status: 'skipped', occurrence: s.status === 'none' ? '' : s.occurrence, reason: e.reason };
    }
  },
};

// ---------------------------------------------------------------------------------------------------------------------
// A rule as an owner makes it.

/**
 * What a rule's body may not say although each field is valid: a member message on a lead trigger, a message whose
 * words do not fit the trigger (the renewal text names an end date a birthday does not have), a follow-up on a member
 * trigger (enquiries keeps follow-ups on leads), the same action twice.
 */
export const checkRule = (body: Pick<AutomationBody, 'trigger' | 'actions'>): void => {
  const lead = (LEAD_TRIGGERS as readonly string[]).includes(body.trigger.type);
  const seen = new Set<string>();
  for (const a of body.actions) {
    const key = a.type === 'send_message' ? `m:${a.message}` : a.type === 'send_template' ? `t:${a.templateId}` : a.type;
    if (seen.has(key)) throw new DomainError('VALIDATION_FAILED', 'The same action is in the rule twice', 400);
    seen.add(key);
    if (a.type === 'create_follow_up' && !lead)
      throw new DomainError('VALIDATION_FAILED', 'A follow-up is a lead’s: use it with a lead trigger (members have no follow-ups)', 400);
    if (a.type !== 'send_message') continue;
    if (lead) throw new DomainError('VALIDATION_FAILED', 'A lead has no account for app messages: send a template or tell staff', 400);
    if (!MESSAGE_TRIGGERS[a.message].includes(body.trigger.type))
      throw new DomainError('VALIDATION_FAILED', `The message ${a.message} does not fit the trigger ${body.trigger.type}`, 400);
  }
};

/** A built-in rule keeps its trigger type (its name and purpose); days, wait, conditions and actions are editable. */
export const checkBuiltinEdit = (builtin: BuiltinAutomation | null, before: AutomationTrigger, after: AutomationTrigger): void => {
  if (builtin && before.type !== after.type)
    throw new DomainError('BUILTIN_RULE', 'A built-in rule keeps its trigger; make a new rule for another trigger', 409);
};

/** The built-in rules every gym starts with (active; the member's own reminders, in their language). */
export const BUILTIN_RULES: Readonly<Record<BuiltinAutomation, { name: string; trigger: AutomationTrigger; actions: AutomationAction[] }>> = {
  renewal_7d: {
    name: 'Renewal reminder, 7 days before',
    trigger: { type: 'membership_expiring', days: 7 },
    actions: [{ type: 'send_message', message: 'renewal_reminder' }],
  },
  renewal_1d: {
    name: 'Renewal reminder, 1 day before',
    trigger: { type: 'membership_expiring', days: 1 },
    actions: [{ type: 'send_message', message: 'renewal_reminder' }],
  },
  overdue_1d: {
    name: 'Overdue reminder, 1 day after',
    trigger: { type: 'payment_overdue', days: 1 },
    actions: [{ type: 'send_message', message: 'overdue_reminder' }],
  },
  overdue_3d: {
    name: 'Overdue reminder, 3 days after',
    trigger: { type: 'payment_overdue', days: 3 },
    actions: [{ type: 'send_message', message: 'overdue_reminder' }],
  },
  overdue_7d: {
    name: 'Overdue reminder, 7 days after',
    trigger: { type: 'payment_overdue', days: 7 },
    actions: [{ type: 'send_message', message: 'overdue_reminder' }],
  },
  welcome: { name: 'Welcome message', trigger: { type: 'member_joined' }, actions: [{ type: 'send_message', message: 'welcome' }] },
  birthday: { name: 'Birthday greeting', trigger: { type: 'birthday' }, actions: [{ type: 'send_message', message: 'birthday' }] },
};

/** The day a date falls on, in the calendar of `today` (helper for the sweep's windows). */
export const daysAgo = (today: CalendarDate, n: number): CalendarDate => addDays(today, -n);
