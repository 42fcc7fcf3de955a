import type { AutomationBody, AutomationRunStatus, AutomationSkipReason, BuiltinAutomation } from '@akhada/contracts';
import { newId, type Executor } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import { BUILTIN_RULES } from '../domain/automations.ts';
import type { AutomationActionOutcome, AutomationRow, AutomationRunRow, NotificationsDb } from './schema.ts';

const json = (v: unknown) => JSON.stringify(v) as never;

/**
 * The built-in rules of every organization this service knows (its directory, its members) that has not got them yet, or of one
 * organization: one row per key, the unique (org_id, builtin) making a second call (or two instances at once) a no-op.
 * A deleted built-in cannot happen (the route refuses), so "has not got it" is "no row".
 */
export const seedBuiltins = async (db: Executor<NotificationsDb>, now: Date, orgId?: string): Promise<number> => {
  // Seen: in the directory (auth's organization_created), or through a member of theirs (members' events may come first).
  const orgs = orgId
    ? (await db.selectFrom('automations').select('id').where('org_id', '=', orgId).where('builtin', 'is not', null).limit(1).executeTakeFirst())
      ? []
      : [orgId]
    : (
        await sql<{ org_id: string }>`
          select o.org_id from (select org_id from kit_organizations union select distinct org_id from member_copies) o
          where not exists (select 1 from automations a where a.org_id = o.org_id and a.builtin is not null)`.execute(db)
      ).rows.map((r) => r.org_id);
  if (orgs.length === 0) return 0;
  const rows = orgs.flatMap((org) =>
    (Object.entries(BUILTIN_RULES) as [BuiltinAutomation, (typeof BUILTIN_RULES)[BuiltinAutomation]][]).map(([key, b], i) => ({
      id: newId(),
      org_id: org,
      name: b.name,
      builtin: key,
      status: 'active' as const,
      trigger_type: b.trigger.type,
      trigger: json(b.trigger),
      wait: null,
      conditions: json({ planIds: [], stillTrue: true }),
      location_ids: [],
      actions: json(b.actions),
      created_by: null,
      // In the catalogue's order (the list shows built-ins first, by created_at), and early enough that "joined since
      // the rule was made" holds for whoever joins from the organization's first day.
      created_at: new Date(now.getTime() - 86_400_000 + i),
      updated_at: now,
      deleted_at: null,
    })),
  );
  const inserted = await db
    .insertInto('automations')
    .values(rows)
    .onConflict((oc) => oc.constraint('automations_builtin_uq').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
};

export interface RuleStats {
  done: number;
  skipped: number;
  waiting: number;
  lastRunAt: Date | null;
}

/** The organization's rules not deleted (built-in first, then oldest first), with their run counts. */
/** `locationIds`: an admin's — the counts are of their locations' people only (null: the whole organization). */
export const listRules = async (
  db: Executor<NotificationsDb>,
  orgId: string,
  locationIds: readonly string[] | null = null,
): Promise<{ row: AutomationRow; stats: RuleStats }[]> => {
  const rows = await db
    .selectFrom('automations')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('deleted_at', 'is', null)
    .orderBy(sql`builtin is null`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const stats = await statsOf(
    db,
    orgId,
    rows.map((r) => r.id),
    locationIds,
  );
  return rows.map((row) => ({ row, stats: stats.get(row.id) ?? { done: 0, skipped: 0, waiting: 0, lastRunAt: null } }));
};

export const statsOf = async (
  db: Executor<NotificationsDb>,
  orgId: string,
  ruleIds: readonly string[],
  locationIds: readonly string[] | null = null,
): Promise<Map<string, RuleStats>> => {
  if (ruleIds.length === 0) return new Map();
  let q = db
    .selectFrom('automation_runs')
    .select([
      'rule_id',
      sql<number>`count(*) filter (where status = 'done')::int`.as('done'),
      sql<number>`count(*) filter (where status = 'skipped')::int`.as('skipped'),
      sql<number>`count(*) filter (where status = 'waiting')::int`.as('waiting'),
      sql<Date | null>`max(done_at)`.as('last'),
    ])
    .where('org_id', '=', orgId)
    .where('rule_id', 'in', [...ruleIds])
    .groupBy('rule_id');
  if (locationIds) q = locationIds.length ? q.where('location_id', 'in', [...locationIds]) : q.where(sql<boolean>`false`);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.rule_id, { done: r.done, skipped: r.skipped, waiting: r.waiting, lastRunAt: r.last }]));
};

