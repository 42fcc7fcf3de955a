import type { LeadStaffMember } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { notFound } from '@akhada/kit/domain';
import { saveStaff, staffOf, staffOrgOf } from '../db/staff-repo.ts';
import type { EnquiriesDeps } from './deps.ts';

/** GET /enquiries/staff: whom the caller's organization can give a lead to. */
export const leadStaff = (deps: Pick<EnquiriesDeps, 'db'>, ctx: RequestContext): Promise<LeadStaffMember[]> => staffOf(deps.db, ctx.orgId);

/**
 * A lead's new owner must be the caller or a staff member of the caller's organization: another organization's id, a
 * member's or one nobody has is "not found" (the same answer for each). Nobody (null) is always allowed. Staff added a
 * moment ago, whose name has not travelled here yet, are asked of the services that own staff (staffDirectory, with the
 * caller's token: only the caller's gym answers) and kept, so the lead is theirs at once.
 */
export const assertOwnerIsStaff = async (deps: Pick<EnquiriesDeps, 'db' | 'staffDirectory'>, ctx: RequestContext, ownerId: string | null): Promise<void> => {
  if (ownerId === null || ownerId === ctx.userId) return;
  const known = await staffOrgOf(deps.db, ownerId);
  if (known === ctx.orgId) return;
  const found = known === undefined && deps.staffDirectory ? await deps.staffDirectory(ownerId, ctx) : null;
  if (!found) throw notFound('Staff member');
  await saveStaff(deps.db, { id: found.id, orgId: ctx.orgId, firstName: found.firstName, lastName: found.lastName });
};
