import {
  NotificationEvents,
  STAFF_ROLES,
  topicOf,
  type MessageLanguage,
  type AutomationAction,
  type AutomationSkipReason,
  type EventEnvelope,
  type NotificationCategory,
} from '@akhada/contracts';
import { enqueue, makeEnvelope, periodicJob, type Logger } from '@akhada/kit';
import { DEFAULT_TIME_ZONE, dateIn, daysBetween, timeIn, type CalendarDate } from '@akhada/kit/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { renderOutbound } from '../app/campaigns.ts';
import { deliver, type NotificationSpec } from '../app/notify.ts';
import { enqueueMessages } from '../db/outbound-messages-repo.ts';
import { reachOf } from '../domain/campaigns.ts';
import { languagesOf, personValues } from '../domain/message-templates.ts';
import { activeRules, activeRulesOf, claimDueRuns, finishRun, insertRuns, seedBuiltins, type NewRun } from '../db/automations-repo.ts';
import { preferencesOfMany } from '../db/preferences-repo.ts';
import { referralLinksOf } from '../db/referral-links-repo.ts';
import { recipientsOfOrg } from '../db/recipients-repo.ts';
import type { AutomationActionOutcome, AutomationRow, AutomationRunRow, NotificationsDb } from '../db/schema.ts';
import { CATCH_UP_DAYS, runDecider, type PersonFacts, type RuleFacts, type RunEvent } from '../domain/automations.ts';
import { ownersAndAdminsOf } from '../domain/recipient-rule.ts';
import { renderTemplate, textOf, type TemplateKey } from '../domain/templates.ts';
import { reminderId } from './reminders.ts';

/**
 * Automations at work. Matching: a sweep (every few minutes) finds, for each active rule, the people its trigger matches
 * today from this service's copies (members, payments, leads, lead follow-ups, visits), and consumers do the same for triggers that are
 * events (a member registered, a class closed with no-shows); each match starts a run — a row whose unique key (rule,
 * person, occurrence) makes a second match nothing. Doing: the same sweep takes each due waiting run (locked, SKIP
 * LOCKED), decides at send time (domain/automations.ts) and does its actions in that run's transaction — the member's
 * notification and its deliveries (in-app, email, WhatsApp as the approved template in their language), staff's, the
 * run's outcome — so a sweep killed half-way leaves the run waiting, and the next one does it once.
 */

type Trx = Transaction<NotificationsDb>;
type Db = Kysely<NotificationsDb> | Trx;

export const ruleFacts = (r: AutomationRow): RuleFacts => ({
  id: r.id,
  status: r.status,
  deleted: r.deleted_at !== null,
  trigger: r.trigger,
  wait: r.wait,
  conditions: r.conditions,
  locationIds: r.location_ids,
  actions: r.actions,
  createdAt: r.created_at,
});

const nameOf = (first: string, last: string) => `${first} ${last}`.trim();

/** The local "today" of a zone, in SQL (a member's location, else the default zone). */
const todayIn = (now: Date, zone = sql.ref('l.timezone')) =>
  sql<string>`(${now}::timestamptz at time zone coalesce(${zone}, ${DEFAULT_TIME_ZONE}::text))::date`;