/** One rule of the organization (deleted ones too when asked: the run log stays readable). */
export const findRule = (db: Executor<NotificationsDb>, orgId: string, id: string, o: { deleted?: boolean; forUpdate?: boolean } = {}) => {
  let q = db.selectFrom('automations').selectAll().where('org_id', '=', orgId).where('id', '=', id);
  if (!o.deleted) q = q.where('deleted_at', 'is', null);
  if (o.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
};

const fields = (b: AutomationBody) => ({
  name: b.name,
  trigger_type: b.trigger.type,
  trigger: json(b.trigger),
  wait: b.wait ? json(b.wait) : null,
  conditions: json(b.conditions),
  location_ids: [...new Set(b.locationIds)],
  actions: json(b.actions),
});

export const insertRule = (db: Executor<NotificationsDb>, r: { id: string; orgId: string; body: AutomationBody; by: string; now: Date }) =>
  db
    .insertInto('automations')
    .values({
      id: r.id,
      org_id: r.orgId,
      builtin: null,
      status: r.body.status,
      ...fields(r.body),
      created_by: r.by,
      created_at: r.now,
      updated_at: r.now,
      deleted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** A rule's new definition (its status is changed by pause/resume only). */
export const updateRule = (db: Executor<NotificationsDb>, orgId: string, id: string, body: AutomationBody, now: Date) =>
  db
    .updateTable('automations')
    .set({ ...fields(body), updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

export const setRuleStatus = (db: Executor<NotificationsDb>, orgId: string, id: string, status: 'active' | 'paused', now: Date) =>
  db
    .updateTable('automations')
    .set({ status, updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

export const deleteRule = (db: Executor<NotificationsDb>, orgId: string, id: string, now: Date) =>
  db
    .updateTable('automations')
    .set({ deleted_at: now, updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('builtin', 'is', null)
    .returning('id')
    .executeTakeFirst();

/** Every active rule the sweep matches (all organizations). */
export const activeRules = (db: Executor<NotificationsDb>) =>
  db.selectFrom('automations').selectAll().where('deleted_at', 'is', null).where('status', '=', 'active').execute();

export const activeRulesOf = (db: Executor<NotificationsDb>, orgId: string, triggerType: AutomationRow['trigger_type']) =>
  db
    .selectFrom('automations')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('trigger_type', '=', triggerType)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'active')
    .execute();

export interface NewRun {
  ruleId: string;
  orgId: string;
  personId: string;
  personKind: 'member' | 'lead';
  personName: string;
  locationId: string | null;
  occurrence: string;
  triggeredAt: Date;
  dueAt: Date;
}

/** Starts runs; one that exists for the same rule, person and occurrence is left as it is (never twice). Returns the new ones. */
export const insertRuns = async (db: Executor<NotificationsDb>, runs: readonly NewRun[]): Promise<string[]> => {
  if (runs.length === 0) return [];
  const inserted = await db
    .insertInto('automation_runs')
    .values(
      runs.map((r) => ({
        id: newId(),
        rule_id: r.ruleId,
        org_id: r.orgId,
        person_id: r.personId,
        person_kind: r.personKind,
        person_name: r.personName,
        location_id: r.locationId,
        occurrence: r.occurrence,
        status: 'waiting' as const,
        reason: null,
        triggered_at: r.triggeredAt,
        due_at: r.dueAt,
        done_at: null,
      })),
    )
    .onConflict((oc) => oc.constraint('automation_runs_once').doNothing())
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
};

/**
 * The next due waiting runs, locked for this transaction; a run another sweep holds is skipped over (SKIP LOCKED), so two
 * instances never do the same run, and a run whose transaction died is waiting again for the next sweep.
 */
export const claimDueRuns = (trx: Transaction<NotificationsDb>, now: Date, limit: number): Promise<AutomationRunRow[]> =>
  trx
    .selectFrom('automation_runs')
    .selectAll()
    .where('status', '=', 'waiting')
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();

export const finishRun = (
  trx: Transaction<NotificationsDb>,
  id: string,
  f: { status: Exclude<AutomationRunStatus, 'waiting'>; reason: AutomationSkipReason | null; actions: AutomationActionOutcome[]; at: Date },
) =>
  trx
    .updateTable('automation_runs')
    .set({ status: f.status, reason: f.reason, actions: json(f.actions), done_at: f.at })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .execute();

/** A rule's run log, newest first. */
export const runsPage = async (
  db: Executor<NotificationsDb>,
  orgId: string,
  ruleId: string,
  q: { status?: AutomationRunStatus; offset: number; limit: number; locationIds?: readonly string[] | null },
): Promise<{ rows: AutomationRunRow[]; total: number }> => {
  let base = db.selectFrom('automation_runs').where('org_id', '=', orgId).where('rule_id', '=', ruleId);
  // An admin reads the runs of their locations' people only.
  if (q.locationIds) base = q.locationIds.length ? base.where('location_id', 'in', [...q.locationIds]) : base.where(sql<boolean>`false`);
  if (q.status) base = base.where('status', '=', q.status);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('triggered_at', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};
