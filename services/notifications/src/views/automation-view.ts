import type { AutomationRule, AutomationRun } from '@akhada/contracts';
import type { RuleStats } from '../db/automations-repo.ts';
import type { AutomationRow, AutomationRunRow } from '../db/schema.ts';

/** A rule as the contract has it, with its run counts (none yet: zeros). */
export const toAutomationRule = (r: AutomationRow, stats: RuleStats | undefined): AutomationRule => ({
  _id: r.id,
  name: r.name,
  builtin: r.builtin,
  status: r.status,
  trigger: r.trigger,
  wait: r.wait,
  conditions: r.conditions,
  locationIds: r.location_ids,
  actions: r.actions,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  stats: {
    done: stats?.done ?? 0,
    skipped: stats?.skipped ?? 0,
    waiting: stats?.waiting ?? 0,
    lastRunAt: stats?.lastRunAt ? new Date(stats.lastRunAt).toISOString() : null,
  },
});

/** One line of a rule's run log. */
export const toAutomationRun = (r: AutomationRunRow): AutomationRun => ({
  _id: r.id,
  ruleId: r.rule_id,
  person: { id: r.person_id, kind: r.person_kind, name: r.person_name },
  occurrence: r.occurrence,
  status: r.status,
  reason: r.reason,
  triggeredAt: r.triggered_at.toISOString(),
  dueAt: r.due_at.toISOString(),
  doneAt: r.done_at ? r.done_at.toISOString() : null,
  actions: r.actions,
});
