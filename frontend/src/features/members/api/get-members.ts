import { memberRoutes } from '@akhada/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys, type MemberListParams } from '../../../lib/query-keys/members';

/** Members are loaded 50 at a time. */
export const MEMBERS_PAGE_SIZE = 50;

/** GET /api/members?search&status&membershipType&locationId&page&limit */
export async function getMembers(p: MemberListParams, signal?: AbortSignal) {
  const json = await callRoute(memberRoutes.list, { query: { ...p }, signal });
  return parseResponse(memberRoutes.list.responses[200], json, 'GET /members');
}

export const membersQueryOptions = (p: MemberListParams) =>
  queryOptions({
    queryKey: memberKeys.list(p),
    queryFn: ({ signal }) => getMembers(p, signal),
  });

export function useMembers(p: MemberListParams, enabled = true) {
  return useQuery({ ...membersQueryOptions(p), placeholderData: keepPreviousData, enabled });
}
