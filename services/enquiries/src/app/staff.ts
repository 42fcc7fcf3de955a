import type { LeadStaffMember } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { notFound } from '@akhada/kit/domain';
import { isStaffOf, staffOf } from '../db/staff-repo.ts';
import type { EnquiriesDeps } from './deps.ts';

/** GET /enquiries/staff: whom the caller's organization can give a lead to. */
export const leadStaff = (deps: Pick<EnquiriesDeps, 'db'>, ctx: RequestContext): Promise<LeadStaffMember[]> => staffOf(deps.db, ctx.orgId);

/**
 * A lead's new owner must be the caller or a staff member of the caller's organization: another organization's id, a
 * member's or one nobody has is "not found" (the same answer for each). Nobody (null) is always allowed.
 */
export const assertOwnerIsStaff = async (deps: Pick<EnquiriesDeps, 'db'>, ctx: RequestContext, ownerId: string | null): Promise<void> => {
  if (ownerId === null || ownerId === ctx.userId) return;
  if (!(await isStaffOf(deps.db, ctx.orgId, ownerId))) throw notFound('Staff member');
};
