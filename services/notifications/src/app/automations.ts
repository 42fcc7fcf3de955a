import type { AutomationBody, AutomationRule, AutomationRun, AutomationRunStatus } from '@akhada/contracts';
import { conflict, forbidden, newId, notFound, type RequestContext } from '@akhada/kit';
import { deleteRule, findRule, insertRule, listRules, runsPage, setRuleStatus, statsOf, updateRule } from '../db/automations-repo.ts';
import type { AutomationRow } from '../db/schema.ts';
import { checkBuiltinEdit, checkRule } from '../domain/automations.ts';
import { pageOffset, totalPages } from '../domain/pagination.ts';
import { toAutomationRule, toAutomationRun } from '../views/automation-view.ts';
import type { NotificationsDeps } from './deps.ts';

/**
 * Automations' routes (owners and admins; the contract's roles): the organization's rules and their run logs.
 * An owner has every rule. An admin sees the organization-wide rules and those reaching one of their locations, and
 * changes only rules scoped to locations all of which they run — a rule for the whole gym (every built-in) is the owner's.
 */

type Caller = Pick<RequestContext, 'userId' | 'orgId' | 'role' | 'locationIds'>;
type Deps = Pick<NotificationsDeps, 'db' | 'clock'>;

const visibleTo = (c: Caller, r: Pick<AutomationRow, 'location_ids'>): boolean =>
  c.role === 'owner' || r.location_ids.length === 0 || r.location_ids.some((l) => c.locationIds.includes(l));

const assertMayChange = (c: Caller, locationIds: readonly string[]): void => {
  if (c.role === 'owner') return;
  if (locationIds.length === 0 || !locationIds.every((l) => c.locationIds.includes(l)))
    throw forbidden('Only the owner can change a rule for the whole gym or for locations you do not run');
};

/** A rule of the caller's organization they may see (404 otherwise, the same answer as a rule that does not exist). */
const ruleFor = async (d: Deps, c: Caller, id: string, o: { deleted?: boolean } = {}): Promise<AutomationRow> => {
  const row = await findRule(d.db, c.orgId, id, o);
  if (!row || !visibleTo(c, row)) throw notFound('Automation');
  return row;
};

/** The body's locations are the organization's (an admin: their own, checked by assertMayChange); its templates too. */
const checkReferences = async (d: Deps, c: Caller, body: AutomationBody): Promise<void> => {
  checkRule(body);
  assertMayChange(c, body.locationIds);
  if (body.locationIds.length) {
    const known = await d.db
      .selectFrom('kit_locations')
      .select('location_id')
      .where('org_id', '=', c.orgId)
      .where('location_id', 'in', body.locationIds)
      .execute();
    const ok = new Set([...known.map((k) => k.location_id), ...c.locationIds]);
    if (!body.locationIds.every((l) => ok.has(l))) throw notFound('Location');
  }
  const templateIds = body.actions.flatMap((a) => (a.type === 'send_template' ? [a.templateId] : []));
  if (templateIds.length) {
    const found = await d.db
      .selectFrom('message_templates')
      .select('id')
      .where('org_id', '=', c.orgId)
      .where('id', 'in', templateIds)
      .where('archived_at', 'is', null)
      .execute();
    if (found.length !== new Set(templateIds).size) throw notFound('Template');
  }
};

/** Whose runs the caller reads: an owner everyone's, an admin their locations' people's. */
const scopeOf = (c: Caller): readonly string[] | null => (c.role === 'owner' ? null : c.locationIds);

const withStats = async (d: Deps, c: Caller, row: AutomationRow): Promise<AutomationRule> =>
  toAutomationRule(row, (await statsOf(d.db, c.orgId, [row.id], scopeOf(c))).get(row.id));

/** A read writes nothing: the built-in rules were made when the organization's owner was first seen (or by the sweep). */
export const listAutomations = async (d: Deps, c: Caller): Promise<AutomationRule[]> =>
  (await listRules(d.db, c.orgId, scopeOf(c))).filter(({ row }) => visibleTo(c, row)).map(({ row, stats }) => toAutomationRule(row, stats));

export const createAutomation = async (d: Deps, c: Caller, body: AutomationBody): Promise<AutomationRule> => {
  await checkReferences(d, c, body);
  const row = await insertRule(d.db, { id: newId(), orgId: c.orgId, body, by: c.userId, now: d.clock() });
  return toAutomationRule(row, undefined);
};

export const updateAutomation = async (d: Deps, c: Caller, id: string, body: AutomationBody): Promise<AutomationRule> => {
  const before = await ruleFor(d, c, id);
  assertMayChange(c, before.location_ids);
  checkBuiltinEdit(before.builtin, before.trigger, body.trigger);
  await checkReferences(d, c, body);
  const row = await updateRule(d.db, c.orgId, id, body, d.clock());
  if (!row) throw notFound('Automation');
  return withStats(d, c, row);
};

export const setAutomationStatus = async (d: Deps, c: Caller, id: string, status: 'active' | 'paused'): Promise<AutomationRule> => {
  const before = await ruleFor(d, c, id);
  assertMayChange(c, before.location_ids);
  const row = await setRuleStatus(d.db, c.orgId, id, status, d.clock());
  if (!row) throw notFound('Automation');
  return withStats(d, c, row);
};

export const deleteAutomation = async (d: Deps, c: Caller, id: string): Promise<void> => {
  const before = await ruleFor(d, c, id);
  assertMayChange(c, before.location_ids);
  if (before.builtin) throw conflict('BUILTIN_RULE', 'A built-in rule cannot be deleted; pause it instead');
  if (!(await deleteRule(d.db, c.orgId, id, d.clock()))) throw notFound('Automation');
};

export const automationRuns = async (
  d: Deps,
  c: Caller,
  id: string,
  q: { page: number; limit: number; status?: AutomationRunStatus | undefined },
): Promise<{ runs: AutomationRun[]; total: number; page: number; limit: number; totalPages: number }> => {
  await ruleFor(d, c, id, { deleted: true });
  const { rows, total } = await runsPage(d.db, c.orgId, id, {
    ...(q.status ? { status: q.status } : {}),
    offset: pageOffset(q.page, q.limit),
    limit: q.limit,
    locationIds: scopeOf(c),
  });
  return { runs: rows.map(toAutomationRun), total, page: q.page, limit: q.limit, totalPages: totalPages(total, q.limit) };
};