/** The member facts the decider reads, from member_copies `m` joined with its location `l`. */
const memberSelection = (now: Date) =>
  [
    'm.member_id',
    'm.org_id',
    'm.location_id',
    'm.first_name',
    'm.last_name',
    'm.status',
    'm.plan_id',
    sql<string | null>`to_char(m.end_date, 'YYYY-MM-DD')`.as('end_date'),
    sql<string | null>`to_char(m.date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'),
    sql<string | null>`to_char(m.joined_on, 'YYYY-MM-DD')`.as('joined_on'),
    sql<string | null>`to_char((m.last_visit_at at time zone coalesce(l.timezone, ${DEFAULT_TIME_ZONE}::text))::date, 'YYYY-MM-DD')`.as('last_visit_on'),
    sql<string>`to_char(${todayIn(now)}, 'YYYY-MM-DD')`.as('today'),
  ] as const;

type MemberFactsRow = {
  member_id: string;
  org_id: string;
  location_id: string | null;
  first_name: string;
  last_name: string;
  status: string;
  plan_id: string | null;
  end_date: string | null;
  date_of_birth: string | null;
  joined_on: string | null;
  last_visit_on: string | null;
  today: string;
};

const memberFacts = (m: MemberFactsRow, extra: Partial<PersonFacts> = {}): PersonFacts => ({
  kind: 'member',
  id: m.member_id,
  locationId: m.location_id,
  planId: m.plan_id,
  status: m.status,
  today: m.today,
  endDate: m.end_date,
  dateOfBirth: m.date_of_birth,
  joinedOn: m.joined_on,
  lastVisitOn: m.last_visit_on,
  ...extra,
});

const membersOf = (db: Db, orgId: string, now: Date, locationIds: readonly string[]) => {
  let q = db
    .selectFrom('member_copies as m')
    .leftJoin('kit_locations as l', 'l.location_id', 'm.location_id')
    .select(memberSelection(now))
    .where('m.org_id', '=', orgId);
  if (locationIds.length) q = q.where('m.location_id', 'in', [...locationIds]);
  return q;
};

interface Candidate {
  person: PersonFacts;
  name: string;
}

/** The people a rule's trigger may match today: narrowed in SQL to its window, decided by the decider. */
const candidatesOf = async (db: Db, rule: AutomationRow, now: Date): Promise<Candidate[]> => {
  const t = rule.trigger;
  const locs = rule.location_ids;
  const today = todayIn(now);
  const asMember = (rows: MemberFactsRow[]) => rows.map((m) => ({ person: memberFacts(m), name: nameOf(m.first_name, m.last_name) }));
  switch (t.type) {
    case 'membership_expiring':
      return asMember(
        await membersOf(db, rule.org_id, now, locs)
          .where('m.status', '=', 'active')
          .where(sql<boolean>`m.end_date - ${today} between 0 and ${t.days}`)
          .execute(),
      );
    case 'membership_expired':
      return asMember(
        await membersOf(db, rule.org_id, now, locs)
          .where('m.status', 'not in', ['active', 'pending'])
          .where(sql<boolean>`${today} - m.end_date between 1 and 4`)
          .execute(),
      );
    case 'no_visit':
      return asMember(
        await membersOf(db, rule.org_id, now, locs)
          .where('m.status', '=', 'active')
          .where(
            sql<boolean>`${today} - coalesce((m.last_visit_at at time zone coalesce(l.timezone, ${DEFAULT_TIME_ZONE}::text))::date, m.joined_on) between ${t.days} and ${t.days + 3}`,
          )
          .execute(),
      );
    case 'birthday':
      return asMember(
        await membersOf(db, rule.org_id, now, locs)
          .where('m.date_of_birth', 'is not', null)
          .where(sql<boolean>`extract(month from m.date_of_birth) = extract(month from ${today})`)
          .execute(),
      );
    case 'payment_overdue': {
      let q = db
        .selectFrom('payment_copies as p')
        .innerJoin('member_copies as m', (j) => j.onRef('m.member_id', '=', 'p.member_id').onRef('m.org_id', '=', 'p.org_id'))
        .leftJoin('kit_locations as l', 'l.location_id', 'p.location_id')
        .select(memberSelection(now))
        .select(['p.payment_id', 'p.status as payment_status', sql<string>`to_char(p.due_date, 'YYYY-MM-DD')`.as('due_date')])
        .where('p.org_id', '=', rule.org_id)
        .where('p.status', '=', 'pending')
        .where('p.due_date', 'is not', null)
        .where(sql<boolean>`${today} - p.due_date between ${t.days} and ${t.days + 3}`);
      if (locs.length) q = q.where('p.location_id', 'in', [...locs]);
      return (await q.execute()).map((r) => ({
        person: memberFacts(r, { payment: { id: r.payment_id, status: r.payment_status, dueDate: r.due_date } }),
        name: nameOf(r.first_name, r.last_name),
      }));
    }
    case 'lead_created': {
      let q = db
        .selectFrom('lead_copies as d')
        .leftJoin('kit_locations as l', 'l.location_id', 'd.location_id')
        .select(['d.lead_id', 'd.location_id', 'd.name', 'd.stage', 'd.created_at', sql<string>`to_char(${todayIn(now)}, 'YYYY-MM-DD')`.as('today')])
        .where('d.org_id', '=', rule.org_id)
        .where('d.created_at', '>=', rule.created_at)
        .where('d.created_at', '>', new Date(now.getTime() - 3 * 86_400_000));
      if (locs.length) q = q.where('d.location_id', 'in', [...locs]);
      return (await q.execute()).map((d) => ({
        person: { kind: 'lead', id: d.lead_id, locationId: d.location_id, planId: null, status: d.stage, today: d.today, createdAt: d.created_at },
        name: d.name,
      }));
    }
    case 'follow_up_overdue': {
      // A follow-up still not done `hours` after its due time (up to CATCH_UP_DAYS later), with its lead.
      const late = new Date(now.getTime() - t.hours * 3_600_000);
      let q = db
        .selectFrom('follow_up_copies as f')
        .innerJoin('lead_copies as d', (j) => j.onRef('d.lead_id', '=', 'f.lead_id').onRef('d.org_id', '=', 'f.org_id'))
        .leftJoin('kit_locations as l', 'l.location_id', 'd.location_id')
        .select([
          'f.follow_up_id',
          'f.due_at',
          'f.done',
          'd.lead_id',
          'd.location_id',
          'd.name',
          'd.stage',
          sql<string>`to_char(${todayIn(now)}, 'YYYY-MM-DD')`.as('today'),
        ])
        .where('f.org_id', '=', rule.org_id)
        .where('f.done', '=', false)
        .where('f.due_at', '<=', late)
        .where('f.due_at', '>', new Date(late.getTime() - (CATCH_UP_DAYS + 1) * 86_400_000));
      if (locs.length) q = q.where('d.location_id', 'in', [...locs]);
      return (await q.execute()).map((d) => ({
        person: {
          kind: 'lead',
          id: d.lead_id,
          locationId: d.location_id,
          planId: null,
          status: d.stage,
          today: d.today,
          followUp: { id: d.follow_up_id, dueAt: d.due_at, done: d.done },
        },
        name: d.name,
      }));
    }
    // Events, not states: started by their consumers (below).
    case 'member_joined':
    case 'class_no_show':
      return [];
  }
};

/** The runs a rule starts for these candidates (the decider's RunTriggered), not yet written. */
const matchesOf = (rule: AutomationRow, candidates: readonly Candidate[], now: Date, createdDay?: CalendarDate): NewRun[] => {
  const facts = ruleFacts(rule);
  return candidates.flatMap(({ person, name }) =>
    runDecider.decide({ type: 'Match', rule: facts, person, now, createdDay: createdDay ?? person.today }, runDecider.initialState()).flatMap((e) =>
      e.type === 'RunTriggered'
        ? [
            {
              ruleId: rule.id,
              orgId: rule.org_id,
              personId: person.id,
              personKind: person.kind,
              personName: name,
              locationId: person.locationId,
              occurrence: e.occurrence,
              triggeredAt: e.triggeredAt,
              dueAt: e.dueAt,
            },
          ]
        : [],
    ),
  );
};

/** Starts the runs of every active rule whose trigger matches someone now. Returns how many runs started. */
export const matchRules = async (db: Kysely<NotificationsDb>, now: Date): Promise<number> => {
  let started = 0;
  for (const rule of await activeRules(db)) {
    const candidates = await candidatesOf(db, rule, now);
    started += (await insertRuns(db, matchesOf(rule, candidates, now))).length;
  }
  return started;
};

// ---------------------------------------------------------------------------------------------------------------------
// Event triggers.

/**
 * members.member_registered (the desk) or members.member_signed_up (the gym code) → the organization's "member joined"
 * rules start a run for the member, done at once when it has no wait (in the inbox transaction). A member is welcomed
 * once by each rule, whichever of the two events came and however many times. An organization whose owner is not known yet has no rules here: the event
 * waits with the staff's notification (awaiting_recipients) and starts its runs when the owner arrives (releaseAwaiting).
 */
export const startJoinedRuns = async (
  trx: Trx,
  env: EventEnvelope<{ memberId: string; locationId: string; firstName: string; lastName: string }>,
): Promise<number> => {
  const active = await activeRulesOf(trx, env.orgId, 'member_joined');
  if (active.length === 0) return 0;
  const welcomed = new Set(
    (
      await trx
        .selectFrom('automation_runs')
        .select('rule_id')
        .where('org_id', '=', env.orgId)
        .where('person_id', '=', env.data.memberId)
        .where(
          'rule_id',
          'in',
          active.map((r) => r.id),
        )
        .execute()
    ).map((r) => r.rule_id),
  );
  const rules = active.filter((r) => !welcomed.has(r.id));
  if (rules.length === 0) return 0;
  const m = await membersOf(trx, env.orgId, new Date(env.occurredAt), []).where('m.member_id', '=', env.data.memberId).executeTakeFirst();
  if (!m) return 0;
  const at = new Date(env.occurredAt);
  const person = memberFacts(m, { joinedOn: m.today });
  const name = nameOf(m.first_name, m.last_name);
  const runs = rules.flatMap((r) => matchesOf(r, [{ person, name }], at, dateIn(DEFAULT_TIME_ZONE, r.created_at)));
  return doDueNow(trx, await insertRuns(trx, runs), at);
};

/** scheduling.class_closed → the "class no-show" rules start a run for each member who did not come (the class is the occurrence). */
export const onClassClosedForAutomations = async (trx: Trx, env: EventEnvelope<{ classId: string; noShowMemberIds: string[] }>): Promise<number> => {
  if (env.data.noShowMemberIds.length === 0) return 0;
  const rules = await activeRulesOf(trx, env.orgId, 'class_no_show');
  if (rules.length === 0) return 0;
  const at = new Date(env.occurredAt);
  const members = await membersOf(trx, env.orgId, at, []).where('m.member_id', 'in', env.data.noShowMemberIds).execute();
  const candidates = members.map((m) => ({ person: memberFacts(m, { classId: env.data.classId }), name: nameOf(m.first_name, m.last_name) }));
  return doDueNow(
    trx,
    await insertRuns(
      trx,
      rules.flatMap((r) => matchesOf(r, candidates, at)),
    ),
    at,
  );
};

/**
 * The runs an event just started that are due at once (no wait) are done in the event's inbox transaction: the welcome
 * reaches the member with their registration, not at the next sweep, and a redelivered event finds them done.
 * Returns how many were done.
 */
const doDueNow = async (trx: Trx, runIds: readonly string[], at: Date): Promise<number> => {
  if (runIds.length === 0) return 0;
  const due = await trx
    .selectFrom('automation_runs')
    .selectAll()
    .where('id', 'in', [...runIds])
    .where('status', '=', 'waiting')
    .where('due_at', '<=', at)
    .forUpdate()
    .execute();
  for (const run of due) await doRun(trx, run, at);
  return due.length;
};

// ---------------------------------------------------------------------------------------------------------------------
// Doing a run.

/** The person as they are now, for the decision at send time (null: no longer known). */
const personNow = async (trx: Trx, run: AutomationRunRow, rule: AutomationRow | undefined, now: Date): Promise<PersonFacts | null> => {
  if (run.person_kind === 'lead') {
    const d = await trx
      .selectFrom('lead_copies as d')
      .leftJoin('kit_locations as l', 'l.location_id', 'd.location_id')
      .select(['d.lead_id', 'd.location_id', 'd.stage', 'd.created_at', sql<string>`to_char(${todayIn(now)}, 'YYYY-MM-DD')`.as('today')])
      .where('d.lead_id', '=', run.person_id)
      .where('d.org_id', '=', run.org_id)
      .executeTakeFirst();
    if (!d) return null;
    const lead: PersonFacts = {
      kind: 'lead',
      id: d.lead_id,
      locationId: d.location_id,
      planId: null,
      status: d.stage,
      today: d.today,
      createdAt: d.created_at,
    };
    if (rule?.trigger.type === 'follow_up_overdue') {
      const f = await trx
        .selectFrom('follow_up_copies')
        .select(['follow_up_id', 'due_at', 'done'])
        .where('follow_up_id', '=', run.occurrence)
        .where('org_id', '=', run.org_id)
        .where('lead_id', '=', run.person_id)
        .executeTakeFirst();
      lead.followUp = f ? { id: f.follow_up_id, dueAt: f.due_at, done: f.done } : null;
    }
    return lead;
  }
  const m = await membersOf(trx, run.org_id, now, []).where('m.member_id', '=', run.person_id).executeTakeFirst();
  if (!m) return null;
  const extra: Partial<PersonFacts> = {};
  if (rule?.trigger.type === 'payment_overdue') {
    const p = await trx
      .selectFrom('payment_copies')
      .select(['payment_id', 'status', sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date')])
      .where('payment_id', '=', run.occurrence)
      .where('org_id', '=', run.org_id)
      .executeTakeFirst();
    extra.payment = p ? { id: p.payment_id, status: p.status, dueDate: p.due_date } : null;
  }
  if (rule?.trigger.type === 'class_no_show') extra.classId = run.occurrence;
  return memberFacts(m, extra);
};

const rupees = (paise: number): string => (paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 });

/** What a built-in message says and how it goes: its text stem and params, its preference category, type and link. */
const messageSpec = async (
  trx: Trx,
  message: Extract<AutomationAction, { type: 'send_message' }>['message'],
  run: AutomationRunRow,
  person: PersonFacts,
  firstName: string,
): Promise<{ stem: string; params: Record<string, string>; spec: Omit<NotificationSpec, 'text' | 'locationId'>; url: string | null; key: string }> => {
  const location = async () =>
    (person.locationId ? await trx.selectFrom('kit_locations').select('name').where('location_id', '=', person.locationId).executeTakeFirst() : undefined)
      ?.name ?? '';
  switch (message) {
    case 'renewal_reminder': {
      const days = Math.max(0, daysBetween(person.today, run.occurrence));
      return {
        stem: 'membership_expiring',
        params: { memberId: person.id, endDate: run.occurrence, days: String(days) },
        spec: { type: 'membership', category: 'membership_expiring', priority: days <= 1 ? 'high' : 'medium', preference: 'payment' },
        url: '/dashboard/profile',
        key: 'renew',
      };
    }
    case 'membership_expired':
      return {
        stem: 'membership_expired',
        params: { memberId: person.id, endDate: run.occurrence },
        spec: { type: 'membership', category: 'membership_expired', priority: 'high', preference: 'payment' },
        url: '/dashboard/profile',
        key: 'renew',
      };
    case 'overdue_reminder': {
      const p = await trx
        .selectFrom('payment_copies')
        .select(['total_paise', sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date')])
        .where('payment_id', '=', person.payment?.id ?? run.occurrence)
        .where('org_id', '=', run.org_id)
        .executeTakeFirst();
      const days = p?.due_date ? daysBetween(p.due_date, person.today) : 0;
      return {
        stem: 'payment_overdue_member',
        params: { amount: rupees(Number(p?.total_paise ?? 0)), dueDate: p?.due_date ?? '', days: String(days) },
        spec: { type: 'payment', category: 'payment_overdue', priority: days >= 7 ? 'urgent' : days >= 3 ? 'high' : 'medium', preference: 'payment' },
        url: '/dashboard/me/payments',
        key: 'pay',
      };
    }
    case 'welcome':
      return {
        stem: 'member_welcome',
        params: { firstName, location: await location() },
        spec: { type: 'membership', category: 'welcome', priority: 'low', preference: 'system' },
        url: '/dashboard/profile',
        key: 'view',
      };
    case 'birthday':
      return {
        stem: 'birthday_greeting',
        params: { firstName, location: await location() },
        spec: { type: 'membership', category: 'birthday', priority: 'low', preference: 'system' },
        url: null,
        key: 'view',
      };
    case 'we_miss_you':
      return {
        stem: 'attendance_nudge',
        params: { days: String(Math.max(0, daysBetween(run.occurrence, person.today))) },
        spec: { type: 'attendance', category: 'attendance_nudge', priority: 'low', preference: 'attendance' },
        url: '/dashboard/me',
        key: 'view',
      };
    case 'class_missed': {
      const c = await trx
        .selectFrom('class_copies as c')
        .leftJoin('kit_locations as l', 'l.location_id', 'c.location_id')
        .select(['c.class_name', 'c.starts_at', 'l.timezone'])
        .where('c.class_id', '=', run.occurrence)
        .where('c.org_id', '=', run.org_id)
        .executeTakeFirst();
      const zone = c?.timezone ?? DEFAULT_TIME_ZONE;
      return {
        stem: 'class_missed',
        params: { className: c?.class_name ?? '', date: c ? dateIn(zone, c.starts_at) : '', time: c ? timeIn(zone, c.starts_at) : '' },
        spec: { type: 'attendance', category: 'class_no_show', priority: 'low', preference: 'attendance' },
        url: '/dashboard/me/bookings',
        key: 'view',
      };
    }
  }
};

/** The notifications a run writes come from an envelope of its own: one id per run and action, so each is written once. */
const envelopeOf = (run: AutomationRunRow, index: number, now: Date, data: Record<string, unknown>): EventEnvelope<Record<string, unknown>> => {
  const id = reminderId(`automation:${run.id}:${index}`);
  return {
    eventId: id,
    type: 'notifications.automation_run',
    version: 1,
    occurredAt: now.toISOString(),
    orgId: run.org_id,
    ...(run.location_id ? { locationId: run.location_id } : {}),
    aggregateId: run.id,
    correlationId: run.id,
    causationId: run.id,
    data,
  };
};

const skipped = (type: AutomationAction['type'], reason: AutomationSkipReason): AutomationActionOutcome => ({ type, result: 'skipped', reason });

/**
 * "Send a template": the organization's template (not archived; WhatsApp only in a language the platform approved) to
 * the person on its channel, queued in campaigns' outbound pipeline (purpose automation, one row per run and action
 * step: two template actions on one channel queue two messages) in the run's
 * transaction — which sends it at the organization's rate and follows its status. A marketing template goes only to
 * someone with marketing consent for the channel, a utility one not to a member who withdrew WhatsApp/SMS consent
 * (campaigns' reachOf); no consent or no address: skipped (no_contact).
 */
const sendTemplate = async (
  trx: Trx,
  run: AutomationRunRow,
  person: PersonFacts,
  templateId: string,
  step: number,
  now: Date,
): Promise<AutomationActionOutcome> => {
  const t = await trx
    .selectFrom('message_templates')
    .selectAll()
    .where('id', '=', templateId)
    .where('org_id', '=', run.org_id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  const sendable = t ? languagesOf(t).filter((l) => t.channel !== 'whatsapp' || t.whatsapp_status[l] === 'approved') : [];
  if (!t || sendable.length === 0) return skipped('send_template', 'template_unavailable');
  const who =
    person.kind === 'member'
      ? await trx
          .selectFrom('member_copies as m')
          .leftJoin('notification_preferences as np', (j) => j.onRef('np.user_id', '=', 'm.member_id').onRef('np.org_id', '=', 'm.org_id'))
          .leftJoin('messaging_consent as mc', (j) => j.onRef('mc.user_id', '=', 'm.member_id').onRef('mc.org_id', '=', 'm.org_id'))
          .select([
            'm.first_name',
            'm.last_name',
            'm.phone',
            'm.email',
            'm.plan_name',
            sql<string | null>`to_char(m.end_date, 'YYYY-MM-DD')`.as('end_date'),
            sql<string | null>`to_char(m.joined_on, 'YYYY-MM-DD')`.as('joined_on'),
            'np.language',
            'mc.granted as messaging_consent',
          ])
          .where('m.member_id', '=', person.id)
          .where('m.org_id', '=', run.org_id)
          .executeTakeFirst()
      : await trx
          .selectFrom('lead_copies')
          .select([
            'name as first_name',
            sql<string>`''`.as('last_name'),
            'phone',
            'email',
            sql<string | null>`null`.as('plan_name'),
            sql<string | null>`null`.as('end_date'),
            sql<string | null>`null`.as('joined_on'),
            sql<MessageLanguage | null>`null`.as('language'),
            sql<boolean | null>`null`.as('messaging_consent'),
          ])
          .where('lead_id', '=', person.id)
          .where('org_id', '=', run.org_id)
          .executeTakeFirst();
  if (!who) return skipped('send_template', 'person_gone');
  const consent = await trx
    .selectFrom('marketing_consent')
    .select('granted')
    .where('org_id', '=', run.org_id)
    .where('person_id', '=', person.id)
    .where('channel', '=', t.channel)
    .executeTakeFirst();
  const reach = reachOf({
    purpose: t.category,
    channel: t.channel,
    phone: who.phone,
    email: who.email,
    marketingConsent: consent?.granted ?? null,
    messagingConsent: who.messaging_consent,
  });
  if (reach !== 'reachable') return skipped('send_template', 'no_contact');
  const preferred: MessageLanguage = who.language ?? 'en';
  const language = sendable.includes(preferred) ? preferred : sendable[0]!;
  const [brand, location] = await Promise.all([
    trx.selectFrom('org_brands').select(['name', 'brand_color']).where('org_id', '=', run.org_id).executeTakeFirst(),
    person.locationId ? trx.selectFrom('kit_locations').select('name').where('location_id', '=', person.locationId).executeTakeFirst() : undefined,
  ]);
  const referralLink = (await referralLinksOf(trx, run.org_id))({ kind: person.kind, id: person.id, locationId: person.locationId });
  const values = personValues({
    referralLink,
    firstName: who.first_name,
    lastName: who.last_name,
    phone: who.phone,
    gymName: brand?.name ?? null,
    locationName: location?.name ?? null,
    planName: who.plan_name,
    endDate: who.end_date,
    joinedOn: who.joined_on,
    today: person.today,
    language,
  });
  await enqueueMessages(
    trx,
    [
      {
        orgId: run.org_id,
        locationId: person.locationId,
        personId: person.id,
        personKind: person.kind,
        personName: run.person_name,
        channel: t.channel,
        address: (t.channel === 'email' ? who.email : who.phone)!.trim(),
        language,
        purpose: 'automation',
        marketing: t.category === 'marketing',
        automationRunId: run.id,
        actionStep: step,
        templateId: t.id,
        content: renderOutbound(t, language, values as Record<string, string>, brand),
      },
    ],
    now,
  );
  return { type: 'send_template', result: 'queued', reason: null };
};

/** Does one action of a due run in its transaction; says what happened. */
const act = async (
  trx: Trx,
  run: AutomationRunRow,
  rule: AutomationRow,
  person: PersonFacts,
  action: AutomationAction,
  index: number,
  now: Date,
): Promise<AutomationActionOutcome> => {
  switch (action.type) {
    case 'send_message': {
      if (person.kind !== 'member') return skipped(action.type, 'not_for_leads');
      const first = await trx.selectFrom('member_copies').select('first_name').where('member_id', '=', person.id).executeTakeFirst();
      const m = await messageSpec(trx, action.message, run, person, first?.first_name.trim() ?? '');
      const prefs = (await preferencesOfMany(trx, [person.id], run.org_id)).get(person.id)!;
      if (!prefs.notifications[m.spec.preference as NotificationCategory].enabled) return skipped(action.type, 'preferences_off');
      const actionKey = `notifications.action.${m.key}` as TemplateKey;
      await deliver(
        trx,
        envelopeOf(run, index, now, { memberId: person.id, ruleId: rule.id }),
        {
          ...m.spec,
          locationId: person.locationId,
          text: textOf(`notifications.${m.stem}.title` as TemplateKey, `notifications.${m.stem}.message` as TemplateKey, m.params),
        },
        [{ recipientId: person.id, actionUrl: m.url, actionText: m.url ? renderTemplate(actionKey) : null, actionKey: m.url ? actionKey : null }],
      );
      return { type: action.type, result: 'sent', reason: null };
    }
    case 'notify_staff': {
      const staff = ownersAndAdminsOf(
        (await recipientsOfOrg(trx, run.org_id, STAFF_ROLES)).map((c) => ({ userId: c.user_id, role: c.role, locationIds: c.location_ids })),
        person.locationId,
      );
      if (staff.length === 0) return skipped(action.type, 'no_contact');
      const url = person.kind === 'member' ? `/dashboard/members/${person.id}` : `/dashboard/enquiries/leads/${person.id}`;
      const view = 'notifications.action.view' as TemplateKey;
      await deliver(
        trx,
        envelopeOf(run, index, now, person.kind === 'member' ? { memberId: person.id, ruleId: rule.id } : { leadId: person.id, ruleId: rule.id }),
        {
          locationId: person.locationId,
          type: 'system',
          category: 'automation',
          priority: 'medium',
          preference: 'system',
          text: textOf('notifications.automation_staff.title' as TemplateKey, 'notifications.automation_staff.message' as TemplateKey, {
            rule: rule.name,
            name: run.person_name,
          }),
        },
        staff.map((s) => ({ recipientId: s.userId, actionUrl: url, actionText: renderTemplate(view), actionKey: view })),
      );
      return { type: action.type, result: 'sent', reason: null };
    }
    case 'send_template':
      return sendTemplate(trx, run, person, action.templateId, index, now);
    case 'create_follow_up': {
      // Enquiries keeps follow-ups on leads: it adds this one to the lead once (by its id), for the lead's owner.
      if (person.kind !== 'lead') return skipped(action.type, 'leads_only');
      const followUpId = reminderId(`automation:${run.id}:${index}:follow-up`);
      await enqueue(
        trx,
        topicOf('notifications'),
        makeEnvelope(NotificationEvents.FollowUpRequested, {
          eventId: followUpId,
          orgId: run.org_id,
          ...(person.locationId ? { locationId: person.locationId } : {}),
          aggregateId: person.id,
          correlationId: run.id,
          causationId: run.id,
          occurredAt: now.toISOString(),
          data: {
            leadId: person.id,
            followUpId,
            kind: action.kind,
            dueAt: new Date(now.getTime() + action.dueInHours * 3_600_000).toISOString(),
            note: action.note ? `${rule.name}: ${action.note}` : rule.name,
            ruleId: rule.id,
          },
        }),
      );
      return { type: action.type, result: 'sent', reason: null };
    }
  }
};

/** Decides a claimed run at send time and does it (or records why not), in the caller's transaction. */
export const doRun = async (trx: Trx, run: AutomationRunRow, now: Date): Promise<RunEvent[]> => {
  const rule = await trx.selectFrom('automations').selectAll().where('id', '=', run.rule_id).executeTakeFirst();
  const person = await personNow(trx, run, rule, now);
  const events = runDecider.decide(
    { type: 'Execute', rule: rule ? ruleFacts(rule) : null, person, now },
    { status: 'waiting', occurrence: run.occurrence, dueAt: run.due_at },
  );
  for (const e of events) {
    if (e.type === 'RunSkipped') await finishRun(trx, run.id, { status: 'skipped', reason: e.reason, actions: [], at: now });
    if (e.type === 'RunDone') {
      const outcomes: AutomationActionOutcome[] = [];
      for (const [i, a] of e.actions.entries()) outcomes.push(await act(trx, run, rule!, person!, a, i, now));
      await finishRun(trx, run.id, { status: 'done', reason: null, actions: outcomes, at: now });
    }
  }
  return events;
};

export interface SweepOptions {
  /** Runs done per transaction (default 1: a run that fails alone, and the others go on). */
  batch?: number;
  /** Tests: called inside a run's transaction after its actions, before commit (throwing there is a crash mid-run). */
  beforeCommit?: (run: AutomationRunRow) => Promise<void> | void;
  logger?: Logger;
}

/**
 * Does every due waiting run, one transaction each (or `batch`); a run whose actions fail is logged and left waiting
 * (the next sweep tries it again) while the others go on.
 */
export const executeDueRuns = async (db: Kysely<NotificationsDb>, now: Date, o: SweepOptions = {}): Promise<number> => {
  const batch = o.batch ?? 1;
  const failed = new Set<string>();
  let done = 0;
  for (;;) {
    let failing: string | null = null;
    let claimed: number;
    try {
      claimed = await db.transaction().execute(async (trx) => {
        const runs = (await claimDueRuns(trx, now, batch + failed.size)).filter((r) => !failed.has(r.id)).slice(0, batch);
        for (const run of runs) {
          failing = run.id;
          await doRun(trx, run, now);
          failing = null;
          await o.beforeCommit?.(run);
        }
        return runs.length;
      });
    } catch (err) {
      if (failing === null) throw err;
      failed.add(failing);
      o.logger?.error({ err, runId: failing }, 'automation run failed; it waits for the next sweep');
      continue;
    }
    if (claimed === 0) return done;
    done += claimed;
  }
};

/** One sweep: the built-in rules of organizations first seen, the matches of every rule, then every due run. */
export const sweepAutomations = async (db: Kysely<NotificationsDb>, now: Date, o: SweepOptions = {}): Promise<{ started: number; done: number }> => {
  await seedBuiltins(db, now);
  const started = await matchRules(db, now);
  const done = await executeDueRuns(db, now, o);
  return { started, done };
};

/**
 * The sweep now and every `everyMs` (default 5 minutes), one at a time (the kit's periodicJob), doing `batch` runs per
 * transaction (default 25: about 1.6 times the runs a second of one per transaction; a failing run rolls its batch back
 * and is set aside, the others done again at once).
 */
export const startAutomations = ({
  db,
  logger,
  everyMs = 5 * 60_000,
  batch = 25,
  clock = () => new Date(),
}: {
  db: Kysely<NotificationsDb>;
  logger: Logger;
  everyMs?: number;
  batch?: number;
  clock?: () => Date;
}) => periodicJob({ name: 'automation sweep', intervalMs: everyMs, logger, run: () => sweepAutomations(db, clock(), { logger, batch }) });
