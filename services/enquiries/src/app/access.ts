import type { RequestContext } from '@akhada/kit';
import { notFound } from '@akhada/kit/domain';
import { followUpsOf, leadOf, timelineOf, trialPassesOf, type LeadRow } from '../db/leads-repo.ts';
import type { LeadFilter } from '../db/leads-repo.ts';
import { staffNames } from '../db/staff-repo.ts';
import { toLeadDetail } from '../views/lead.ts';
import type { EnquiriesDeps } from './deps.ts';

/**
 * Who sees which leads: an owner every lead of the organization, an admin the leads of their locations, a trainer the
 * leads assigned to them. Anything else is "not found" (the same answer as another organization's id).
 */
export const maySee = (ctx: RequestContext, lead: Pick<LeadRow, 'location_id' | 'owner_id'>): boolean => {
  if (ctx.role === 'trainer') return lead.owner_id === ctx.userId;
  if (ctx.role === 'owner') return true;
  return ctx.locationIds.includes(lead.location_id);
};

/** The scope of a list for the caller (see maySee). */
export const scopeOf = (ctx: RequestContext): Pick<LeadFilter, 'orgId' | 'locationIds' | 'ownerId'> =>
  ctx.role === 'trainer'
    ? { orgId: ctx.orgId, locationIds: null, ownerId: ctx.userId }
    : { orgId: ctx.orgId, locationIds: ctx.role === 'owner' ? null : ctx.locationIds };

/** A lead the caller may see (another organization's, or one they may not see: 404). */
export const visibleLead = async (deps: Pick<EnquiriesDeps, 'db'>, ctx: RequestContext, id: string): Promise<LeadRow> => {
  const lead = await leadOf(deps.db, ctx.orgId, id);
  if (!lead || !maySee(ctx, lead)) throw notFound('Lead');
  return lead;
};

/** A lead with its timeline (newest first), follow-ups and trial passes, as the contract shows it. */
export const leadDetail = async (deps: Pick<EnquiriesDeps, 'db'>, lead: LeadRow) => {
  const [timeline, followUps, passes, names] = await Promise.all([
    timelineOf(deps.db, lead.id),
    followUpsOf(deps.db, lead.id),
    trialPassesOf(deps.db, lead.id),
    staffNames(deps.db, lead.org_id, [lead.owner_id]),
  ]);
  return toLeadDetail(lead, timeline, followUps, passes, names);
};
