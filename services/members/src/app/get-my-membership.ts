import type { MemberDetail } from '@akhada/contracts';
import { notFound, type RequestContext } from '@akhada/kit';
import { findMemberInOrg } from '../db/members-repo.ts';
import { memberDetailView } from './access.ts';
import type { MembersDeps } from './deps.ts';

/** A member's own membership: their member id is their user id; nobody else's record is reachable from here. */
export const getMyMembership = async (deps: Pick<MembersDeps, 'db' | 'clock' | 'timeZone' | 'directory'>, ctx: RequestContext): Promise<MemberDetail> => {
  const row = await findMemberInOrg(deps.db, ctx.orgId, ctx.userId);
  if (!row || row.membership_status === 'archived') throw notFound('Membership');
  return memberDetailView(deps, row);
};
