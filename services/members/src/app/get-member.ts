import type { MemberDetail } from '@akhada/contracts';
import { notFound, type RequestContext } from '@akhada/kit';
import { findMember } from '../db/members-repo.ts';
import { memberDetailView } from './access.ts';
import { contactHiddenAmong } from '../db/privacy-repo.ts';
import type { MembersDeps } from './deps.ts';

/**
 * One member with their terms, if it belongs to the caller's organization and to a location the caller may see.
 * Anything else is "not found", never "forbidden", so ids of other gyms reveal nothing.
 */
export const getMember = async (deps: Pick<MembersDeps, 'db' | 'clock' | 'timeZone' | 'directory'>, ctx: RequestContext, id: string): Promise<MemberDetail> => {
  if (ctx.locationIds.length === 0) throw notFound('Member');
  const row = await findMember(deps.db, { orgId: ctx.orgId, locationIds: ctx.locationIds }, id);
  if (!row) throw notFound('Member');
  const hidden = ctx.role === 'trainer' && (await contactHiddenAmong(deps.db, [row.id])).has(row.id);
  return memberDetailView(deps, row, hidden);
};
