import { MembershipStatus, MembershipType } from '@akhada/contracts';
import { currentLocationId } from '../../../lib/current-location';
import type { MemberListParams } from '../../../lib/query-keys/members';
import type { RouteData } from '../../../lib/routing/route-data';
import { memberQueryOptions } from '../api/get-member';
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

/** The list request for an address and a location: what the members page shows and its loader starts. */
export function memberListParams(params: URLSearchParams, locationId: string | null): MemberListParams {
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

/** /dashboard/members's loader. */
export const membersData: RouteData = ({ search, user }) => [membersQueryOptions(memberListParams(search, currentLocationId(user)))];

/** /dashboard/members/:id's loader. */
export const memberDetailData: RouteData = ({ params }) => (params.id && /^[0-9a-f-]{36}$/i.test(params.id) ? [memberQueryOptions(params.id)] : []);
