import { PLAN_TERMS, type EventEnvelope, type PlanId } from '@akhada/contracts';
import { periodicJob, type Logger } from '@akhada/kit';
import { DEFAULT_TIME_ZONE, dateIn, timeIn } from '@akhada/kit/domain';
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { NotificationsDb } from '../db/schema.ts';
import { overdueUrgency } from '../domain/rules.ts';
import { applyRule } from './rules-engine.ts';

/** A name-based UUID (version 5 layout over SHA-1): the same reminder always gets the same id, so it notifies once. */
export const reminderId = (name: string): string => {
  const h = createHash('sha1').update(`akhada.notifications.reminder:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
};

const reminder = (
  type: string,
  name: string,
  orgId: string,
  now: Date,
  data: Record<string, unknown>,
  locationId?: string | null,
): EventEnvelope<Record<string, unknown>> => {
  const id = reminderId(name);
  return {
    eventId: id,
    type,
    version: 1,
    occurredAt: now.toISOString(),
    orgId,
    ...(locationId ? { locationId } : {}),
    aggregateId: name,
    correlationId: id,
    causationId: id,
    data,
  };
};

/** Days before the end the member (and staff) are reminded; days before a trial ends its owners are. */
export const EXPIRY_REMINDER_DAYS = [7, 1] as const;
export const TRIAL_REMINDER_DAYS = [3, 1] as const;
/** Owners are told once per plan when the members reach this share of its limit. */
export const PLAN_LIMIT_SHARE = 0.8;
/** A booked member is reminded of a class 2 hours before it starts; none within its last half hour. */
export const CLASS_REMINDER_AHEAD_MS = 2 * 60 * 60_000;
export const CLASS_REMINDER_CUTOFF_MS = 30 * 60_000;

/**
 * The reminders no other service announces, raised from this service's own copies: memberships ending in 7 days and
 * in 1 day (by the location's calendar day; staff's alert — the member's own reminder is the built-in automation's), free trials ending in 3 days and tomorrow, and members near the plan's
 * limit, and booked classes 2 hours ahead. Each reminder's id is derived from what it reminds of, so running the sweep again notifies nobody twice.
 */
export const sweepReminders = async (db: Kysely<NotificationsDb>, now: Date): Promise<number> => {
  const envs: EventEnvelope<Record<string, unknown>>[] = [];
  const expiring = await db
    .selectFrom('member_copies as m')
    .leftJoin('kit_locations as l', 'l.location_id', 'm.location_id')
    .select([
      'm.member_id',
      'm.org_id',
      'm.location_id',
      sql<string>`to_char(m.end_date, 'YYYY-MM-DD')`.as('end_date'),
      sql<number>`(m.end_date - (${now}::timestamptz at time zone coalesce(l.timezone, ${DEFAULT_TIME_ZONE}::text))::date)`.as('days'),
    ])
    .where('m.status', '=', 'active')
    .where('m.end_date', 'is not', null)
    .where(
      sql<boolean>`(m.end_date - (${now}::timestamptz at time zone coalesce(l.timezone, ${DEFAULT_TIME_ZONE}::text))::date) in (${sql.join([...EXPIRY_REMINDER_DAYS])})`,
    )
    .execute();
  for (const m of expiring)
    envs.push(
      reminder(
        'notifications.membership_expiring',
        `expiring:${m.member_id}:${m.end_date}:${m.days}`,
        m.org_id,
        now,
        { memberId: m.member_id, endDate: m.end_date, days: Number(m.days) },
        m.location_id,
      ),
    );

  const trials = await db
    .selectFrom('kit_organizations')
    .select([
      'org_id',
      sql<string>`to_char(trial_ends_at at time zone ${DEFAULT_TIME_ZONE}::text, 'YYYY-MM-DD')`.as('date'),
      sql<number>`((trial_ends_at at time zone ${DEFAULT_TIME_ZONE}::text)::date - (${now}::timestamptz at time zone ${DEFAULT_TIME_ZONE}::text)::date)`.as(
        'days',
      ),
    ])
    .where('plan', '=', 'free')
    .where('trial_ends_at', 'is not', null)
    .where(
      sql<boolean>`((trial_ends_at at time zone ${DEFAULT_TIME_ZONE}::text)::date - (${now}::timestamptz at time zone ${DEFAULT_TIME_ZONE}::text)::date) in (${sql.join([...TRIAL_REMINDER_DAYS])})`,
    )
    .execute();
  for (const t of trials)
    envs.push(reminder('notifications.trial_ending', `trial:${t.org_id}:${t.date}:${t.days}`, t.org_id, now, { days: Number(t.days), date: t.date }));

  const counts = await db
    .selectFrom('member_copies as m')
    .innerJoin('kit_organizations as o', 'o.org_id', 'm.org_id')
    .select(['m.org_id', 'o.plan', sql<number>`count(*)`.as('n')])
    .where('m.status', 'in', ['active', 'pending', 'frozen'])
    .groupBy(['m.org_id', 'o.plan'])
    .execute();
  for (const c of counts) {
    const limit = PLAN_TERMS[c.plan as PlanId]?.members;
    if (!limit || Number(c.n) < Math.ceil(limit * PLAN_LIMIT_SHARE)) continue;
    envs.push(reminder('notifications.plan_limit_near', `plan-limit:${c.org_id}:${c.plan}`, c.org_id, now, { count: Number(c.n), limit }));
  }

  const overdue = await db
    .selectFrom('payment_copies')
    .select([
      'payment_id',
      'org_id',
      'location_id',
      'member_id',
      'member_name',
      'total_paise',
      sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date'),
      sql<number>`((${now}::timestamptz at time zone ${DEFAULT_TIME_ZONE}::text)::date - due_date)`.as('days'),
    ])
    .where('status', '=', 'pending')
    .where('due_date', 'is not', null)
    .where(sql<boolean>`due_date < (${now}::timestamptz at time zone ${DEFAULT_TIME_ZONE}::text)::date`)
    .execute();
  for (const p of overdue) {
    // The member's own reminders (1, 3 and 7 days) are the built-in automations' (consumers/automations.ts).
    const urgency = overdueUrgency(Number(p.days));
    if (!urgency) continue;
    envs.push(
      reminder(
        'notifications.payment_overdue',
        `overdue:${p.payment_id}:${urgency.label}`,
        p.org_id,
        now,
        {
          paymentId: p.payment_id,
          memberId: p.member_id,
          memberName: p.member_name,
          amountPaise: Number(p.total_paise),
          dueDate: p.due_date,
          daysOverdue: Number(p.days),
        },
        p.location_id,
      ),
    );
  }

  // Classes starting within the next 2 hours (and not in the next half hour: too late to be of use), to each member
  // with a place. One reminder per member, class and start (a class moved to another time reminds again).
  const classes = await db
    .selectFrom('class_copies as c')
    .innerJoin('class_places as p', 'p.class_id', 'c.class_id')
    .leftJoin('kit_locations as l', 'l.location_id', 'c.location_id')
    .select(['c.class_id', 'c.org_id', 'c.location_id', 'c.class_name', 'c.starts_at', 'p.member_id', 'l.timezone'])
    .where('c.cancelled', '=', false)
    .where('p.status', '=', 'booked')
    .where('c.starts_at', '>', new Date(now.getTime() + CLASS_REMINDER_CUTOFF_MS))
    .where('c.starts_at', '<=', new Date(now.getTime() + CLASS_REMINDER_AHEAD_MS))
    .execute();
  for (const c of classes) {
    const zone = c.timezone ?? DEFAULT_TIME_ZONE;
    envs.push(
      reminder(
        'notifications.class_reminder',
        `class:${c.class_id}:${c.member_id}:${c.starts_at.toISOString()}`,
        c.org_id,
        now,
        { classId: c.class_id, memberId: c.member_id, className: c.class_name, date: dateIn(zone, c.starts_at), time: timeIn(zone, c.starts_at) },
        c.location_id,
      ),
    );
  }

  let notified = 0;
  for (const env of envs) notified += (await db.transaction().execute((trx) => applyRule(trx, env))).length;
  return notified;
};

/** Runs the sweep now and every `everyMs` (default 15 minutes), one at a time (the kit's periodicJob); stop() waits for a sweep in progress. */
export const startReminders = ({
  db,
  logger,
  everyMs = 15 * 60_000,
  clock = () => new Date(),
}: {
  db: Kysely<NotificationsDb>;
  logger: Logger;
  everyMs?: number;
  clock?: () => Date;
}) => periodicJob({ name: 'reminder sweep', intervalMs: everyMs, logger, run: () => sweepReminders(db, clock()) });
