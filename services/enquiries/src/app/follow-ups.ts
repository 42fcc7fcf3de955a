import type { AddFollowUpBody, LeadDetail, TodayFollowUp } from '@akhada/contracts';
import { newId, type RequestContext } from '@akhada/kit';
import { DEFAULT_TIME_ZONE, dateIn } from '@akhada/kit/domain';
import { openFollowUpsOf } from '../db/leads-repo.ts';
import { toFollowUp } from '../views/lead.ts';
import { visibleLead } from './access.ts';
import type { EnquiriesDeps } from './deps.ts';
import { commandOnLead } from './leads.ts';

/** A follow-up is the lead owner's to do (the caller's when the lead has no owner). */
export const addFollowUp = async (deps: Pick<EnquiriesDeps, 'db' | 'clock'>, ctx: RequestContext, id: string, body: AddFollowUpBody): Promise<LeadDetail> => {
  const row = await visibleLead(deps, ctx, id);
  return commandOnLead(deps, ctx, id, 'AddFollowUp', {
    followUpId: newId(),
    kind: body.kind,
    dueAt: new Date(body.dueAt).toISOString(),
    note: body.note ?? '',
    assigneeId: row.owner_id ?? ctx.userId,
  });
};

export const completeFollowUp = (deps: Pick<EnquiriesDeps, 'db' | 'clock'>, ctx: RequestContext, id: string, followUpId: string, outcome: string) =>
  commandOnLead(deps, ctx, id, 'CompleteFollowUp', { followUpId, outcome });

/**
 * The caller's follow-ups not done and due by the end of today in their lead's location's clock: overdue ones (due
 * before now) first, then the rest of today, each by due time.
 */
export const todayFollowUps = async (deps: Pick<EnquiriesDeps, 'db' | 'clock' | 'directory'>, ctx: RequestContext): Promise<TodayFollowUp[]> => {
  const now = deps.clock();
  const rows = await openFollowUpsOf(deps.db, ctx.orgId, ctx.userId, new Date(now.getTime() + 2 * 86_400_000));
  const zones = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.lead_location_id))) zones.set(id, (await deps.directory.location(id))?.timezone ?? DEFAULT_TIME_ZONE);
  return rows
    .filter((r) => {
      const zone = zones.get(r.lead_location_id) ?? DEFAULT_TIME_ZONE;
      return dateIn(zone, r.due_at) <= dateIn(zone, now);
    })
    .map((r) => ({
      ...toFollowUp(r),
      leadId: r.lead_id,
      leadName: r.lead_name,
      leadPhone: r.lead_phone,
      stage: r.lead_stage as TodayFollowUp['stage'],
      locationId: r.lead_location_id,
      overdue: r.due_at.getTime() < now.getTime(),
    }))
    .sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.dueAt.localeCompare(b.dueAt));
};
