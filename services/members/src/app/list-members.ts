import type { Member, MemberListQuery } from '@akhada/contracts';
import { assertLocation, type RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { findMemberPage } from '../db/members-repo.ts';
import { contactHiddenAmong } from '../db/privacy-repo.ts';
import { toMember } from '../views/member-view.ts';
import { todayFor, todaysAt, type MembersDeps } from './deps.ts';

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
 * list other members. Archived members are left out unless asked for by status. Newest first, ties broken by id, so
 * pages never overlap or skip. Days remaining are counted in each member's location's calendar.
 */
export const listMembers = async (
  deps: Pick<MembersDeps, 'db' | 'clock' | 'timeZone' | 'directory'>,
  ctx: RequestContext,
  query: ListMembersQuery,
): Promise<MemberPage> => {
  if (query.locationId) assertLocation(ctx, query.locationId);
  const locationIds = query.locationId ? [query.locationId] : ctx.locationIds;
  const { page, limit } = query;
  if (locationIds.length === 0) return { members: [], totalCount: 0, page, limit, totalPages: 0 };

  const { rows, totalCount } = await findMemberPage(
    deps.db,
    { orgId: ctx.orgId, locationIds },
    { search: query.search, status: query.status, membershipType: query.membershipType, trainerId: query.trainerId },
    { today: todayFor(deps), offset: (page - 1) * limit, limit },
  );
  const todays = await todaysAt(
    deps,
    rows.map((r) => r.location_id),
  );
  // Trainers do not see the phone and email of members who chose so (Settings → Privacy).
  const hidden =
    ctx.role === 'trainer'
      ? await contactHiddenAmong(
          deps.db,
          rows.map((r) => r.id),
        )
      : new Set<string>();
  return {
    members: rows.map((r) =>
      toMember(
        r,
        todays.get(r.location_id)!,
        r.trainer_id && r.trainer_first_name !== null
          ? { id: r.trainer_id, first_name: r.trainer_first_name, last_name: r.trainer_last_name!, specialization: r.trainer_specialization! }
          : undefined,
        hidden.has(r.id),
      ),
    ),
    totalCount,
    page,
    limit,
    totalPages: Math.ceil(totalCount / limit),
  };
};
