import { memberRoutes, type MembershipStatus } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

export const DASHBOARD_REFRESH_MS = 5 * 60 * 1000;

/** GET /api/members?limit=1 → totalCount: how many members match, without loading them. */
export async function getMemberTotal(p: { locationId: string | null; status?: MembershipStatus }, signal?: AbortSignal) {
  const json = await callRoute(memberRoutes.list, { query: { page: 1, limit: 1, locationId: p.locationId ?? undefined, status: p.status }, signal });
  return parseResponse(memberRoutes.list.responses[200], json, 'GET /members').totalCount;
}

export const memberTotalQueryOptions = (p: { locationId: string | null; status?: MembershipStatus }) =>
  queryOptions({
    // Under ['members'] so adding a member refreshes it too.
    queryKey: ['members', 'total', p] as const,
    queryFn: ({ signal }) => getMemberTotal(p, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export function useMemberTotal(p: { locationId: string | null; status?: MembershipStatus }, enabled: boolean) {
  return useQuery({ ...memberTotalQueryOptions(p), enabled });
}
