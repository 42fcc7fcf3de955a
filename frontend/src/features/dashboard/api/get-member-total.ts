import { memberRoutes } from '@akhada/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys, type MemberTotalParams } from '../../../lib/query-keys/members';

/** The dashboard reloads its figures every 5 minutes. */
export const DASHBOARD_REFRESH_MS = 5 * 60 * 1000;

/** GET /api/members?limit=1 → totalCount: how many members match, without loading them. */
export async function getMemberTotal(p: MemberTotalParams, signal?: AbortSignal) {
  const json = await callRoute(memberRoutes.list, { query: { page: 1, limit: 1, locationId: p.locationId ?? undefined, status: p.status }, signal });
  return parseResponse(memberRoutes.list.responses[200], json, 'GET /members').totalCount;
}

export const memberTotalQueryOptions = (p: MemberTotalParams) =>
  queryOptions({
    queryKey: memberKeys.total(p),
    queryFn: ({ signal }) => getMemberTotal(p, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
