import { MembershipStatus, MembershipType } from '@akhada/contracts';
import { currentLocationId } from '../../../lib/current-location';
import type { MemberListParams } from '../../../lib/query-keys/members';
import type { RouteData } from '../../../lib/routing/route-data';
import { memberQueryOptions } from '../api/get-member';
import { myMembershipQueryOptions } from '../api/get-my-membership';
import { myMeasurementsQueryOptions } from '../api/my-measurements';
import { MEMBERS_PAGE_SIZE, membersQueryOptions } from '../api/get-members';
import type { MemberFilters } from '../components/members-filters';

/** The filters in the address (?search&status&type), ignoring values that are not valid. */
export function filtersFrom(params: URLSearchParams): MemberFilters {
  const status = MembershipStatus.safeParse(params.get('status'));
  const type = MembershipType.safeParse(params.get('type'));
  return { search: params.get('search') ?? '', status: status.success ? status.data : '', type: type.success ? type.data : '' };
}

/** ?page=, at least 1. */
export const pageFrom = (params: URLSearchParams) => Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);

/**
 * The first 50 members of a location, unfiltered: when they are all there are, the list filters them on the client
 * (as the spec says); when there are more, the filters go to the server (see serverListParams).
 */
export const firstPageParams = (locationId: string | null): MemberListParams => ({ locationId: locationId ?? undefined, page: 1, limit: MEMBERS_PAGE_SIZE });

/** The server-side request for an address: filters and page, 50 at a time. */
export function serverListParams(params: URLSearchParams, locationId: string | null): MemberListParams {
  const filters = filtersFrom(params);
  return {
    search: filters.search || undefined,
    status: filters.status || undefined,
    membershipType: filters.type || undefined,
    locationId: locationId ?? undefined,
    page: pageFrom(params),
    limit: MEMBERS_PAGE_SIZE,
  };
}

/** /dashboard/members's loader: the first page (what the list shows first in every case). */
export const membersData: RouteData = ({ user }) => [membersQueryOptions(firstPageParams(currentLocationId(user)))];

/** /dashboard/members/:id's loader. */
export const memberDetailData: RouteData = ({ params }) => (params.id && /^[0-9a-f-]{36}$/i.test(params.id) ? [memberQueryOptions(params.id)] : []);

/** /dashboard/me's and /dashboard/me/trainer's loader (role member only: staff would be refused). */
export const myMembershipData: RouteData = ({ user }) => (user.role === 'member' ? [myMembershipQueryOptions()] : []);

/** /dashboard/me/progress's loader. */
export const myProgressData: RouteData = ({ user }) => (user.role === 'member' ? [myMeasurementsQueryOptions()] : []);
