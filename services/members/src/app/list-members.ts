import type { Member, MemberListQuery } from '@akhada/contracts';
import { assertLocation, forbidden, isStaff, type RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { findMemberPage } from '../db/members-repo.ts';
import { toMember } from '../views/member-view.ts';
import { todayFor, type MembersDeps } from './deps.ts';

export type ListMembersQuery = z.infer<typeof MemberListQuery>;

export interface MemberPage {
  members: Member[];
  totalCount: number;
  page: number;
  limit: number;
  totalPages: number;
}

/**
 * Staff and trainers see the members of the locations they may see, in their own organization only; members may not
 * list other members. Newest first, ties broken by id, so pages never overlap or skip.
 */
export const listMembers = async (deps: Pick<MembersDeps, 'db' | 'clock' | 'timeZone'>, ctx: RequestContext, query: ListMembersQuery): Promise<MemberPage> => {
  if (!isStaff(ctx) && ctx.role !== 'trainer') throw forbidden('Only gym staff and trainers can see the members list');
  if (query.locationId) assertLocation(ctx, query.locationId);
  const locationIds = query.locationId ? [query.locationId] : ctx.locationIds;
  const { page, limit } = query;
  if (locationIds.length === 0) return { members: [], totalCount: 0, page, limit, totalPages: 0 };

  const today = todayFor(deps);
  const { rows, totalCount } = await findMemberPage(
    deps.db,
    { orgId: ctx.orgId, locationIds },
    { search: query.search, status: query.status, membershipType: query.membershipType },
    { today, offset: (page - 1) * limit, limit },
  );
  return { members: rows.map((r) => toMember(r, today)), totalCount, page, limit, totalPages: Math.ceil(totalCount / limit) };
};
