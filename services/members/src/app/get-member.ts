import type { Member } from '@akhada/contracts';
import { forbidden, isStaff, notFound, type RequestContext } from '@akhada/kit';
import { todayFor, type MembersDeps } from './deps.ts';
import { toMember } from './member-view.ts';

/**
 * One member, if it belongs to the caller's organization and to a location the caller may see. Anything else is
 * "not found", never "forbidden", so ids of other gyms reveal nothing.
 */
export const getMember = async (deps: Pick<MembersDeps, 'db' | 'clock' | 'timeZone'>, ctx: RequestContext, id: string): Promise<Member> => {
  if (!isStaff(ctx) && ctx.role !== 'trainer') throw forbidden('Only gym staff and trainers can see member records');
  if (ctx.locationIds.length === 0) throw notFound('Member');
  const row = await deps.db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', ctx.orgId)
    .where('location_id', 'in', ctx.locationIds)
    .executeTakeFirst();
  if (!row) throw notFound('Member');
  return toMember(row, todayFor(deps));
};
