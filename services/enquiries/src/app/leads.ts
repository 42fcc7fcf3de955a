import type { EditLeadBody, LeadDetail, LeadList, LeadsQuery, LostReason, OpenLeadStage } from '@akhada/contracts';
import { executeCommand, inTransaction, isUniqueViolation, metadataOf, type RequestContext } from '@akhada/kit';
import { conflict } from '@akhada/kit/domain';
import { lead } from '../aggregates/lead.ts';
import { leadByPhone, leadOf, listLeads as listRows, lockPhone, nextFollowUps, type LeadRow } from '../db/leads-repo.ts';
import { phoneKey, type LeadCommand } from '../domain/lead/decider.ts';
import { staffNames } from '../db/staff-repo.ts';
import { toLead } from '../views/lead.ts';
import { leadDetail, scopeOf, visibleLead } from './access.ts';
import type { EnquiriesDeps } from './deps.ts';
import { assertOwnerIsStaff } from './staff.ts';

type Deps = Pick<EnquiriesDeps, 'db' | 'clock'>;
type Data<T extends LeadCommand['type']> = Omit<Extract<LeadCommand, { type: T }>['data'], 'actorId' | 'at'>;

const duplicatePhone = () => conflict('CONFLICT', 'Another lead has this phone number. Open that lead instead.');

/** The leads the caller may see, filtered and a page of them. A trainer's are only their own. */
export const listLeads = async (deps: Pick<EnquiriesDeps, 'db'>, ctx: RequestContext, q: LeadsQuery): Promise<LeadList> => {
  const scope = scopeOf(ctx);
  const filter = { ...scope, ownerId: scope.ownerId ?? q.ownerId, stage: q.stage, source: q.source, locationId: q.locationId, search: q.search };
  const { rows, total } = await listRows(deps.db, filter, q.page, q.limit);
  const [next, names] = await Promise.all([
    nextFollowUps(
      deps.db,
      rows.map((r) => r.id),
    ),
    staffNames(
      deps.db,
      ctx.orgId,
      rows.map((r) => r.owner_id),
    ),
  ]);
  return {
    success: true,
    data: rows.map((r) => toLead(r, next.get(r.id) ?? null, names)),
    totalCount: total,
    pagination: { page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) },
  };
};

export const getLead = async (deps: Pick<EnquiriesDeps, 'db'>, ctx: RequestContext, id: string): Promise<LeadDetail> =>
  leadDetail(deps, await visibleLead(deps, ctx, id));

/** Runs one command on a lead the caller may see and answers the lead as it is now. */
export const commandOnLead = async <T extends LeadCommand['type']>(
  deps: Deps,
  ctx: RequestContext,
  id: string,
  type: T,
  data: Data<T>,
): Promise<LeadDetail> => {
  const row = await visibleLead(deps, ctx, id);
  const command = { type, data: { ...data, actorId: ctx.userId, at: deps.clock().toISOString() } } as LeadCommand;
  await executeCommand(deps.db, lead, row.id, command, metadataOf(ctx, { locationId: row.location_id }));
  return leadDetail(deps, (await leadOf(deps.db, ctx.orgId, id)) as LeadRow);
};

/** Changes details; a new phone number is checked against the organization's other leads under that number's lock. */
export const editLead = async (deps: Deps, ctx: RequestContext, id: string, body: EditLeadBody): Promise<LeadDetail> => {
  const row = await visibleLead(deps, ctx, id);
  const key = body.phone === undefined ? undefined : phoneKey(body.phone);
  const changes = {
    name: body.name,
    phone: body.phone,
    phoneKey: key,
    email: body.email,
    interest: body.interest,
    source: body.source,
    preferredTime: body.preferredTime,
    notes: body.notes,
  };
  await inTransaction(deps.db, async (trx) => {
    if (key !== undefined && key !== row.phone_key) {
      await lockPhone(trx, ctx.orgId, key);
      if (await leadByPhone(trx, ctx.orgId, key)) throw duplicatePhone();
    }
    await executeCommand(
      trx,
      lead,
      row.id,
      { type: 'EditLead', data: { changes, actorId: ctx.userId, at: deps.clock().toISOString() } },
      metadataOf(ctx, { locationId: row.location_id }),
      { mapError: (err) => (isUniqueViolation(err, 'leads_org_phone_key') ? duplicatePhone() : err) },
    );
  });
  return leadDetail(deps, (await leadOf(deps.db, ctx.orgId, id)) as LeadRow);
};

export const moveStage = (deps: Deps, ctx: RequestContext, id: string, stage: OpenLeadStage) => commandOnLead(deps, ctx, id, 'MoveStage', { stage });
export const loseLead = (deps: Deps, ctx: RequestContext, id: string, reason: LostReason, note: string | undefined) =>
  commandOnLead(deps, ctx, id, 'LoseLead', { reason, note: note ?? '' });
export const reopenLead = (deps: Deps, ctx: RequestContext, id: string) => commandOnLead(deps, ctx, id, 'ReopenLead', {});
export const addNote = (deps: Deps, ctx: RequestContext, id: string, text: string) => commandOnLead(deps, ctx, id, 'AddNote', { text });

/** Owners and admins (the contract's roles) give a lead to a staff member of theirs, or to nobody. */
export const assignLead = async (deps: Deps & Pick<EnquiriesDeps, 'staffDirectory'>, ctx: RequestContext, id: string, ownerId: string | null) => {
  await visibleLead(deps, ctx, id);
  await assertOwnerIsStaff(deps, ctx, ownerId);
  return commandOnLead(deps, ctx, id, 'AssignLead', { ownerId });
};
